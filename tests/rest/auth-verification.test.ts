import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { DAY_MS, TestClock } from "../../server/core/clock";
import { users } from "../../server/db/schema";
import { createJobQueue } from "../../server/jobs/queue";
import { ssoRoutes } from "../../server/modules/auth/providers/sso.rest";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, emailsTo, lastEmail, newEmail, signUp, tokenFrom } from "./auth-client";
import { runPasswordResetJobs } from "./auth-jobs";

// E-mail verification and the Help redirect through the REST surface (spec 01 §2, §7, §8).

const INVALID = "EMAIL_VERIFICATION_TOKEN_INVALID";

let t: TestApp;
const clock = new TestClock("2026-05-01T00:00:00Z");
let ipSeq = 0;
const client = (lang?: "en" | "ja") => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.2.0.${ipSeq}`, lang });
};

const env = { SSO_ALLOWED_HOSTS: "tracking.example, www.tracking.example,support.tracking.example" };

beforeAll(async () => {
  t = await createTestApp({ clock, env });
  // Until server/app.ts mounts GET /sso at the root, mount it here the same way (before the first
  // request readies the app); once the app has it, the app's own route is what is tested.
  if (!t.app.hasRoute({ method: "GET", url: "/sso" })) {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0", ...env });
    const deps = { db: t.database.db, jobs: createJobQueue(t.boss), clock, log: t.app.log };
    await t.app.register(ssoRoutes, { deps, config });
  }
});
afterAll(() => t.close());

async function verificationToken(email: string) {
  return tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
}

describe("POST /auth/verify_email", () => {
  it("verifies the address from the sign-up mail, even in a browser that is not signed in", async () => {
    const browser = client();
    const { email } = await signUp(browser);
    const res = await client().post("/auth/verify_email", { token: await verificationToken(email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, alreadyVerified: false });
    expect((await browser.get("/auth/me")).json().account.isEmailVerified).toBe(true);
  });

  it("answers success to the verified owner who opens the link again, and refuses anyone else", async () => {
    const browser = client();
    const { email } = await signUp(browser);
    const token = await verificationToken(email);
    expect((await browser.post("/auth/verify_email", { token })).statusCode).toBe(200);
    const again = await browser.post("/auth/verify_email", { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyVerified).toBe(true);
    const stranger = await client().post("/auth/verify_email", { token });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({
      error: true,
      code: INVALID,
      message:
        "This verification link is invalid, has expired or has already been used. Please send a new verification email.",
    });
  });

  it("refuses a link older than 24 hours and accepts one just younger", async () => {
    const { email: late } = await signUp(client());
    const lateToken = await verificationToken(late);
    const { email: early } = await signUp(client());
    const earlyToken = await verificationToken(early);
    clock.advance(DAY_MS - 1000);
    expect((await client().post("/auth/verify_email", { token: earlyToken })).statusCode).toBe(200);
    clock.advance(2000);
    const res = await client("ja").post("/auth/verify_email", { token: lateToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(INVALID);
    expect(res.json().message).toContain("確認メールを再送信してください");
  });

  it("refuses forged tokens and a password reset token", async () => {
    const { email } = await signUp(client());
    await client().post("/auth/send_password_reset_email", { email });
    await runPasswordResetJobs(t);
    const resetToken = tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
    for (const token of ["b".repeat(32), "../../etc", resetToken]) {
      const res = await client().post("/auth/verify_email", { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(INVALID);
    }
    const missing = await client().post("/auth/verify_email", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("VALIDATION_FAILED");
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.isEmailVerified).toBe(false);
  });

  it("verifies nothing once the account's address has changed", async () => {
    const { email } = await signUp(client());
    const token = await verificationToken(email);
    await t.database.db
      .update(users)
      .set({ email: newEmail("moved") })
      .where(eq(users.email, email));
    expect((await client().post("/auth/verify_email", { token })).json().code).toBe(INVALID);
  });
});

describe("POST /auth/send_verification_email", () => {
  it("sends a new link in the account's language and voids the previous one", async () => {
    const browser = client("ja");
    const { email } = await signUp(browser);
    const first = await verificationToken(email);
    const res = await browser.post("/auth/send_verification_email");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, alreadyVerified: false });
    const mails = await emailsTo(t.database.db, email);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.language === "ja" && m.template === "verifyEmail")).toBe(true);
    const second = await verificationToken(email);
    expect(second).not.toBe(first);
    expect((await client().post("/auth/verify_email", { token: first })).json().code).toBe(INVALID);
    expect((await client().post("/auth/verify_email", { token: second })).statusCode).toBe(200);
  });

  it("sends nothing to an address already verified", async () => {
    const browser = client();
    const { email } = await signUp(browser);
    await browser.post("/auth/verify_email", { token: await verificationToken(email) });
    const res = await browser.post("/auth/send_verification_email");
    expect(res.json()).toEqual({ ok: true, alreadyVerified: true });
    expect(await emailsTo(t.database.db, email)).toHaveLength(1);
  });

  it("limits resends to 5 an hour", async () => {
    const browser = client();
    await signUp(browser);
    for (let i = 0; i < 5; i++)
      expect((await browser.post("/auth/send_verification_email")).statusCode).toBe(200);
    const res = await browser.post("/auth/send_verification_email");
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("RATE_LIMITED");
  });

  it("needs a session", async () => {
    const res = await client().post("/auth/send_verification_email");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });
});

describe("GET /sso", () => {
  it("redirects to an https address on an allowed host", async () => {
    for (const target of [
      "https://support.tracking.example/hc/en-us/articles/1",
      "https://WWW.tracking.example/help?x=1",
    ]) {
      const res = await client().get(`/sso?redirectTo=${encodeURIComponent(target)}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(new URL(target).toString());
    }
  });

  it("refuses other hosts, plain http, look-alikes and garbage with a translated 400", async () => {
    for (const target of [
      "https://evil.example/",
      "http://support.tracking.example/",
      "https://support.tracking.example.evil.example/",
      "https://support.tracking.example@evil.example/",
      "https://user:pw@support.tracking.example/",
      "javascript:alert(1)",
      "//support.tracking.example/",
      "not a url",
    ]) {
      const res = await client().get(`/sso?redirectTo=${encodeURIComponent(target)}`);
      expect(res.statusCode, target).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        code: "SSO_REDIRECT_NOT_ALLOWED",
        message: "This help link does not lead to one of our sites.",
      });
    }
    const missing = await client("ja").get("/sso");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("このヘルプリンクの移動先は当社のサイトではありません。");
  });
});
