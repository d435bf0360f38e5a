import { desc, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { TestClock } from "../../server/core/clock";
import type { Db } from "../../server/db/client";
import { outboundEmails, type User, users } from "../../server/db/schema";
import { hashPassword } from "../../server/modules/auth/password/password";
import { createSession } from "../../server/modules/auth/session.internal";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";

// Shared by the browser tests of sign-in, sign-up and the console gates.
//
// Why not startTestApp: it listens on a random port while APP_URL stays http://localhost:0, and the
// CSRF check (server/core/csrf.ts) refuses a cookie-carrying POST whose Origin is not APP_URL's —
// which Chromium always sends. Here the port is chosen first so APP_URL is the origin the browser
// really uses, as in production. The clock starts at the real time because the browser drops a
// session cookie whose Expires (computed from the server's clock) is already past.

export const PASSWORD = "Harbour-Crane-2026";

/** The console on a free port with APP_URL matching it, and a movable clock starting now. */
export async function startConsoleApp(
  clock: TestClock = new TestClock(new Date()),
): Promise<TestApp & { clock: TestClock }> {
  return { ...(await startTestApp({ clock })), clock };
}

let passwordHash: Promise<string> | undefined;

/** Gives a factory user (factories set no password) PASSWORD. */
export async function withPassword(db: Db, user: User): Promise<User> {
  passwordHash ??= hashPassword(PASSWORD);
  await db
    .update(users)
    .set({ passwordHash: await passwordHash })
    .where(eq(users.id, user.id));
  return user;
}

/** Puts a signed-in session for `user` into the browser, as after a password sign-in. */
export async function signInBrowser(
  browser: TestBrowser,
  app: TestApp,
  user: User,
  options: { mfaVerified?: boolean } = {},
) {
  const { token } = await createSession(app.database.db, app.clock, user.id, {
    isMultiFactorVerified: options.mfaVerified ?? false,
  });
  await browser.context.clearCookies();
  await browser.context.addCookies([
    { name: "session", value: token, url: app.url, httpOnly: true, sameSite: "Lax" },
  ]);
}

/**
 * A page on `path` with nothing stored from earlier tests (the profile is shared within a file).
 * Storage is cleared on a page the console does not run on, so nothing the console writes while
 * starting up can land after the clearing.
 */
export async function freshPage(browser: TestBrowser, app: TestApp, path?: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${app.url}/healthz`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  if (path) await page.goto(`${app.url}${path}`);
  return page;
}

/** The path of the newest app link e-mailed to `to` (the host in mails is APP_URL's). */
export async function linkInLatestEmail(db: Db, to: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outboundEmails)
    .where(sql`${to} = any(${outboundEmails.to})`)
    .orderBy(desc(outboundEmails.createdAt), desc(sql`ctid`))
    .limit(1);
  const link = row ? /https?:\/\/[^\s"'<>]+\/app\/[^\s"'<>]+/.exec(row.text)?.[0] : undefined;
  if (!link) throw new Error(`no e-mail with a link to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

let sequence = 0;
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * For a browser test file: the console app and a fresh Chromium before its tests, both closed after.
 * Read `app` and `browser` inside tests.
 */
export function setupConsole() {
  let app: (TestApp & { clock: TestClock }) | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    app = await startConsoleApp();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error("setupConsole: read it inside a test");
      return app;
    },
    get browser() {
      if (!browser) throw new Error("setupConsole: read it inside a test");
      return browser;
    },
  };
}
