import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import { invitations, invitationTeams, teamGuestUsers, users } from "../../server/db/schema";
import { hashToken, secureRandomString } from "../../server/modules/auth/tokens";
import { ROLE_IDS } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { Client, STRONG_PASSWORD } from "./auth-client";
import { oauthFixture } from "./oauth.fixture";

// Decision 0061: invitations are not only redeemed at sign-up. Someone who signs in with
// Google (or already has an account without a company) accepts the invitation sent to their
// address, from its link or from the pending list; a guest reaches their guest team; and a later
// password sign-up with the link says to sign in instead of refusing without a way on.

const fx = oauthFixture();
let seq = 0;

async function memberInvitation(email: string, options: { expired?: boolean } = {}) {
  const { company, team } = await fx.f().companyWith("ADMIN");
  const token = secureRandomString();
  const now = fx.clock.now().getTime();
  const [invitation] = await fx
    .t()
    .database.db.insert(invitations)
    .values({
      companyId: company.id,
      email,
      roleId: ROLE_IDS.MANAGER,
      invitationTokenHash: hashToken(token),
      invitationExpireAt: new Date(now + (options.expired ? -1 : 7) * DAY_MS),
    })
    .returning();
  await fx.t().database.db.insert(invitationTeams).values({ invitationId: invitation!.id, teamId: team.id });
  return { company, team, token, invitation: invitation! };
}

async function guestInvitation(email: string) {
  const { company, team } = await fx.f().companyWith("ADMIN", { company: { isConnectEnabled: true } });
  const token = secureRandomString();
  const [guest] = await fx
    .t()
    .database.db.insert(teamGuestUsers)
    .values({ companyId: company.id, teamId: team.id, email, invitationTokenHash: hashToken(token) })
    .returning();
  return { company, team, token, guest: guest! };
}

/** A browser signed in with a Google account for `email` (created on first sign-in). */
async function googleClient(email: string) {
  const client = new Client(fx.t().app, { ip: `127.9.0.${++seq}` });
  const res = await client.post("/auth/signin_with_google", {
    googleAccessToken: fx.googleAccount({ sub: `inv-${seq}`, email }),
  });
  expect(res.statusCode).toBe(200);
  return client;
}

const uniqueEmail = (name: string) => `${name}.${++seq}@invitee.example`;

describe("a member invitation accepted after Google sign-in", () => {
  it("is listed for the account without a company and joins company, role and teams", async () => {
    const email = uniqueEmail("listed");
    const { company, team, invitation } = await memberInvitation(email);
    const invitee = await googleClient(email);
    expect((await invitee.query("account.viewer")).data.company).toBeNull();

    const pending = await invitee.query("invitations.pending");
    expect(pending.data).toEqual([
      {
        id: invitation.id,
        companyName: company.companyName,
        role: "MANAGER",
        invitationExpireAt: invitation.invitationExpireAt.toISOString(),
      },
    ]);
    const accepted = await invitee.mutate("invitations.acceptPending", { invitationId: invitation.id });
    expect(accepted.data).toEqual({ kind: "member", companyId: company.id, teamIds: [team.id] });

    expect((await invitee.query("account.viewer")).data).toMatchObject({
      role: "MANAGER",
      company: { id: company.id },
      teams: [{ id: team.id }],
    });
    const [row] = await fx
      .t()
      .database.db.select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(row?.invitationStatus).toBe("JOINED");
    expect((await invitee.query("invitations.pending")).data).toEqual([]);
  });

  it("is accepted from its link once, by the invited address only", async () => {
    const email = uniqueEmail("link");
    const { company, token } = await memberInvitation(email);
    const stranger = await googleClient(uniqueEmail("stranger"));
    const refused = await stranger.mutate("invitations.accept", { invitationToken: token });
    expect(refused.error?.data.appCode).toBe("INVITATION_EMAIL_MISMATCH");

    const invitee = await googleClient(email.toUpperCase());
    const accepted = await invitee.mutate("invitations.accept", { invitationToken: token });
    expect(accepted.data).toMatchObject({ kind: "member", companyId: company.id });
    const again = await invitee.mutate("invitations.accept", { invitationToken: token });
    expect(again.error?.message).toBe(en.errors.INVITATION_NOT_FOUND);
  });

  it("does not take another person's invitation by id, an expired one, or move a member", async () => {
    const email = uniqueEmail("owner");
    const { invitation } = await memberInvitation(email);
    const other = await googleClient(uniqueEmail("other"));
    expect((await other.query("invitations.pending")).data).toEqual([]);
    const taken = await other.mutate("invitations.acceptPending", { invitationId: invitation.id });
    expect(taken.error?.data.appCode).toBe("INVITATION_NOT_FOUND");

    const lateEmail = uniqueEmail("late");
    const expired = await memberInvitation(lateEmail, { expired: true });
    const late = await googleClient(lateEmail);
    expect((await late.query("invitations.pending")).data).toEqual([]);
    const lateAccept = await late.mutate("invitations.acceptPending", {
      invitationId: expired.invitation.id,
    });
    expect(lateAccept.error?.message).toBe(en.errors.INVITATION_EXPIRED);

    const memberEmail = uniqueEmail("member");
    const { company } = await fx.f().companyWith("ADMIN");
    await fx.f().user({ email: memberEmail, companyId: company.id, role: "OPERATOR" });
    const second = await memberInvitation(memberEmail);
    const member = await googleClient(memberEmail);
    expect((await member.query("invitations.pending")).data).toEqual([]);
    const moved = await member.mutate("invitations.accept", { invitationToken: second.token });
    expect(moved.error?.message).toBe(en.errors.INVITATION_HAS_COMPANY);
    const [row] = await fx.t().database.db.select().from(users).where(eq(users.email, memberEmail));
    expect(row?.companyId).toBe(company.id);
  });
});

describe("a later password sign-up with the link", () => {
  it("tells an existing account to sign in and accept, and sets no password", async () => {
    const email = uniqueEmail("google.first");
    const { token } = await memberInvitation(email);
    await googleClient(email);
    const visitor = new Client(fx.t().app, { ip: `127.9.1.${++seq}` });
    const res = await visitor.post("/auth/signup", {
      displayName: "Later Password",
      email,
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: true,
      code: "INVITATION_SIGN_IN_TO_ACCEPT",
      message: `An account for ${email} already exists. Please sign in to it to accept the invitation.`,
    });
    expect(res.cookies).toHaveLength(0);
    const [row] = await fx.usersWithEmail(email);
    expect(row).toMatchObject({ passwordHash: null, companyId: null });
  });
});

describe("a guest invitation accepted after Google sign-in", () => {
  it("links the account to the team, which the switcher then offers", async () => {
    const email = uniqueEmail("partner");
    const { company, team, token, guest } = await guestInvitation(email);
    const invitee = await googleClient(email);
    const accepted = await invitee.mutate("invitations.accept", { invitationToken: token });
    expect(accepted.data).toEqual({ kind: "guest", companyId: company.id, teamId: team.id });
    const [row] = await fx
      .t()
      .database.db.select()
      .from(teamGuestUsers)
      .where(eq(teamGuestUsers.id, guest.id));
    const [user] = await fx.usersWithEmail(email);
    expect(row?.userId).toBe(user?.id);
    const offer = await invitee.query("teams.switcher");
    expect(offer.data.guestCompanies).toEqual([
      { companyId: company.id, companyName: company.companyName, teams: [{ id: team.id, name: team.name }] },
    ]);
    // Accepting twice is harmless; another account cannot take the linked row.
    expect((await invitee.mutate("invitations.accept", { invitationToken: token })).error).toBeUndefined();
  });
});
