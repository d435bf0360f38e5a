import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { mfaFixture } from "./mfa.fixture";

// Multi-factor enrolment, enabling and disabling through the real app (spec 01 §2, §5, §7; spec 02
// account settings). Verification, replay and lockout are in mfa-verify.test.ts.

const fx = mfaFixture();

describe("enrolment: GET /auth/multi_factor_qrcode", () => {
  it("answers a PNG QR code, the 160-bit key and its otpauth URI, and keeps the key pending", async () => {
    const user = await fx.f().user({ email: "Enrol.Me@example.com" });
    const { cookie } = await fx.signedIn(user);
    const res = await fx.getQrCode(cookie);
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

    const again = (await fx.getQrCode(cookie)).json() as { secret: string };
    expect(again.secret).not.toBe(body.secret);
    expect((await fx.userRow(user.id)).totpSecret).toBe(again.secret);
  });

  it("is refused without a session, with an unverified e-mail, and once MFA is on", async () => {
    const anonymous = await fx.t().app.inject({ method: "GET", url: "/auth/multi_factor_qrcode" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: true, code: "UNAUTHENTICATED" });

    const unverified = await fx.signedIn(await fx.f().user({ isEmailVerified: false }));
    const res = await fx.getQrCode(unverified.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: en.errors.EMAIL_NOT_VERIFIED });

    const { user } = await fx.mfaUser();
    const verified = await fx.signedIn(user, { mfaVerified: true });
    const enabled = await fx.getQrCode(verified.cookie);
    expect(enabled.statusCode).toBe(409);
    expect(enabled.json()).toMatchObject({
      code: "MFA_ALREADY_ENABLED",
      message: en.errors.MFA_ALREADY_ENABLED,
    });
  });
});

describe("POST /auth/enable_multi_factor_authentication", () => {
  it("turns MFA on with a valid code and marks the session that proved it", async () => {
    const user = await fx.f().user();
    const { cookie, sessionId } = await fx.signedIn(user);
    const other = await fx.signedIn(user);
    const { secret } = (await fx.getQrCode(cookie)).json() as { secret: string };

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

    // Another browser of the same account now has to pass the second factor.
    expect((await fx.sessionRow(other.sessionId))?.isMultiFactorVerified).toBe(false);
    const blocked = await fx.getQrCode(other.cookie);
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({ code: "MFA_REQUIRED" });
  });

  it("refuses a wrong code, a malformed one and an enable without a pending key", async () => {
    const user = await fx.f().user();
    const { cookie, sessionId } = await fx.signedIn(user);

    const notSetUp = await fx.post("enable_multi_factor_authentication", cookie, { totpCode: "123456" });
    expect(notSetUp.statusCode).toBe(400);
    expect(notSetUp.json()).toMatchObject({ code: "MFA_NOT_SET_UP", message: en.errors.MFA_NOT_SET_UP });

    const { secret } = (await fx.getQrCode(cookie)).json() as { secret: string };
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
    const { secret } = (await fx.getQrCode(cookie)).json() as { secret: string };
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
    const { secret } = (await fx.getQrCode(cookie)).json() as { secret: string };
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
    expect((await fx.getQrCode(plain.cookie)).statusCode).toBe(200);
  });
});
