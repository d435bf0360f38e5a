import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { en } from "../../../shared/i18n/en";
import { InviteUsersInput } from "../../../shared/schemas/invitations";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { DAY_MS, TestClock } from "../../core/clock";
import { invitations, outboundEmails, teamMembers, users } from "../../db/schema";
import {
  acceptInvitation,
  deleteInvitation,
  getInvitationByToken,
  inviteUsers,
  listInvitations,
  resendInvitation,
} from "./invitations.service";

const t = setupDatabase();
const meta = { appUrl: "https://app.tracking.example" };
const clock = () => new TestClock("2026-01-15T00:00:00Z");

/** An Admin of a company whose work e-mail domain is `domain`. */
async function adminAt(domain: string, maxMembers = 5) {
  const made = await t.f.companyWith("ADMIN", { company: { workEmail: `owner@${domain}` } });
  if (maxMembers !== 5) {
    await t.f.contract(made.company.id, { plan: "STANDARD", maxMembers });
  }
  return made;
}

async function tokenSentTo(email: string) {
  const rows = await t.db.select().from(outboundEmails).orderBy(asc(outboundEmails.createdAt), sql`ctid`);
  const mail = rows.filter((r) => r.to.includes(email)).at(-1);
  const match = mail?.text.match(/\/app\/auth\/signup\/([a-z0-9]+)/);
  if (!match?.[1]) throw new Error(`no invitation link sent to ${email}`);
  return match[1];
}

const input = (emails: string, role: keyof typeof ROLE_IDS, teamIds: string[] = []) =>
  InviteUsersInput.parse({ emails, roleId: ROLE_IDS[role], teamIds });

describe("inviting", () => {
  it("invites several addresses with a role and teams, each with its own link", async () => {
    const { team, user: admin } = await adminAt("acme.example");
    const ctx = contextFor(t.db, admin, { clock: clock() });
    const created = await inviteUsers(
      ctx,
      input("a@acme.example, b@acme.example\nc@acme.example", "OPERATOR", [team.id]),
      meta,
    );
    expect(created.map((c) => c.email)).toEqual(["a@acme.example", "b@acme.example", "c@acme.example"]);
    const tokens = await Promise.all(created.map((c) => tokenSentTo(c.email)));
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token.length).not.toBe(32);
    const listed = await listInvitations(ctx);
    expect(listed.every((i) => i.teams.length === 1 && i.teams[0]?.id === team.id)).toBe(true);
    expect(listed.map((i) => [i.email, i.role, i.displayStatus])).toEqual([
      ["a@acme.example", "OPERATOR", "PENDING"],
      ["b@acme.example", "OPERATOR", "PENDING"],
      ["c@acme.example", "OPERATOR", "PENDING"],
    ]);
  });

  it("refuses addresses outside the company's domains, naming the first and the allowed ones", async () => {
    const { user: admin } = await adminAt("forwarder.example");
    await expect(
      inviteUsers(
        contextFor(t.db, admin),
        input("ok@forwarder.example outsider@gmail.example", "ADMIN"),
        meta,
      ),
    ).rejects.toMatchObject({
      code: "INVITATION_DOMAIN_NOT_ALLOWED",
      params: { email: "outsider@gmail.example", domains: "forwarder.example" },
    });
  });

  it("refuses people who already belong to a company", async () => {
    const { company, user: admin } = await adminAt("busy.example");
    const member = await t.f.user({ companyId: company.id, email: "member@busy.example" });
    await expect(
      inviteUsers(contextFor(t.db, admin), input(member.email, "ADMIN"), meta),
    ).rejects.toMatchObject({
      code: "ALREADY_MEMBER",
    });
  });

  it("refuses another company's member without saying why, and sends nothing (decision 0065)", async () => {
    const { user: admin } = await adminAt("shared-domain.example");
    const rival = await t.f.companyWith("OPERATOR", { company: { workEmail: "boss@elsewhere.example" } });
    const theirs = await t.f.user({ companyId: rival.company.id, email: "taken@shared-domain.example" });
    const err = await inviteUsers(contextFor(t.db, admin), input(theirs.email, "ADMIN"), meta).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: "INVITATION_NOT_POSSIBLE", params: { email: theirs.email } });
    expect(en.errors.INVITATION_NOT_POSSIBLE).not.toMatch(/member|company|already/i);
    const sent = await t.db
      .select()
      .from(outboundEmails)
      .where(sql`${theirs.email} = any(${outboundEmails.to})`);
    expect(sent).toHaveLength(0);
    const open = await t.db.select().from(invitations).where(eq(invitations.email, theirs.email));
    expect(open).toHaveLength(0);
  });

  it("refuses invitations past the contract's member limit, counting open invitations", async () => {
    const { user: admin } = await adminAt("small.example", 3);
    const ctx = contextFor(t.db, admin, { clock: clock() });
    await inviteUsers(ctx, input("one@small.example", "ADMIN"), meta);
    await expect(
      inviteUsers(ctx, input("two@small.example three@small.example", "ADMIN"), meta),
    ).rejects.toMatchObject({
      code: "MEMBER_LIMIT_REACHED",
    });
    await inviteUsers(ctx, input("two@small.example", "ADMIN"), meta);
    // Re-inviting an address that already holds a seat takes no new one.
    await inviteUsers(ctx, input("one@small.example", "MANAGER"), meta);
  });

  it("is for Admins only", async () => {
    const { user: manager } = await t.f.companyWith("MANAGER");
    await expect(
      inviteUsers(contextFor(t.db, manager), input("x@example.com", "ADMIN"), meta),
    ).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});

describe("pending invitations", () => {
  it("shows Expired after the expiry date; resend renews it and voids the old link", async () => {
    const { user: admin } = await adminAt("renew.example");
    const time = clock();
    const ctx = contextFor(t.db, admin, { clock: time });
    await inviteUsers(ctx, input("late@renew.example", "ADMIN"), meta);
    const oldToken = await tokenSentTo("late@renew.example");
    time.advance(8 * DAY_MS);
    expect((await listInvitations(ctx))[0]?.displayStatus).toBe("EXPIRED");
    await expect(getInvitationByToken(ctx, oldToken)).rejects.toMatchObject({ code: "INVITATION_EXPIRED" });
    await resendInvitation(ctx, { email: "LATE@renew.example" }, meta);
    const newToken = await tokenSentTo("late@renew.example");
    expect(newToken).not.toBe(oldToken);
    expect((await listInvitations(ctx))[0]?.displayStatus).toBe("PENDING");
    await expect(getInvitationByToken(ctx, oldToken)).rejects.toMatchObject({ code: "INVITATION_NOT_FOUND" });
    expect(await getInvitationByToken(ctx, newToken)).toMatchObject({
      email: "late@renew.example",
      role: "ADMIN",
    });
  });

  it("answers legacy and unknown links with their own messages", async () => {
    const { user: admin } = await adminAt("links.example");
    const ctx = contextFor(t.db, admin);
    await expect(getInvitationByToken(ctx, "a".repeat(32))).rejects.toMatchObject({
      code: "INVITATION_LEGACY",
    });
    await expect(getInvitationByToken(ctx, "b".repeat(40))).rejects.toMatchObject({
      code: "INVITATION_NOT_FOUND",
    });
  });

  it("resends and deletes only INVITED invitations, and hides JOINED ones", async () => {
    const { team, user: admin } = await adminAt("joined.example");
    const ctx = contextFor(t.db, admin, { clock: clock() });
    const [created] = await inviteUsers(ctx, input("new@joined.example", "READONLY", [team.id]), meta);
    const token = await tokenSentTo("new@joined.example");
    const invitee = await t.f.user({ email: "new@joined.example" });
    await acceptInvitation(contextFor(t.db, invitee, { clock: clock() }), token, invitee);
    expect(await listInvitations(ctx)).toEqual([]);
    await expect(resendInvitation(ctx, { email: "new@joined.example" }, meta)).rejects.toMatchObject({
      code: "INVITATION_NOT_PENDING",
    });
    await expect(deleteInvitation(ctx, { invitationId: created!.id })).rejects.toMatchObject({
      code: "INVITATION_NOT_PENDING",
    });
  });

  it("deletes an open invitation so its link stops working", async () => {
    const { user: admin } = await adminAt("gone.example");
    const ctx = contextFor(t.db, admin);
    const [created] = await inviteUsers(ctx, input("gone@gone.example", "ADMIN"), meta);
    const token = await tokenSentTo("gone@gone.example");
    await deleteInvitation(ctx, { invitationId: created!.id });
    await expect(getInvitationByToken(ctx, token)).rejects.toMatchObject({ code: "INVITATION_NOT_FOUND" });
  });
});

describe("accepting", () => {
  it("joins the company with the invited role and teams, once", async () => {
    const { company, team, user: admin } = await adminAt("accept.example");
    await inviteUsers(
      contextFor(t.db, admin, { clock: clock() }),
      input("op@accept.example", "OPERATOR", [team.id]),
      meta,
    );
    const token = await tokenSentTo("op@accept.example");
    const invitee = await t.f.user({ email: "Op@Accept.example" });
    const ctx = contextFor(t.db, invitee, { clock: clock() });
    await acceptInvitation(ctx, token, invitee);
    const [joined] = await t.db.select().from(users).where(eq(users.id, invitee.id));
    expect(joined).toMatchObject({ companyId: company.id, roleId: ROLE_IDS.OPERATOR });
    expect(await t.db.$count(teamMembers, eq(teamMembers.userId, invitee.id))).toBe(1);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, "op@accept.example"));
    expect(row?.invitationStatus).toBe("JOINED");
    await expect(acceptInvitation(ctx, token, invitee)).rejects.toMatchObject({
      code: "INVITATION_NOT_FOUND",
    });
  });

  it("refuses another e-mail address, naming the invited one", async () => {
    const { user: admin } = await adminAt("mismatch.example");
    await inviteUsers(contextFor(t.db, admin), input("right@mismatch.example", "ADMIN"), meta);
    const token = await tokenSentTo("right@mismatch.example");
    const someoneElse = await t.f.user({ email: "wrong@mismatch.example" });
    await expect(acceptInvitation(contextFor(t.db, someoneElse), token, someoneElse)).rejects.toMatchObject({
      code: "INVITATION_EMAIL_MISMATCH",
      params: { email: "right@mismatch.example" },
    });
  });
});
