import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { hashPassword } from "../../server/modules/auth/password/password";
import { createSession } from "../../server/modules/auth/session.internal";
import { en } from "../../shared/i18n/en";
import { createTestApp } from "../setup/app";
import { ORIGIN, oauthFixture } from "./oauth.fixture";

// Sign-in with Google (spec 01 §5, §7): the access token is checked at the (mock) userinfo
// endpoint, then the account is found by identity or e-mail, or created. Firebase is in
// oauth-firebase.test.ts.

const fx = oauthFixture();

describe("POST /auth/signin_with_google", () => {
  it("creates a verified account without a company in the request's language and signs it in", async () => {
    const token = fx.googleAccount({ sub: "google-new", email: "hanako@example.jp", name: "Hanako Yamada" });
    const res = await fx.signInWithGoogle({ googleAccessToken: token }, { "x-lang": "ja" });
    expect(res.statusCode).toBe(200);
    expect(fx.seen.authorization).toBe(`Bearer ${token}`);
    expect(res.json()).toMatchObject({
      account: { email: "hanako@example.jp", displayName: "Hanako Yamada", isEmailVerified: true },
      session: { isMultiFactorVerified: false },
      created: true,
    });
    const [user] = await fx.usersWithEmail("hanako@example.jp");
    expect(user).toMatchObject({
      nickname: "Hanako Yamada",
      language: "ja",
      isEmailVerified: true,
      passwordHash: null,
      companyId: null,
      // Schedule e-mails reach a new account without a visit to the settings first.
      notificationEmail: "hanako@example.jp",
    });
    expect(await fx.identitiesOf(user!.id)).toMatchObject([
      { provider: "google", subject: "google-new", email: "hanako@example.jp" },
    ]);

    const me = await fx.t().app.inject({
      method: "GET",
      url: "/auth/me",
      headers: { cookie: fx.sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ account: { id: user!.id } });
  });

  it("names a new account after the e-mail's local part when Google gives no name", async () => {
    const res = await fx.signInWithGoogle({
      googleAccessToken: fx.googleAccount({ email: "no.name@example.com" }),
    });
    expect(res.statusCode).toBe(200);
    expect((await fx.usersWithEmail("no.name@example.com"))[0]?.nickname).toBe("no.name");
  });

  it("links an existing account found by e-mail, case-insensitively", async () => {
    const existing = await fx.f().user({
      email: "Taro.Link@Example.com",
      passwordHash: await hashPassword("Secret12345"),
    });
    const token = fx.googleAccount({ sub: "google-taro", email: "taro.link@example.com", name: "Taro" });
    const res = await fx.signInWithGoogle({ googleAccessToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: { id: existing.id }, created: false });
    expect(await fx.identitiesOf(existing.id)).toMatchObject([
      { provider: "google", subject: "google-taro" },
    ]);
    // A verified account keeps its password and name.
    const [row] = await fx.t().database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.passwordHash).toBe(existing.passwordHash);
    expect(row?.nickname).toBe(existing.nickname);
  });

  it("takes over an unverified account: drops the password and sessions of whoever registered it", async () => {
    const squatter = await fx.f().user({
      email: "victim@example.com",
      isEmailVerified: false,
      passwordHash: await hashPassword("Squatter12345"),
    });
    const { session } = await createSession(fx.t().database.db, fx.clock, squatter.id);
    const res = await fx.signInWithGoogle({
      googleAccessToken: fx.googleAccount({ sub: "google-victim", email: "victim@example.com" }),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await fx.t().database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ isEmailVerified: true, passwordHash: null });
    const left = await fx.t().database.db.select().from(sessions).where(eq(sessions.userId, squatter.id));
    expect(left.map((s) => s.id)).not.toContain(session.id);
    expect(left).toHaveLength(1); // the one just issued
  });

  it("reuses the linked identity even when the Google address has changed", async () => {
    const first = await fx.signInWithGoogle({
      googleAccessToken: fx.googleAccount({ sub: "google-stable", email: "old.address@example.com" }),
    });
    const userId = first.json().account.id as string;
    const second = await fx.signInWithGoogle({
      googleAccessToken: fx.googleAccount({ sub: "google-stable", email: "new.address@example.com" }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ account: { id: userId }, created: false });
    expect(fx.sessionCookie(second)).not.toBe(fx.sessionCookie(first));
    expect(await fx.usersWithEmail("new.address@example.com")).toHaveLength(0);
    expect(await fx.identitiesOf(userId)).toHaveLength(1);
  });

  it("replaces the session of a browser that was already signed in", async () => {
    const token = fx.googleAccount({ email: "again@example.com" });
    const first = await fx.signInWithGoogle({ googleAccessToken: token });
    const cookie = fx.sessionCookie(first);
    const second = await fx.signInWithGoogle({ googleAccessToken: token }, { cookie, origin: ORIGIN });
    expect(second.statusCode).toBe(200);
    const stale = await fx.t().app.inject({ method: "GET", url: "/auth/me", headers: { cookie } });
    expect(stale.statusCode).toBe(401);
  });

  it("checks the invited e-mail case-insensitively, with the spec's message on a mismatch", async () => {
    const token = fx.googleAccount({ email: "guest.person@example.com" });
    const res = await fx.signInWithGoogle({ googleAccessToken: token, invitedEmail: "invited@example.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      code: "GOOGLE_EMAIL_MISMATCH",
      message:
        "The email you're signing in with (guest.person@example.com) doesn't match the invited email (invited@example.com). Please use the correct Google account.",
    });
    expect(await fx.usersWithEmail("guest.person@example.com")).toHaveLength(0);

    const ok = await fx.signInWithGoogle({
      googleAccessToken: token,
      invitedEmail: " Guest.Person@Example.COM ",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a Google address Google has not verified", async () => {
    const token = fx.googleAccount({ email: "unverified@example.com", email_verified: false });
    const res = await fx.signInWithGoogle({ googleAccessToken: token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "THIRD_PARTY_EMAIL_NOT_VERIFIED",
      message: en.errors.THIRD_PARTY_EMAIL_NOT_VERIFIED,
    });
    expect(await fx.usersWithEmail("unverified@example.com")).toHaveLength(0);
  });

  it("refuses an access token Google does not accept, and a missing one", async () => {
    const res = await fx.signInWithGoogle({ googleAccessToken: "ya29.revoked" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: "THIRD_PARTY_TOKEN_INVALID",
      message: en.errors.THIRD_PARTY_TOKEN_INVALID,
    });
    expect(res.cookies).toHaveLength(0);
    const missing = await fx.signInWithGoogle({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refuses an access token Google issued to another app, before any account is touched", async () => {
    const existing = await fx.f().user({ email: "target.user@example.com" });
    const before = fx.seen.tokeninfo;
    const token = fx.googleAccount(
      { sub: "google-target", email: "target.user@example.com" },
      "another-app.apps.googleusercontent.com",
    );
    const res = await fx.signInWithGoogle({ googleAccessToken: token });
    expect(fx.seen.tokeninfo).toBe(before + 1);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: true,
      code: "THIRD_PARTY_TOKEN_INVALID",
      message: en.errors.THIRD_PARTY_TOKEN_INVALID,
    });
    expect(res.cookies).toHaveLength(0);
    expect(await fx.identitiesOf(existing.id)).toHaveLength(0);
  });

  it("answers 'not available' (a 4xx the console shows, not a retried 5xx) without a client id", async () => {
    const { GOOGLE_CLIENT_ID: _unset, ...env } = fx.providerEnv();
    const bare = await createTestApp({ clock: fx.clock, env });
    try {
      const res = await bare.app.inject({
        method: "POST",
        url: "/auth/signin_with_google",
        payload: { googleAccessToken: fx.googleAccount({ email: "no.client@example.com" }) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "THIRD_PARTY_NOT_CONFIGURED",
        message: en.errors.THIRD_PARTY_NOT_CONFIGURED,
      });
      expect(await fx.usersWithEmail("no.client@example.com")).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it("gives an account with MFA a session that must still pass it", async () => {
    const user = await fx.f().user({
      email: "mfa.google@example.com",
      isMultiFactorEnabled: true,
      totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    });
    const res = await fx.signInWithGoogle({
      googleAccessToken: fx.googleAccount({ email: "mfa.google@example.com" }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: { id: user.id, isMultiFactorEnabled: true },
      session: { isMultiFactorVerified: false },
    });
    const cookie = fx.sessionCookie(res);
    const [session] = await fx.t().database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.isMultiFactorVerified).toBe(false);
    const gated = await fx.t().app.inject({
      method: "POST",
      url: "/trpc/account.update",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      payload: { nickname: "Changed" },
    });
    expect(gated.json()).toMatchObject({ error: { data: { appCode: "MFA_REQUIRED" } } });
  });
});
