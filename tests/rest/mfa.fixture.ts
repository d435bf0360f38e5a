import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, expect } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import { sessionCookieName } from "../../server/core/session-cookie";
import { sessions, type User, users } from "../../server/db/schema";
import { hashPassword } from "../../server/modules/auth/password/password";
import { createSession } from "../../server/modules/auth/session.internal";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";

// The app, clock and helpers the multi-factor REST tests share. Call once at the top of a test file.

const appConfig = loadConfig({ NODE_ENV: "test", PORT: "0" });
export const ORIGIN = new URL(appConfig.APP_URL).origin;
const COOKIE = sessionCookieName(appConfig);

export function mfaFixture() {
  const clock = new TestClock("2026-03-02T09:00:10Z");
  let app: TestApp | undefined;
  const t = () => {
    if (!app) throw new Error("the test app is not started yet");
    return app;
  };
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app?.close());

  const fx = {
    clock,
    t,
    f: () => factories(t().database.db, clock.now()),

    /** A session cookie for the user, as after a password sign-in (second factor not yet passed). */
    async signedIn(user: User, options: { mfaVerified?: boolean } = {}) {
      const { token, session } = await createSession(t().database.db, clock, user.id, {
        isMultiFactorVerified: options.mfaVerified ?? false,
      });
      return { cookie: `${COOKIE}=${token}`, sessionId: session.id };
    },

    /** Gives a factory user (factories set no password) a password. */
    async withPassword(user: User, password: string) {
      await t()
        .database.db.update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));
    },

    /** The session cookie a reply set (a new session after the password was proven), if any. */
    cookieFrom(res: { cookies: { name: string; value: string }[] }) {
      const set = res.cookies.find((c) => c.name === COOKIE && c.value !== "");
      return set ? `${COOKIE}=${set.value}` : undefined;
    },

    codeAt(secret: string, at: Date = clock.now()) {
      return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
    },

    /** A well-formed code that is not the current one. */
    async wrongCode(secret: string) {
      return (await fx.codeAt(secret)) === "000000" ? "111111" : "000000";
    },

    post(path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) {
      return t().app.inject({
        method: "POST",
        url: `/auth/${path}`,
        headers: { cookie, origin: ORIGIN, ...headers },
        payload: body as object,
      });
    },

    /** POST /auth/multi_factor_setup: draws the pending key (a fresh session needs no password). */
    setUp(cookie: string, body: { currentPassword?: string } = {}) {
      return fx.post("multi_factor_setup", cookie, body);
    },

    getQrCode(cookie: string) {
      return t().app.inject({ method: "GET", url: "/auth/multi_factor_qrcode", headers: { cookie } });
    },

    getMe(cookie: string) {
      return t().app.inject({ method: "GET", url: "/auth/me", headers: { cookie } });
    },

    /** tRPC account.update, an action that needs the second factor where it is on. */
    updateNickname(cookie: string, nickname: string) {
      return t().app.inject({
        method: "POST",
        url: "/trpc/account.update",
        headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
        payload: { nickname },
      });
    },

    async userRow(id: string) {
      const [row] = await t().database.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error(`no user ${id}`);
      return row;
    },

    async sessionRow(id: string) {
      const [row] = await t().database.db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /** A user with MFA on (enrolled and enabled through the routes) and a fresh unverified session. */
    async mfaUser() {
      const user = await fx.f().user();
      const first = await fx.signedIn(user);
      const { secret } = (await fx.setUp(first.cookie)).json() as { secret: string };
      const enabled = await fx.post("enable_multi_factor_authentication", first.cookie, {
        totpCode: await fx.codeAt(secret),
      });
      expect(enabled.statusCode).toBe(200);
      // The next code belongs to the next time step: the one just used is spent.
      clock.advance(30_000);
      return { user, secret, ...(await fx.signedIn(user)) };
    },
  };
  return fx;
}
