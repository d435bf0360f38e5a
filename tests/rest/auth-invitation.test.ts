import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, TestClock } from "../../server/core/clock";
import { ROLE_IDS } from "../../shared/enums";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, lastEmail, STRONG_PASSWORD, signInAs, tokenFrom } from "./auth-client";

// The invited-member and guest sign-up through the REST surface: an Admin invites, the invitee
// signs up from the e-mailed link with the invited address and lands in the company and team.

let t: TestApp;
let clock: TestClock;
let ipSeq = 0;
const client = (lang: "en" | "ja" = "en") => new Client(t.app, { ip: `127.7.0.${++ipSeq}`, lang });

beforeAll(async () => {
  clock = new TestClock("2026-01-15T00:00:00Z");
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function invite(domain: string, email: string, role: keyof typeof ROLE_IDS) {
  const f = factories(t.database.db, clock.now());
  const made = await f.companyWith("ADMIN", {
    company: { workEmail: `boss@${domain}`, isConnectEnabled: true },
  });
  const admin = await signInAs(client(), t.database.db, made.user);
  const res = await admin.mutate("invitations.invite", {
    emails: email,
    roleId: ROLE_IDS[role],
    teamIds: [made.team.id],
  });
  expect(res.error).toBeUndefined();
  const token = tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
  return { ...made, admin, token };
}

describe("invited sign-up", () => {
  it("shows the invitation, then signs up into the company, role and team, with the e-mail verified", async () => {
    const { company, team, token } = await invite("inv1.example", "op@inv1.example", "OPERATOR");
    const invitee = client();
    const view = await invitee.query("invitations.byToken", { invitationToken: token });
    expect(view.data).toMatchObject({ kind: "member", email: "op@inv1.example", role: "OPERATOR" });
    const res = await invitee.post("/auth/signup", {
      displayName: "New Operator",
      email: "OP@inv1.example",
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account.isEmailVerified).toBe(true);
    const viewer = await invitee.query("account.viewer");
    expect(viewer.data).toMatchObject({
      role: "OPERATOR",
      company: { id: company.id },
      teams: [{ id: team.id }],
    });
    const again = await client().query("invitations.byToken", { invitationToken: token });
    expect(again.error?.message).toBe("The invitation code is wrong. Please check URL.");
  });

  it("refuses another address with the spec's message, and makes no account", async () => {
    const { token } = await invite("inv2.example", "right@inv2.example", "ADMIN");
    const res = await client().post("/auth/signup", {
      displayName: "X",
      email: "someone.else@inv2.example",
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please use the email address that was invited (right@inv2.example)");
    const signin = await client().post("/auth/signin", {
      email: "someone.else@inv2.example",
      password: STRONG_PASSWORD,
    });
    expect(signin.statusCode).toBe(401);
  });

  it("answers legacy, unknown and expired links with the spec's messages, in Japanese too", async () => {
    const legacy = await client().query("invitations.byToken", { invitationToken: "x".repeat(32) });
    expect(legacy.error?.message).toBe("This invitation link is no longer valid");
    expect(legacy.status).toBe(404);
    const unknown = await client().query("invitations.byToken", { invitationToken: "y".repeat(40) });
    expect(unknown.error?.message).toBe("The invitation code is wrong. Please check URL.");
    const { token } = await invite("inv3.example", "late@inv3.example", "ADMIN");
    clock.advance(8 * DAY_MS);
    try {
      const expired = await client().query("invitations.byToken", { invitationToken: token });
      expect(expired.error?.message).toBe(
        "Invitation has expired. Please ask the administrator to re-invite you.",
      );
      const signup = await client("ja").post("/auth/signup", {
        displayName: "Late",
        email: "late@inv3.example",
        password: STRONG_PASSWORD,
        invitationToken: token,
      });
      expect(signup.statusCode).toBe(410);
      expect(signup.json().message).not.toBe(
        "Invitation has expired. Please ask the administrator to re-invite you.",
      );
    } finally {
      clock.advance(-8 * DAY_MS);
    }
  });
});

describe("guest sign-up", () => {
  it("links the new account to the team as its guest, without a company", async () => {
    const { admin, team } = await invite("inv4.example", "member@inv4.example", "ADMIN");
    const added = await admin.mutate("teams.addGuest", { teamId: team.id, email: "partner@outside.example" });
    expect(added.error).toBeUndefined();
    const mail = await lastEmail(t.database.db, "partner@outside.example");
    const token = tokenFrom(mail?.link ?? null);
    const guest = client();
    expect((await guest.query("invitations.byToken", { invitationToken: token })).data).toMatchObject({
      kind: "guest",
      teamName: team.name,
    });
    const res = await guest.post("/auth/signup", {
      displayName: "Partner",
      email: "partner@outside.example",
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(200);
    const offer = await guest.query("teams.switcher");
    expect(offer.data.guestCompanies[0].teams).toEqual([{ id: team.id, name: team.name }]);
    expect((await guest.query("account.viewer")).data.company).toBeNull();
  });
});
