import type { PgBoss } from "pg-boss";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLog } from "../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { loadConfig } from "../config";
import { TestClock } from "../core/clock";
import { createServiceContext } from "../core/context";
import { BOSS_SCHEMA, startBoss } from "./boss";
import { DEFAULT_JOB_TIMING, defineJob } from "./define";
import { createJobQueue } from "./queue";
import { jobDefinitions } from "./registry";
import { createJobRuntime } from "./runtime";
import { ensureQueue, FALLBACK_POLLING_SECONDS, workerOptions } from "./worker";

// An idle system once ran ~40 polling transactions a second (every queue's every
// local worker fetching each 2 s). Queues now notify on each new job and workers LISTEN, so idle
// polling is a slow backstop whose rate is bounded here, not measured over time.

const probe = defineJob({
  name: "test.notify-probe",
  payload: z.object({ n: z.number() }),
  handle: async () => {},
});
const legacy = defineJob({ name: "test.legacy-queue", payload: z.object({}), handle: async () => {} });

let t: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silentLog, { worker: false, max: 2 });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: true });
  await t?.close();
});

describe("queues that wake their workers", () => {
  it("creates every queue with notify, and turns it on for a queue created without it", async () => {
    await ensureQueue(boss, probe);
    expect((await boss.getQueue(probe.name))?.notify).toBe(true);
    await boss.createQueue(legacy.name, {});
    expect((await boss.getQueue(legacy.name))?.notify).toBe(false);
    await ensureQueue(boss, legacy);
    expect((await boss.getQueue(legacy.name))?.notify).toBe(true);
  });

  it("notifies listeners when the sending transaction commits, not before", async () => {
    await ensureQueue(boss, probe);
    const listener = postgres(t.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await listener<{ channel: string }[]>`
        select 'pgboss_' || left(encode(sha224(${BOSS_SCHEMA}::bytea), 'hex'), 24) as channel`;
      const heard: string[] = [];
      let wake: () => void = () => {};
      const arrived = new Promise<void>((resolve) => {
        wake = resolve;
      });
      await listener.listen(row?.channel ?? "", (payload) => {
        heard.push(payload);
        wake();
      });
      const ctx = createServiceContext(
        { db: t.db, jobs: createJobQueue(boss), clock: new TestClock(), log: silentLog },
        { kind: "system", reason: "test" },
      );
      await ctx.tx(async (tx) => {
        await tx.jobs.send(probe, { n: 1 });
        // Still uncommitted: a worker woken now would find nothing.
        await t.db.execute("select 1");
        expect(heard).toEqual([]);
      });
      await arrived;
      expect(heard).toContain(probe.name);
    } finally {
      await listener.end();
    }
  });

  it("listens for notifications in worker processes only", async () => {
    const listeners = async () =>
      Number(
        (
          await t.sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`
        )[0]?.n ?? 0,
      );
    expect(await listeners()).toBe(0);
    const worker = await startBoss(t.url, silentLog, { worker: true, max: 3 });
    try {
      expect(await listeners()).toBe(1);
    } finally {
      await worker.stop({ graceful: false, close: true });
    }
  });
});

describe("the job pool", () => {
  it("plans without JIT: its statements are short, and the due scan runs every second", async () => {
    const { rows } = await boss.getDb().executeSql("show jit");
    expect(rows[0]?.jit).toBe("off");
  });
});

describe("idle polling", () => {
  const runtime = createJobRuntime(
    loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/x",
      SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
    }),
    silentLog,
    {},
  );
  const idleFetchesPerSecond = (pick: (o: ReturnType<typeof workerOptions>) => number) =>
    jobDefinitions.reduce((sum, def) => {
      const options = workerOptions(def, runtime);
      return sum + options.localConcurrency / pick(options);
    }, 0);

  it("stays under two statements a second for every queue a worker runs while notifications work", () => {
    // The backstop fetches, plus the process's due scan and lost-claim sweep (jobs/wakeup.ts), one
    // statement each for all queues, which wake workers for delayed jobs and retries instead.
    const waker = 1 / DEFAULT_JOB_TIMING.dueScanSeconds + 1 / DEFAULT_JOB_TIMING.reclaimEverySeconds;
    const withNotify = idleFetchesPerSecond((o) => o.notifyPollingIntervalSeconds) + waker;
    expect(withNotify).toBeLessThan(2);
    // What it was: every local worker of every queue fetching each 2 s.
    expect(idleFetchesPerSecond(() => FALLBACK_POLLING_SECONDS)).toBeGreaterThan(20 * withNotify);
  });

  it("never makes the backstop poll faster than the fallback", () => {
    for (const def of jobDefinitions) {
      const options = workerOptions(def, runtime);
      expect(options.notifyPollingIntervalSeconds).toBeGreaterThanOrEqual(options.pollingIntervalSeconds);
    }
  });
});
