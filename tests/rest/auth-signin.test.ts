import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TestClock } from "../../server/core/clock";
import { sessions, users } from "../../server/db/schema";
import { signinTimer } from "../../server/modules/auth/signin/signin-throttle";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, lastEmail, newEmail, STRONG_PASSWORD, signUp } from "./auth-client";

// Sign-up, sign-in, sign-out and /auth/me through the whole REST surface (spec 01 §7).

let t: TestApp;
const clock = new TestClock("2026-03-01T09:00:00Z");
let ipSeq = 0;
/** Each test signs in from its own address so the per-IP limit of one test does not touch another. */
const client = (options: { lang?: "en" | "ja" } = {}) => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.0.0.${ipSeq}`, ...options });
};

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("GET /auth/me", () => {
  it("answers 401 UnableToGetUserSession to a visitor, in the request's language", async () => {
    const res = await client().get("/auth/me");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: true,
      code: "UnableToGetUserSession",
      message: "You are not signed in.",
    });
    const ja = await client({ lang: "ja" }).get("/auth/me");
    expect(ja.json().message).toBe("サインインしていません。");
  });
});

describe("POST /auth/signup", () => {
  it("creates an unverified account in the request's language, signs it in and queues the verification mail", async () => {
    const browser = client({ lang: "ja" });
    const email = newEmail("signup");
    const res = await browser.post("/auth/signup", {
      displayName: " Hanako ",
      email,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(res.json()).toEqual({
      account: {
        id: expect.any(String),
        email,
        displayName: "Hanako",
        isEmailVerified: false,
        isMultiFactorEnabled: false,
      },
      session: { isMultiFactorVerified: false },
    });

    const me = await browser.get("/auth/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().account.email).toBe(email);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ language: "ja", companyId: null, roleId: null, isEmailVerified: false });
    const mail = await lastEmail(t.database.db, email);
    expect(mail).toMatchObject({ template: "verifyEmail", language: "ja", companyId: null });
    expect(mail?.link).toMatch(/^http:\/\/localhost:0\/app\/auth\/email-verification\/[a-z0-9]{32}$/);
  });

  it("stores an argon2id hash with m=19456, t=2, p=1 and never the password", async () => {
    const { email } = await signUp(client());
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  // A sign-up with an address that already has an account: tests/rest/auth-enumeration.test.ts.

  it("answers the spec's password rule for a weak password", async () => {
    for (const password of ["short1A", "alllowercase123", "ALLUPPERCASE123", "NoDigitsAtAllHere"]) {
      const res = await client().post("/auth/signup", { displayName: "W", email: newEmail(), password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        code: "WEAK_PASSWORD",
        message:
          "Password should contain at least one lowercase letter, one uppercase letter, one digit, with a minimum length of 10 characters.",
      });
    }
  });

  it("refuses a malformed e-mail or a missing name", async () => {
    const bad = await client().post("/auth/signup", {
      displayName: "X",
      email: "no-at-sign",
      password: STRONG_PASSWORD,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_FAILED");
    const noName = await client().post("/auth/signup", { email: newEmail(), password: STRONG_PASSWORD });
    expect(noName.statusCode).toBe(400);
  });

  it("limits sign-ups per address", async () => {
    const browser = client();
    for (let i = 0; i < 20; i++) {
      const res = await browser.post("/auth/signup", {
        displayName: "x",
        email: newEmail(),
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await browser.post("/auth/signup", {
      displayName: "x",
      email: newEmail(),
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("RATE_LIMITED");
    expect(res.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });
});

describe("POST /auth/signin", () => {
  it("signs in with the right password, case-insensitively on the e-mail, with a new session", async () => {
    const { email } = await signUp(client());
    const browser = client();
    const res = await browser.post("/auth/signin", { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: { email, isEmailVerified: false },
      session: { isMultiFactorVerified: false },
    });
    expect(browser.cookie).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);
    expect((await browser.get("/auth/me")).statusCode).toBe(200);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const { email } = await signUp(client());
    const wrong = await client().post("/auth/signin", { email, password: "Wrong-Password-1" });
    const unknown = await client().post("/auth/signin", {
      email: newEmail("nobody"),
      password: STRONG_PASSWORD,
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: true,
        code: "INVALID_CREDENTIALS",
        message: "The email address or password is incorrect.",
      });
      expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    }
    const ja = await client({ lang: "ja" }).post("/auth/signin", { email, password: "Wrong-Password-1" });
    expect(ja.json().message).toBe("メールアドレスまたはパスワードが正しくありません。");
  });

  it("starts a session without the second factor for an account with MFA on", async () => {
    const { email } = await signUp(client());
    await t.database.db
      .update(users)
      .set({ isMultiFactorEnabled: true, isEmailVerified: true, totpSecret: "JBSWY3DPEHPK3PXP" })
      .where(eq(users.email, email));
    const browser = client();
    const res = await browser.post("/auth/signin", { email, password: STRONG_PASSWORD });
    expect(res.json()).toMatchObject({
      account: { isMultiFactorEnabled: true },
      session: { isMultiFactorVerified: false },
    });
    const viewer = await browser.query("account.viewer");
    expect(viewer.data.session.isMultiFactorVerified).toBe(false);
    // Own-account changes wait for the second factor.
    const update = await browser.mutate("account.update", { nickname: "Blocked" });
    expect(update.error?.data.appCode).toBe("MFA_REQUIRED");
  });

  it("replaces the session a browser already had", async () => {
    const browser = client();
    await signUp(browser);
    const before = browser.cookie!;
    const { email } = await signUp(client());
    await browser.post("/auth/signin", { email, password: STRONG_PASSWORD });
    expect(browser.cookie).not.toBe(before);
    const [oldId] = before.split(".");
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, oldId!))).toHaveLength(0);
  });

  // Throttling per (account, address) and the slowdown per address: tests/rest/auth-throttle.test.ts.

  it("limits attempts per IP address to 50 in 15 minutes", async () => {
    // The address is slowed down as it sprays (observed there); here only the refusal counts.
    const waits = vi.spyOn(signinTimer, "wait").mockResolvedValue(undefined);
    const browser = client();
    for (let i = 0; i < 50; i++) {
      const res = await browser.post("/auth/signin", { email: newEmail("spray"), password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(401);
    }
    const res = await browser.post("/auth/signin", { email: newEmail("spray"), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("RATE_LIMITED");
    waits.mockRestore();
  });
});

describe("POST /auth/signout", () => {
  it("deletes the session: the old cookie no longer authenticates", async () => {
    const browser = client();
    await signUp(browser);
    const cookie = browser.cookie!;
    const res = await browser.post("/auth/signout");
    expect(res.statusCode).toBe(200);
    expect(browser.cookie).toBeUndefined();
    const replay = new Client(t.app);
    replay.cookie = cookie;
    const me = await replay.get("/auth/me");
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe("UnableToGetUserSession");
    const [id] = cookie.split(".");
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, id!))).toHaveLength(0);
  });

  it("answers 200 to a visitor who is not signed in", async () => {
    expect((await client().post("/auth/signout")).statusCode).toBe(200);
  });
});

describe("CSRF", () => {
  it("refuses a cookie request from a foreign origin and accepts the console's own", async () => {
    const own = client();
    await signUp(own);
    const foreign = new Client(t.app, { origin: "https://evil.example" });
    foreign.cookie = own.cookie;
    const refused = await foreign.post("/auth/signout");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("CSRF_REJECTED");
    expect((await own.get("/auth/me")).statusCode).toBe(200);

    const noOrigin = new Client(t.app, { origin: null });
    noOrigin.cookie = own.cookie;
    expect((await noOrigin.post("/auth/send_verification_email")).statusCode).toBe(403);

    expect((await own.post("/auth/send_verification_email")).statusCode).toBe(200);
  });
});
