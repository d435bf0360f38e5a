import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { recordingJobs, silentLog as silent } from "../../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../../tests/setup/db";
import { type AppError, isAppError } from "../../../core/app-error";
import { TestClock } from "../../../core/clock";
import { type Actor, createServiceContext } from "../../../core/context";
import { sessions, type User, users } from "../../../db/schema";
import { createSession } from "../session.internal";
import { acceptMfaStep } from "./mfa.queries";
import { verifyMfa } from "./mfa.service";
import { enableMfa, setUpMfa } from "./mfa-enrolment.service";

let t: TestDatabase;
const clock = new TestClock("2026-03-02T09:00:10Z");

beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t?.close());

async function contextFor(user: User, mfaVerified = false) {
  const { session } = await createSession(t.db, clock, user.id, { isMultiFactorVerified: mfaVerified });
  const actor: Actor = {
    kind: "user",
    userId: user.id,
    sessionId: session.id,
    email: user.email,
    companyId: null,
    role: null,
    emailVerified: user.isEmailVerified,
    mfaSatisfied: !user.isMultiFactorEnabled || mfaVerified,
  };
  // The e-mail to the owner is queued; no worker runs here.
  const jobs = recordingJobs();
  return { ctx: createServiceContext({ db: t.db, jobs, clock, log: silent }, actor), sessionId: session.id };
}

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe("MFA service", () => {
  it("lets only one of two concurrent requests use the same code", async () => {
    const user = await factories(t.db).user();
    const { ctx } = await contextFor(user);
    const { secret } = (await setUpMfa(ctx, {})).enrolment;
    await enableMfa(ctx, { totpCode: await codeNow(secret) });
    clock.advance(30_000);
    const enabled = { ...user, isMultiFactorEnabled: true };
    const a = await contextFor(enabled);
    const b = await contextFor(enabled);
    const code = await codeNow(secret);
    const results = await Promise.allSettled([
      verifyMfa(a.ctx, { totpCode: code }),
      verifyMfa(b.ctx, { totpCode: code }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "MFA_CODE_ALREADY_USED" });
    const verified = await t.db
      .select({ ok: sessions.isMultiFactorVerified })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(verified.filter((s) => s.ok)).toHaveLength(2); // the enabling session and the winner
  });

  it("never enables a key that was replaced after the code was checked", async () => {
    const user = await factories(t.db).user();
    const { ctx } = await contextFor(user);
    const first = (await setUpMfa(ctx, {})).enrolment;
    await setUpMfa(ctx, {}); // a second tab drew a new key
    const step = Math.floor(clock.now().getTime() / 30_000);
    const accepted = await acceptMfaStep(t.db, { id: user.id, secret: first.secret }, step, clock.now(), {
      isMultiFactorEnabled: true,
    });
    expect(accepted).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isMultiFactorEnabled).toBe(false);
    // Through the service the stale key's code is simply wrong.
    const err = await rejection(enableMfa(ctx, { totpCode: await codeNow(first.secret) }));
    expect(err.code).toBe("MFA_CODE_INVALID");
  });
});
