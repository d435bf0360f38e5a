import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLog as silent } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { AppError } from "../../core/app-error";
import { DAY_MS, TestClock } from "../../core/clock";
import { createServiceContext } from "../../core/context";
import { oneTimeTokens, rateLimitBuckets, sessions, users } from "../../db/schema";
import { cleanupExpired } from "./auth.jobs";

let t: TestDatabase;

beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

describe("expired session and token cleanup", () => {
  it("removes what has expired or idled out and keeps the rest", async () => {
    const clock = new TestClock("2026-06-01T00:00:00Z");
    const now = clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const [user] = await t.db
      .insert(users)
      .values({ email: "cleanup@example.com", nickname: "C" })
      .returning();
    const secretHash = new Uint8Array(32);
    await t.db.insert(sessions).values([
      { id: "live", userId: user!.id, secretHash, lastVerifiedAt: at(-1), expiresAt: at(20) },
      { id: "idle", userId: user!.id, secretHash, lastVerifiedAt: at(-11), expiresAt: at(15) },
      { id: "ended", userId: user!.id, secretHash, lastVerifiedAt: at(0), expiresAt: at(-1) },
    ]);
    await t.db.insert(oneTimeTokens).values([
      {
        purpose: "PASSWORD_RESET",
        tokenHash: "a".repeat(64),
        userId: user!.id,
        email: user!.email,
        expiresAt: at(-1),
      },
      {
        purpose: "EMAIL_VERIFICATION",
        tokenHash: "b".repeat(64),
        userId: user!.id,
        email: user!.email,
        expiresAt: at(1),
      },
    ]);
    await t.db.insert(rateLimitBuckets).values([
      { key: "old", count: 3, resetAt: at(-1) },
      { key: "current", count: 1, resetAt: at(1) },
    ]);

    const ctx = createServiceContext(
      { db: t.db, jobs: undefined as never, clock, log: silent },
      { kind: "system", reason: "job" },
    );
    expect(await cleanupExpired(ctx)).toEqual({ sessions: 2, tokens: 1, rateLimits: 1 });
    expect((await t.db.select().from(sessions)).map((s) => s.id)).toEqual(["live"]);
    expect((await t.db.select().from(oneTimeTokens)).map((s) => s.purpose)).toEqual(["EMAIL_VERIFICATION"]);
    expect((await t.db.select().from(rateLimitBuckets)).map((s) => s.key)).toEqual(["current"]);
  });

  it("is not callable by a user", async () => {
    const ctx = createServiceContext(
      { db: t.db, jobs: undefined as never, clock: new TestClock(), log: silent },
      {
        kind: "user",
        userId: crypto.randomUUID(),
        sessionId: "s",
        email: "u@example.com",
        companyId: null,
        role: null,
        emailVerified: true,
        mfaSatisfied: true,
      },
    );
    await expect(cleanupExpired(ctx)).rejects.toBeInstanceOf(AppError);
  });
});
