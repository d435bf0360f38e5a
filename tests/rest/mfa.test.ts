import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { lastEmail } from "./auth-client";
import { mfaFixture } from "./mfa.fixture";

// Multi-factor set-up, enabling and disabling through the real app (spec 01 §2, §5, §7; spec 02
// account settings; decision 0063). Verification, replay and lockout are in mfa-verify.test.ts.

const fx = mfaFixture();
const MINUTE = 60_000;

describe("set-up: POST /auth/multi_factor_setup", () => {
  it("answers a PNG QR code, the 160-bit key and its otpauth URI, and keeps the key pending", async () => {
    const user = await fx.f().user({ email: "Enrol.Me@example.com" });
    const { cookie } = await fx.signedIn(user);
    const res = await fx.setUp(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json() as { data: string; secret: string; uri: string };
    expect(body.data.startsWith("data:image/png;base64,")).toBe(true);
    expect(Buffer.from(body.data.split(",")[1]!, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Tracking:Enrol.Me@example.com");
    expect(uri.searchParams.get("secret")).toBe(body.secret);
    expect(uri.searchParams.get("issuer")).toBe("Tracking");

    const row = await fx.userRow(user.id);
    expect(row.totpSecret).toBe(body.secret);
    expect(row.isMultiFactorEnabled).toBe(false);

    const again = (await fx.setUp(cookie)).json() as { secret: string };
    expect(again.secret).not.toBe(body.secret);
    expect((await fx.userRow(user.id)).totpSecret).toBe(again.secret);
  });

  it("is refused without a session, with an unverified e-mail, and once MFA is on", async () => {
    const anonymous = await fx
      .t()
      .app.inject({ method: "POST", url: "/auth/multi_factor_setup", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: true, code: "UNAUTHENTICATED" });

    const unverified = await fx.signedIn(await fx.f().user({ isEmailVerified: false }));
    const res = await fx.setUp(unverified.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: en.errors.EMAIL_NOT_VERIFIED });

    const { user } = await fx.mfaUser();
    const verified = await fx.signedIn(user, { mfaVerified: true });
    const enabled = await fx.setUp(verified.cookie);
    expect(enabled.statusCode).toBe(409);
    expect(enabled.json()).toMatchObject({
      code: "MFA_ALREADY_ENABLED",
      message: en.errors.MFA_ALREADY_ENABLED,
    });
  });

  it("needs the current password from a session that signed in over 10 minutes ago (decision 0063)", async () => {
    const user = await fx.f().user();
    await fx.withPassword(user, "Current-Pass-123");
    const stale = await fx.signedIn(user);
    fx.clock.advance(10 * MINUTE + 1000);

    const bare = await fx.setUp(stale.cookie);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({
      error: true,
      code: "RECENT_SIGN_IN_REQUIRED",
      message: en.errors.RECENT_SIGN_IN_REQUIRED,
    });
    const wrong = await fx.setUp(stale.cookie, { currentPassword: "Not-The-Pass-1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "WRONG_CURRENT_PASSWORD" });
    expect((await fx.userRow(user.id)).totpSecret).toBeNull();

    // The password is a sign-in: the session is replaced by a new one, and what follows (reading the
    // key, enabling) needs no password again.
    const proven = await fx.setUp(stale.cookie, { currentPassword: "Current-Pass-123" });
    expect(proven.statusCode).toBe(200);
    const { secret } = proven.json() as { secret: string };
    const fresh = fx.cookieFrom(proven);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(stale.cookie);
    expect(await fx.sessionRow(stale.sessionId)).toBeUndefined();
    expect((await fx.getQrCode(fresh!)).json()).toMatchObject({ secret });
    const enabled = await fx.post("enable_multi_factor_authentication", fresh!, {
      totpCode: await fx.codeAt(secret),
    });
    expect(enabled.statusCode).toBe(200);
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(true);
  });
});

describe("GET /auth/multi_factor_qrcode draws a pending key when there is none and never replaces one", () => {
  it("draws the key on the first call (a client following the spec calls it first), the same key after", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    const first = await fx.getQrCode(cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const { secret } = first.json() as { secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.json()).toMatchObject({ data: expect.stringMatching(/^data:image\/png;base64,/) });
    for (let i = 0; i < 2; i++) expect((await fx.getQrCode(cookie)).json()).toMatchObject({ secret });
    const row = await fx.userRow(user.id);
    expect(row.totpSecret).toBe(secret);
    expect(row.isMultiFactorEnabled).toBe(false);

    // Enabling still needs the app's code.
    const wrong = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: "000000" });
    expect(wrong.statusCode).toBe(400);
    const enabled = await fx.post("enable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(enabled.statusCode).toBe(200);
  });

  it("answers parallel first calls with one key", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fx.getQrCode(cookie)));
    const secrets = new Set(answers.map((a) => (a.json() as { secret: string }).secret));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(secrets.size).toBe(1);
    expect((await fx.userRow(user.id)).totpSecret).toBe([...secrets][0]);
  });

  it("returns the key set up and never rewrites it, even on a cross-site navigation", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };
    // A cross-site navigation to the GET (the session cookie is SameSite=Lax) changes nothing.
    const crossSite = await fx.t().app.inject({
      method: "GET",
      url: "/auth/multi_factor_qrcode",
      headers: { cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(crossSite.json()).toMatchObject({ secret });
    for (let i = 0; i < 2; i++) {
      const read = await fx.getQrCode(cookie);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ secret, data: expect.stringMatching(/^data:image\/png;base64,/) });
    }
    const row = await fx.userRow(user.id);
    expect(row.totpSecret).toBe(secret);
    expect(row.isMultiFactorEnabled).toBe(false);
  });

  it("shows the key only to a session that signed in recently", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    await fx.setUp(cookie);
    const other = await fx.signedIn(user);
    fx.clock.advance(10 * MINUTE + 1000);
    const res = await fx.getQrCode(other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    expect(res.body).not.toContain((await fx.userRow(user.id)).totpSecret);
  });
});

describe("POST /auth/enable_multi_factor_authentication", () => {
  it("turns MFA on with a valid code and marks the session that proved it", async () => {
    const user = await fx.f().user();
    const { cookie, sessionId } = await fx.signedIn(user);
    const other = await fx.signedIn(user);
    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };

    const res = await fx.post("enable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    const row = await fx.userRow(user.id);
    expect(row.isMultiFactorEnabled).toBe(true);
    expect(row.totpSecret).toBe(secret);
    expect((await fx.sessionRow(sessionId))?.isMultiFactorVerified).toBe(true);
    const me = await fx.getMe(cookie);
    expect(me.json()).toMatchObject({
      account: { isMultiFactorEnabled: true },
      session: { isMultiFactorVerified: true },
    });

    // Every other browser of the account is signed out (decision 0063), and the owner is told.
    expect(await fx.sessionRow(other.sessionId)).toBeUndefined();
    expect((await fx.getMe(other.cookie)).statusCode).toBe(401);
    const mail = await lastEmail(fx.t().database.db, user.email);
    expect(mail).toMatchObject({ template: "mfaEnabled", subject: en.mail.mfaEnabled.subject });
  });

  it("needs the current password from a session that signed in over 10 minutes ago", async () => {
    const user = await fx.f().user();
    await fx.withPassword(user, "Current-Pass-123");
    const { cookie } = await fx.signedIn(user);
    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };
    fx.clock.advance(10 * MINUTE + 1000);
    const code = await fx.codeAt(secret);
    const bare = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: code });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    const wrong = await fx.post("enable_multi_factor_authentication", cookie, {
      totpCode: code,
      currentPassword: "Not-The-Pass-1",
    });
    expect(wrong.json()).toMatchObject({ code: "WRONG_CURRENT_PASSWORD" });
    const row = await fx.userRow(user.id);
    expect(row.isMultiFactorEnabled).toBe(false);
    // Refused before the code was looked at: it neither counts as wrong nor is spent.
    expect(row.mfaFailedAttempts).toBe(0);
    expect(row.totpLastAcceptedStep).toBeNull();
    const res = await fx.post("enable_multi_factor_authentication", cookie, {
      totpCode: code,
      currentPassword: "Current-Pass-123",
    });
    expect(res.statusCode).toBe(200);
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(true);
  });

  it("refuses a wrong code, a malformed one and an enable without a pending key", async () => {
    const user = await fx.f().user();
    const { cookie, sessionId } = await fx.signedIn(user);

    const notSetUp = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: "123456" });
    expect(notSetUp.statusCode).toBe(400);
    expect(notSetUp.json()).toMatchObject({ code: "MFA_NOT_SET_UP", message: en.errors.MFA_NOT_SET_UP });

    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };
    const wrong = await fx.wrongCode(secret);
    const res = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      code: "MFA_CODE_INVALID",
      message: en.errors.MFA_CODE_INVALID,
    });
    expect((await fx.userRow(user.id)).mfaFailedAttempts).toBe(1);

    for (const totpCode of ["12345", "1234567", "abcdef", ""]) {
      const malformed = await fx.post("enable_multi_factor_authentication", cookie, { totpCode });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    // Malformed input never reaches the code check, so it does not count towards the lock.
    expect((await fx.userRow(user.id)).mfaFailedAttempts).toBe(1);

    const row = await fx.userRow(user.id);
    expect(row.isMultiFactorEnabled).toBe(false);
    expect((await fx.sessionRow(sessionId))?.isMultiFactorVerified).toBe(false);
  });

  it("accepts a code one time step off for clock drift, not two", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };
    const twoStepsAgo = await fx.codeAt(secret, new Date(fx.clock.now().getTime() - 60_000));
    const tooOld = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: twoStepsAgo });
    expect(tooOld.json()).toMatchObject({ code: "MFA_CODE_INVALID" });

    const oneStepAhead = await fx.codeAt(secret, new Date(fx.clock.now().getTime() + 30_000));
    const res = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: oneStepAhead });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a foreign Origin with the session cookie (CSRF)", async () => {
    const user = await fx.f().user();
    const { cookie } = await fx.signedIn(user);
    const { secret } = (await fx.setUp(cookie)).json() as { secret: string };
    const res = await fx.post(
      "enable_multi_factor_authentication",
      cookie,
      { totpCode: await fx.codeAt(secret) },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "CSRF_REJECTED" });
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(false);
  });
});

describe("POST /auth/disable_multi_factor_authentication", () => {
  it("needs a verified session and a current code, then clears the key so enrolment can start again", async () => {
    const { user, secret } = await fx.mfaUser();
    const { cookie } = await fx.signedIn(user, { mfaVerified: true });
    const wrong = await fx.wrongCode(secret);
    expect(
      (await fx.post("disable_multi_factor_authentication", cookie, { totpCode: wrong })).json(),
    ).toMatchObject({
      code: "MFA_CODE_INVALID",
    });
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(true);

    const res = await fx.post("disable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    const row = await fx.userRow(user.id);
    expect(row).toMatchObject({
      isMultiFactorEnabled: false,
      totpSecret: null,
      totpLastAcceptedStep: null,
      mfaFailedAttempts: 0,
    });
    // A session that never passed MFA is enough again now that MFA is off.
    const plain = await fx.signedIn(user);
    expect((await fx.setUp(plain.cookie)).statusCode).toBe(200);
  });

  it("needs a recent sign-in or the password, ends the other sessions and tells the owner (decision 0063)", async () => {
    const { user, secret } = await fx.mfaUser();
    await fx.withPassword(user, "Current-Pass-123");
    const { cookie, sessionId } = await fx.signedIn(user, { mfaVerified: true });
    const other = await fx.signedIn(user, { mfaVerified: true });
    fx.clock.advance(10 * MINUTE + 1000);

    const bare = await fx.post("disable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(true);

    const res = await fx.post("disable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
      currentPassword: "Current-Pass-123",
    });
    expect(res.statusCode).toBe(200);
    expect((await fx.userRow(user.id)).isMultiFactorEnabled).toBe(false);
    expect(await fx.sessionRow(sessionId)).toBeDefined();
    expect(await fx.sessionRow(other.sessionId)).toBeUndefined();
    const mail = await lastEmail(fx.t().database.db, user.email);
    expect(mail).toMatchObject({ template: "mfaDisabled", subject: en.mail.mfaDisabled.subject });
  });
});
