import { describe, expect, it } from "vitest";
import { MFA_ATTEMPT_LIMIT } from "../../server/modules/auth/auth.internal";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { mfaFixture } from "./mfa.fixture";

// The second factor of a session through the real app: verification, single use of a code, the
// lockout after wrong codes and the per-user rate limit (spec 01 §2, §5, §7).

const fx = mfaFixture();
const MINUTE = 60_000;

describe("POST /auth/verify_multi_factor_authentication", () => {
  it("marks the session verified, which opens verified-only actions", async () => {
    const { user, secret, cookie, sessionId } = await fx.mfaUser();

    // Before the second factor: REST and tRPC actions that need a verified session refuse.
    const rest = await fx.post("disable_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toMatchObject({ code: "MFA_REQUIRED", message: en.errors.MFA_REQUIRED });
    const trpc = await fx.updateNickname(cookie, "Someone else");
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json()).toMatchObject({ error: { data: { appCode: "MFA_REQUIRED" } } });
    expect((await fx.userRow(user.id)).nickname).toBe(user.nickname);

    const res = await fx.post("verify_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    expect((await fx.sessionRow(sessionId))?.isMultiFactorVerified).toBe(true);
    const me = await fx.getMe(cookie);
    expect(me.json()).toMatchObject({ session: { isMultiFactorVerified: true } });
    const after = await fx.updateNickname(cookie, "Verified");
    expect(after.statusCode).toBe(200);
  });

  it("accepts a code once: a replay is refused, the next time step's code is not", async () => {
    const { user, secret } = await fx.mfaUser();
    const a = await fx.signedIn(user);
    const b = await fx.signedIn(user);
    const code = await fx.codeAt(secret);
    expect(
      (await fx.post("verify_multi_factor_authentication", a.cookie, { totpCode: code })).statusCode,
    ).toBe(200);

    const replay = await fx.post("verify_multi_factor_authentication", b.cookie, { totpCode: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: "MFA_CODE_ALREADY_USED",
      message: en.errors.MFA_CODE_ALREADY_USED,
    });
    expect((await fx.sessionRow(b.sessionId))?.isMultiFactorVerified).toBe(false);
    // An older code that is still inside the drift window is a replay too.
    const previous = await fx.codeAt(secret, new Date(fx.clock.now().getTime() - 30_000));
    expect(
      (await fx.post("verify_multi_factor_authentication", b.cookie, { totpCode: previous })).json(),
    ).toMatchObject({
      code: "MFA_CODE_ALREADY_USED",
    });

    fx.clock.advance(30_000);
    const next = await fx.post("verify_multi_factor_authentication", b.cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(next.statusCode).toBe(200);
    expect((await fx.userRow(user.id)).totpLastAcceptedStep).toBe(
      Math.floor(fx.clock.now().getTime() / 30_000),
    );
  });

  it("locks MFA for 15 minutes after 5 wrong codes, names the wait, and unlocks afterwards", async () => {
    const { user, secret, cookie, sessionId } = await fx.mfaUser();
    const wrong = () => fx.wrongCode(secret);

    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await fx.post("verify_multi_factor_authentication", cookie, { totpCode: await wrong() });
      expect(res.json()).toMatchObject({ code: "MFA_CODE_INVALID" });
      expect((await fx.userRow(user.id)).mfaFailedAttempts).toBe(attempt);
    }
    const fifth = await fx.post("verify_multi_factor_authentication", cookie, { totpCode: await wrong() });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      error: true,
      code: "MFA_LOCKED",
      message: "Too many incorrect codes. Please wait 15 minute(s) and try again.",
    });
    expect((await fx.userRow(user.id)).mfaLockedUntil).toEqual(
      new Date(fx.clock.now().getTime() + 15 * MINUTE),
    );

    // While locked even the right code is refused, in the request's language.
    fx.clock.advance(14 * MINUTE + 10_000);
    const locked = await fx.post(
      "verify_multi_factor_authentication",
      cookie,
      { totpCode: await fx.codeAt(secret) },
      { "x-lang": "ja" },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ja.errors.MFA_LOCKED.replace("{{minutes}}", "1"));
    expect((await fx.sessionRow(sessionId))?.isMultiFactorVerified).toBe(false);

    fx.clock.advance(MINUTE);
    const res = await fx.post("verify_multi_factor_authentication", cookie, {
      totpCode: await fx.codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    const row = await fx.userRow(user.id);
    expect(row.mfaFailedAttempts).toBe(0);
    expect(row.mfaLockedUntil).toBeNull();
    expect((await fx.sessionRow(sessionId))?.isMultiFactorVerified).toBe(true);
  });

  it("starts the count again after a right code", async () => {
    const { user, secret, cookie } = await fx.mfaUser();
    const wrong = () => fx.wrongCode(secret);
    for (let i = 0; i < 4; i++)
      await fx.post("verify_multi_factor_authentication", cookie, { totpCode: await wrong() });
    expect(
      (await fx.post("verify_multi_factor_authentication", cookie, { totpCode: await fx.codeAt(secret) }))
        .statusCode,
    ).toBe(200);
    expect((await fx.userRow(user.id)).mfaFailedAttempts).toBe(0);
    for (let i = 0; i < 4; i++) {
      const res = await fx.post("verify_multi_factor_authentication", cookie, { totpCode: await wrong() });
      expect(res.json()).toMatchObject({ code: "MFA_CODE_INVALID" });
    }
    expect((await fx.userRow(user.id)).mfaLockedUntil).toBeNull();
  });

  it("rate-limits attempts per user in Postgres, beyond the lockout", async () => {
    const { secret, cookie } = await fx.mfaUser();
    // The code that enabled MFA was the first attempt of this window.
    const codes: string[] = [];
    for (let attempt = 2; attempt <= MFA_ATTEMPT_LIMIT.limit + 1; attempt++) {
      const res = await fx.post("verify_multi_factor_authentication", cookie, {
        totpCode: await fx.codeAt(secret),
      });
      codes.push(res.statusCode === 200 ? "OK" : res.json().code);
      fx.clock.advance(30_000);
    }
    expect(codes.slice(0, -1).every((code) => code === "OK")).toBe(true);
    expect(codes.at(-1)).toBe("RATE_LIMITED");
  });

  it("is refused for an account without MFA and without a session", async () => {
    const { cookie } = await fx.signedIn(await fx.f().user());
    const res = await fx.post("verify_multi_factor_authentication", cookie, { totpCode: "123456" });
    expect(res.json()).toMatchObject({ code: "MFA_NOT_SET_UP" });
    const anonymous = await fx.t().app.inject({
      method: "POST",
      url: "/auth/verify_multi_factor_authentication",
      payload: { totpCode: "123456" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
