import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { oneTimeTokens, users } from "../../server/db/schema";
import { passwordResetEmailJob } from "../../server/modules/auth/password/password-reset-email";
import { en } from "../../shared/i18n/en";
import { createTestApp, type TestApp } from "../setup/app";
import { Client, emailsTo, lastEmail, newEmail, STRONG_PASSWORD, signUp } from "./auth-client";
import { runPasswordResetJobs } from "./auth-jobs";

// Which addresses have accounts must not be learnt from sign-up or password reset: both answer,
// and do in the request, the same for a registered and a new address, and the sign-up's cookie
// then behaves the same (a pending session either way); the owner of a registered address hears
// of the attempt by e-mail instead.

let t: TestApp;
const clock = new TestClock("2026-03-06T09:00:00Z");
let ipSeq = 0;
const client = () => {
  ipSeq += 1;
  return new Client(t.app, { ip: `127.9.0.${ipSeq}` });
};

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const rowsFor = (email: string) =>
  t.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));

/** The account view's keys and flags, without the values that differ by sign-up. */
function shapeOf(body: { account: Record<string, unknown>; session: Record<string, unknown> }) {
  return {
    accountKeys: Object.keys(body.account),
    flags: { ...body.account, id: typeof body.account.id, email: undefined, displayName: undefined },
    session: body.session,
  };
}

const clearsCookie = (res: Awaited<ReturnType<Client["get"]>>) =>
  res.cookies.some((c) => c.name === "session" && (c.value === "" || c.maxAge === 0));

/** The parts of a reply a caller could compare: status, body shape and the cookie's attributes. */
function shape(res: Awaited<ReturnType<Client["post"]>>) {
  const cookie = res.cookies.find((c) => c.name === "session");
  const body = res.json() as { account: Record<string, unknown>; session: Record<string, unknown> };
  return {
    status: res.statusCode,
    accountKeys: Object.keys(body.account),
    sessionKeys: Object.keys(body.session),
    flags: { ...body.account, id: typeof body.account.id, email: undefined, displayName: undefined },
    session: body.session,
    cookie: cookie && {
      httpOnly: cookie.httpOnly,
      sameSite: cookie.sameSite,
      path: cookie.path,
      expires: cookie.expires?.getTime(),
      form: /^[a-z0-9]+\.[a-z0-9]+$/.test(cookie.value),
    },
  };
}

describe("sign-up with a registered address", () => {
  it("answers like a new sign-up, creates nothing and e-mails the owner instead", async () => {
    const { email } = await signUp(client(), newEmail("owner"), "Owner");
    const fresh = await client().post("/auth/signup", {
      displayName: "Someone",
      email: newEmail("fresh"),
      password: STRONG_PASSWORD,
    });
    const taken = await client().post("/auth/signup", {
      displayName: "Someone",
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.json().account.id).not.toBe((await rowsFor(email))[0]?.id);

    expect(await rowsFor(email)).toHaveLength(1);
    const notice = await lastEmail(t.database.db, email);
    expect(notice).toMatchObject({
      template: "signupExistingAccount",
      subject: en.mail.signupExistingAccount.subject,
    });
    expect(notice?.link).toMatch(/\/app\/auth\/signin$/);
    expect(await emailsTo(t.database.db, email.toUpperCase())).toHaveLength(0);

    // The owner's account is untouched.
    const owner = await client().post("/auth/signin", { email, password: STRONG_PASSWORD });
    expect(owner.json().account.displayName).toBe("Owner");
  });

  it("gives a cookie that behaves like a new address's: /auth/me, the resend and sign-out alike", async () => {
    const { email } = await signUp(client(), newEmail("owner"), "Owner");
    const fresh = client();
    const taken = client();
    const body = (address: string) => ({ displayName: "Someone", email: address, password: STRONG_PASSWORD });
    await fresh.post("/auth/signup", body(newEmail("fresh")));
    await taken.post("/auth/signup", body(email));
    expect(taken.cookie).toBeDefined();

    const follow = async (c: Client) => {
      const me = await c.get("/auth/me");
      const resend = await c.post("/auth/send_verification_email");
      const meAgain = await c.get("/auth/me");
      return {
        me: { status: me.statusCode, ...shapeOf(me.json()), cleared: clearsCookie(me) },
        resend: { status: resend.statusCode, body: resend.json() },
        meAgain: { status: meAgain.statusCode, verified: meAgain.json().account?.isEmailVerified },
      };
    };
    const [freshNext, takenNext] = [await follow(fresh), await follow(taken)];
    expect(takenNext).toEqual(freshNext);
    expect(takenNext.me.status).toBe(200);
    expect(takenNext.resend).toEqual({ status: 200, body: { ok: true, alreadyVerified: false } });
    // What it shows is what was typed, never the owner's account.
    const shown = (await taken.get("/auth/me")).json();
    expect(shown.account).toMatchObject({ email, displayName: "Someone", isEmailVerified: false });
    expect(shown.account.id).not.toBe((await rowsFor(email))[0]?.id);

    // Signing out ends both the same way; the cookie then opens nothing.
    const cookie = taken.cookie;
    const [outFresh, outTaken] = [await fresh.post("/auth/signout"), await taken.post("/auth/signout")];
    expect([outTaken.statusCode, outTaken.json()]).toEqual([outFresh.statusCode, outFresh.json()]);
    const replay = new Client(t.app);
    replay.cookie = cookie;
    expect((await replay.get("/auth/me")).statusCode).toBe(401);
  });

  it("tells the owner at most three times an hour, while the answer stays the same", async () => {
    const { email } = await signUp(client());
    for (let i = 0; i < 5; i++) {
      const res = await client().post("/auth/signup", { displayName: "X", email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(200);
    }
    const notices = (await emailsTo(t.database.db, email)).filter(
      (m) => m.template === "signupExistingAccount",
    );
    expect(notices).toHaveLength(3);
  });

  it("answers both of two parallel sign-ups for one new address alike, with one account", async () => {
    const email = newEmail("race");
    const results = await Promise.all(
      [client(), client()].map((c) =>
        c.post("/auth/signup", { displayName: "Racer", email, password: STRONG_PASSWORD }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await rowsFor(email)).toHaveLength(1);
  });
});

describe("password reset for a registered and an unknown address", () => {
  it("does the same work in the request for both; the job writes the e-mail for the registered one only", async () => {
    const { email } = await signUp(client());
    const unknown = newEmail("nobody");
    const known = await client().post("/auth/send_password_reset_email", { email });
    const missing = await client().post("/auth/send_password_reset_email", { email: unknown });
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);

    // The request itself looked nothing up: no token and no e-mail yet, for either address.
    const [user] = await rowsFor(email);
    const tokens = () => t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect((await tokens()).filter((r) => r.purpose === "PASSWORD_RESET")).toHaveLength(0);
    expect((await emailsTo(t.database.db, email)).map((m) => m.template)).toEqual(["verifyEmail"]);
    // Both queued one job of the same form.
    const queued = await t.database.db.execute<{ data: Record<string, string> }>(
      sql`select data from pgboss.job where name = ${passwordResetEmailJob.name} and data->>'email' in (${email}, ${unknown})`,
    );
    const jobs = [...queued].map((r) => r.data);
    expect(jobs).toHaveLength(2);
    expect(jobs.map((d) => Object.keys(d).sort())).toEqual([
      ["appUrl", "email"],
      ["appUrl", "email"],
    ]);

    expect(await runPasswordResetJobs(t)).toBe(2);
    expect((await lastEmail(t.database.db, email))?.template).toBe("passwordReset");
    expect((await tokens()).filter((r) => r.purpose === "PASSWORD_RESET")).toHaveLength(1);
    expect(await emailsTo(t.database.db, unknown)).toHaveLength(0);
  });
});
