import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS, TestClock } from "../../server/core/clock";
import { oneTimeTokens, sessions, users } from "../../server/db/schema";
import { ja } from "../../shared/i18n/ja";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, emailsTo, lastEmail, newEmail, STRONG_PASSWORD, signUp, tokenFrom } from "./auth-client";
import { runPasswordResetJobs } from "./auth-jobs";

// Forgotten and changed passwords through the REST surface (spec 01 §2, §7; spec 02 account settings).

const NEW_PASSWORD = "Brand-New-Secret-7";
const RESET_INVALID = "This password reset link is invalid or has expired. Please request a new one.";

let t: TestApp;
const clock = new TestClock("2026-04-01T00:00:00Z");
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.1.0.${ipSeq}`, lang });
};

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function requestReset(email: string) {
  const res = await client().post("/auth/send_password_reset_email", { email });
  expect(res.statusCode).toBe(200);
  await runPasswordResetJobs(t);
  const mail = await lastEmail(t.database.db, email);
  return { res, mail, token: tokenFrom(mail?.link ?? null) };
}

async function sessionCount(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
}

describe("POST /auth/send_password_reset_email", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const { email } = await signUp(client());
    const unknown = newEmail("nobody");
    const known = await client().post("/auth/send_password_reset_email", { email: email.toUpperCase() });
    const missing = await client().post("/auth/send_password_reset_email", { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe(known.body);
    expect(await runPasswordResetJobs(t)).toBe(2);
    const mail = await lastEmail(t.database.db, email);
    expect(mail?.template).toBe("passwordReset");
    expect(mail?.link).toMatch(/^http:\/\/localhost:0\/app\/auth\/password-reset\?token=[a-z0-9]{32}$/);
    expect(await emailsTo(t.database.db, unknown)).toHaveLength(0);
  });

  it("stores only the token's hash", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.email, email));
    const reset = rows.find((r) => r.purpose === "PASSWORD_RESET");
    expect(reset?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(reset?.tokenHash).not.toContain(token);
  });

  it("limits requests per address to 5 an hour, for unknown addresses too", async () => {
    for (const email of [(await signUp(client())).email, newEmail("nobody")]) {
      for (let i = 0; i < 5; i++) {
        expect((await client().post("/auth/send_password_reset_email", { email })).statusCode).toBe(200);
      }
      const res = await client("ja").post("/auth/send_password_reset_email", { email });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("RATE_LIMITED");
      expect(res.json().message).toMatch(/^試行回数が多すぎます。\d+秒待ってから再度お試しください。$/);
    }
  });
});

describe("POST /auth/reset_password", () => {
  it("sets the new password, ends every session of the account and tells the owner", async () => {
    const first = client();
    const { email } = await signUp(first);
    const second = client();
    await second.post("/auth/signin", { email, password: STRONG_PASSWORD });
    expect(await sessionCount(email)).toBe(2);
    const { token } = await requestReset(email);

    const res = await client().post("/auth/reset_password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await sessionCount(email)).toBe(0);
    for (const old of [first, second]) {
      const me = await old.get("/auth/me");
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe("UnableToGetUserSession");
    }
    expect((await lastEmail(t.database.db, email))?.template).toBe("passwordChanged");
    const oldPassword = await client().post("/auth/signin", { email, password: STRONG_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await client().post("/auth/signin", { email, password: NEW_PASSWORD });
    expect(newPassword.statusCode).toBe(200);
    // Following the link proved the address.
    expect(newPassword.json().account.isEmailVerified).toBe(true);
  });

  it("accepts a token once", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    expect(
      (await client().post("/auth/reset_password", { token, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const again = await client().post("/auth/reset_password", { token, newPassword: "Another-Secret-8" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: true,
      code: "PASSWORD_RESET_TOKEN_INVALID",
      message: RESET_INVALID,
    });
    expect((await client().post("/auth/signin", { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a token after one hour", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    clock.advance(HOUR_MS + 1000);
    const res = await client().post("/auth/reset_password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("PASSWORD_RESET_TOKEN_INVALID");
  });

  it("accepts a token just before the hour is up", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    clock.advance(HOUR_MS - 1000);
    expect(
      (await client().post("/auth/reset_password", { token, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("refuses a forged token and a verification token", async () => {
    const { email } = await signUp(client());
    const verification = tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
    for (const token of ["a".repeat(32), "not-a-token", verification]) {
      const res = await client("ja").post("/auth/reset_password", { token, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("PASSWORD_RESET_TOKEN_INVALID");
      expect(res.json().message).toBe(ja.errors.PASSWORD_RESET_TOKEN_INVALID);
    }
  });

  it("voids the earlier link when a new one is requested", async () => {
    const { email } = await signUp(client());
    const { token: older } = await requestReset(email);
    const { token: newer } = await requestReset(email);
    expect(newer).not.toBe(older);
    const res = await client().post("/auth/reset_password", { token: older, newPassword: NEW_PASSWORD });
    expect(res.json().code).toBe("PASSWORD_RESET_TOKEN_INVALID");
    expect(
      (await client().post("/auth/reset_password", { token: newer, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("answers the spec's password rule for a weak new password and keeps the token", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    const weak = await client().post("/auth/reset_password", { token, newPassword: "weakpass" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    expect(
      (await client().post("/auth/reset_password", { token, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("lets exactly one of two simultaneous uses of a token through", async () => {
    const { email } = await signUp(client());
    const { token } = await requestReset(email);
    const results = await Promise.all(
      ["Racing-Secret-1A", "Racing-Secret-2B"].map((newPassword) =>
        client().post("/auth/reset_password", { token, newPassword }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("POST /auth/reset_password_with_current_password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const here = client();
    const { email } = await signUp(here);
    await t.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, email));
    const elsewhere = client();
    await elsewhere.post("/auth/signin", { email, password: STRONG_PASSWORD });

    const res = await here.post("/auth/reset_password_with_current_password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await here.get("/auth/me")).statusCode).toBe(200);
    expect((await elsewhere.get("/auth/me")).statusCode).toBe(401);
    expect(await sessionCount(email)).toBe(1);
    expect((await lastEmail(t.database.db, email))?.template).toBe("passwordChanged");
    expect((await client().post("/auth/signin", { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a wrong current password and a weak new one, with their messages", async () => {
    const here = client();
    const { email } = await signUp(here);
    await t.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, email));
    const wrong = await here.post("/auth/reset_password_with_current_password", {
      currentPassword: "Not-The-Password-1",
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: true,
      code: "WRONG_CURRENT_PASSWORD",
      message: "The current password is incorrect.",
    });
    const weak = await here.post("/auth/reset_password_with_current_password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: "short",
    });
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    const required = await here.post("/auth/reset_password_with_current_password", {
      newPassword: NEW_PASSWORD,
    });
    expect(required.statusCode).toBe(400);
    expect((await client().post("/auth/signin", { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it("needs a signed-in, verified user", async () => {
    const anonymous = await client().post("/auth/reset_password_with_current_password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("UNAUTHENTICATED");
    const unverified = client();
    await signUp(unverified);
    const res = await unverified.post("/auth/reset_password_with_current_password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.json().code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("limits guesses of the current password", async () => {
    const here = client();
    const { email } = await signUp(here);
    await t.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, email));
    for (let i = 0; i < 10; i++) {
      const res = await here.post("/auth/reset_password_with_current_password", {
        currentPassword: `Guess-Number-${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(res.json().code).toBe("WRONG_CURRENT_PASSWORD");
    }
    const res = await here.post("/auth/reset_password_with_current_password", {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(429);
  });
});
