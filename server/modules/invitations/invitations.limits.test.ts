import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { InviteUsersInput } from "../../../shared/schemas/invitations";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { DAY_MS, HOUR_MS, TestClock } from "../../core/clock";
import { contracts, invitations, outboundEmails, users } from "../../db/schema";
import { acceptInvitation, inviteUsers, resendInvitation } from "./invitations.service";

// Decisions 0051 and 0052: the seat limit holds under parallel invitations, on resend and at
// acceptance; invitation e-mails are limited per recipient and per company. Parallel calls are
// real: each runs its own transaction on its own connection of the test pool.

const t = setupDatabase();
const meta = { appUrl: "https://app.tracking.example" };
const START = "2026-01-15T00:00:00Z";

const input = (emails: string) => InviteUsersInput.parse({ emails, roleId: ROLE_IDS.ADMIN, teamIds: [] });

/** An Admin of a company at `domain` whose contract has `seats` seats. */
async function adminAt(domain: string, seats: number) {
  const made = await t.f.companyWith("ADMIN", { company: { workEmail: `owner@${domain}` } });
  await t.f.contract(made.company.id, { plan: "STANDARD", maxMembers: seats });
  return made;
}

async function openInvitations(companyId: string) {
  return t.db.$count(
    invitations,
    and(eq(invitations.companyId, companyId), eq(invitations.invitationStatus, "INVITED")),
  );
}

async function mailsTo(email: string) {
  const rows = await t.db.select({ to: outboundEmails.to }).from(outboundEmails);
  return rows.filter((r) => r.to.includes(email)).length;
}

async function tokenSentTo(email: string) {
  const rows = await t.db.select({ to: outboundEmails.to, text: outboundEmails.text }).from(outboundEmails);
  const match = rows
    .filter((r) => r.to.includes(email))
    .at(-1)
    ?.text.match(/\/app\/auth\/signup\/([a-z0-9]+)/);
  if (!match?.[1]) throw new Error(`no invitation sent to ${email}`);
  return match[1];
}

describe("the seat limit under concurrency", () => {
  it("parallel invitations to a company with one free seat: exactly one gets it", async () => {
    const { company, user: admin } = await adminAt("race.example", 2);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        inviteUsers(
          contextFor(t.db, admin, { clock: new TestClock(START) }),
          input(`p${i}@race.example`),
          meta,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "MEMBER_LIMIT_REACHED" });
    }
    expect(await openInvitations(company.id)).toBe(1);
  });

  it("resending an expired invitation takes a seat again, so a full company refuses it", async () => {
    const { company, user: admin } = await adminAt("expired.example", 2);
    const clock = new TestClock(START);
    const ctx = contextFor(t.db, admin, { clock });
    await inviteUsers(ctx, input("first@expired.example"), meta);
    clock.advance(8 * DAY_MS);
    // The first invitation expired and gave its seat back; this one takes it.
    await inviteUsers(ctx, input("second@expired.example"), meta);
    await expect(resendInvitation(ctx, { email: "first@expired.example" }, meta)).rejects.toMatchObject({
      code: "MEMBER_LIMIT_REACHED",
    });
    expect(await mailsTo("first@expired.example")).toBe(1);
    // An open invitation is renewed in its own seat.
    await resendInvitation(ctx, { email: "second@expired.example" }, meta);
    expect(await openInvitations(company.id)).toBe(2);
  });

  it("acceptance re-checks the seats: a company that filled up says so and keeps the invitation open", async () => {
    const { company, user: admin } = await adminAt("downgraded.example", 3);
    const clock = new TestClock(START);
    await inviteUsers(contextFor(t.db, admin, { clock }), input("late@downgraded.example"), meta);
    const token = await tokenSentTo("late@downgraded.example");
    // The company moved to a smaller contract after the invitation went out.
    await t.db
      .update(contracts)
      .set({ maxMembers: 1 })
      .where(and(eq(contracts.companyId, company.id), eq(contracts.plan, "STANDARD")));
    const invitee = await t.f.user({ email: "late@downgraded.example" });
    await expect(
      acceptInvitation(contextFor(t.db, invitee, { clock }), token, invitee),
    ).rejects.toMatchObject({
      code: "INVITATION_NO_SEAT",
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, invitee.id));
    expect(after?.companyId).toBeNull();
    expect(await openInvitations(company.id)).toBe(1);
  });

  it("parallel acceptances for the last seat: exactly one joins", async () => {
    const { company, user: admin } = await adminAt("lastseat.example", 3);
    const clock = new TestClock(START);
    await inviteUsers(
      contextFor(t.db, admin, { clock }),
      input("a@lastseat.example b@lastseat.example"),
      meta,
    );
    // Someone else took a seat in the meantime (here: added directly), leaving one.
    await t.f.user({ companyId: company.id, email: "other@lastseat.example" });
    const invitees = await Promise.all(
      ["a@lastseat.example", "b@lastseat.example"].map(async (email) => ({
        user: await t.f.user({ email }),
        token: await tokenSentTo(email),
      })),
    );
    const results = await Promise.allSettled(
      invitees.map(({ user, token }) => acceptInvitation(contextFor(t.db, user, { clock }), token, user)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "INVITATION_NO_SEAT" },
    });
    expect(await t.db.$count(users, eq(users.companyId, company.id))).toBe(3);
    expect(
      (await t.db.$count(users, and(isNull(users.companyId), eq(users.email, "a@lastseat.example")))) +
        (await t.db.$count(users, and(isNull(users.companyId), eq(users.email, "b@lastseat.example")))),
    ).toBe(1);
  });
});

describe("invitation e-mail limits", () => {
  it("one address gets at most five invitation e-mails a day, also from parallel resends", async () => {
    const { user: admin } = await adminAt("flood.example", 10);
    const clock = new TestClock(START);
    const ctx = contextFor(t.db, admin, { clock });
    await inviteUsers(ctx, input("victim@flood.example"), meta);
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, () =>
        resendInvitation(contextFor(t.db, admin, { clock }), { email: "victim@flood.example" }, meta),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "INVITATIONS_TO_ADDRESS_LIMITED", params: { email: "victim@flood.example" } },
    });
    expect(await mailsTo("victim@flood.example")).toBe(5);
    clock.advance(DAY_MS);
    await resendInvitation(ctx, { email: "victim@flood.example" }, meta);
    expect(await mailsTo("victim@flood.example")).toBe(6);
  });

  it("one company sends at most two hundred invitation e-mails an hour", async () => {
    const { user: admin } = await adminAt("bulk.example", 1000);
    const clock = new TestClock(START);
    const ctx = contextFor(t.db, admin, { clock });
    const batch = (from: number) =>
      input(Array.from({ length: 100 }, (_, i) => `u${from + i}@bulk.example`).join(" "));
    await inviteUsers(ctx, batch(0), meta);
    await inviteUsers(ctx, batch(100), meta);
    await expect(inviteUsers(ctx, input("one-more@bulk.example"), meta)).rejects.toMatchObject({
      code: "INVITATIONS_FROM_COMPANY_LIMITED",
      params: { minutes: 60 },
    });
    // A refused request counts nothing and sends nothing.
    expect(await mailsTo("one-more@bulk.example")).toBe(0);
    clock.advance(HOUR_MS);
    await inviteUsers(ctx, input("one-more@bulk.example"), meta);
    expect(await mailsTo("one-more@bulk.example")).toBe(1);
  });
});
