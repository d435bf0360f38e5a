import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLog } from "../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { TestClock } from "../core/clock";
import type { ServiceDeps } from "../core/context";
import { outboxTransport } from "../modules/mail/mail.transport";
import { startBoss } from "./boss";
import { defineJob, type JobDefinition, type JobTiming } from "./define";
import { createJobQueue } from "./queue";
import { ensureQueue, startWorkers } from "./worker";

// Real pg-boss, real Postgres. A worker that vanishes holding a job (it claimed the job and then
// neither completed it nor touched it again: what kill -9 leaves behind) must not keep the job
// until its expiry; delayed jobs and retries must not wait for the backstop poll; and a backlog
// must drain without a poll between jobs. Timing is never asserted tightly: every wait below is
// far shorter than what the old behaviour needed (the 5-minute expiry, the 10-minute poll set
// here), and far longer than the new one needs.

const FAST: JobTiming = {
  heartbeatRefreshSeconds: 0.5,
  lostAfterSeconds: 2,
  reclaimEverySeconds: 0.5,
  dueScanSeconds: 0.5,
};
/** Polling that never fires within a test: anything that runs was woken, not polled. */
const NO_POLL = { pollingIntervalSeconds: 600, notifyPollingIntervalSeconds: 600 };

let t: TestDatabase;
let sender: PgBoss;
let deps: ServiceDeps;
const workers: PgBoss[] = [];

beforeAll(async () => {
  t = await freshDatabase();
  sender = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  deps = { db: t.db, jobs: createJobQueue(sender), clock: new TestClock(), log: silentLog };
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop({ graceful: false, close: true });
});
afterAll(async () => {
  await sender?.stop({ graceful: false, close: true });
  await t?.close();
});

async function worker(defs: JobDefinition[], timing: JobTiming = FAST) {
  const boss = await startBoss(t.url, silentLog, { worker: true, max: 3 });
  workers.push(boss);
  await startWorkers(boss, deps, defs, { mail: outboxTransport }, timing);
  return boss;
}

function recorder(
  name: string,
  options: JobDefinition["options"],
  run: (n: number) => Promise<void> = async () => {},
) {
  const ran: number[] = [];
  const def = defineJob({
    name,
    payload: z.object({ n: z.number() }),
    options,
    worker: NO_POLL,
    handle: async (_ctx, { n }) => {
      ran.push(n);
      await run(n);
    },
  });
  return { def, ran };
}

const jobRow = async (id: string) =>
  (
    await t.db.execute<{ state: string; retry_count: number; output: { lostClaims?: number } | null }>(
      sql`select state, retry_count, output from pgboss.job where id = ${id}::uuid`,
    )
  )[0];

describe("a job whose worker died", () => {
  it("runs on another worker long before its expiry, and its lost attempt is not a failure", {
    timeout: 90_000,
  }, async () => {
    // No retries left and five minutes of expiry: before, the job sat active for five minutes
    // and then ended as failed ("job timed out") though nothing was wrong with it.
    const { def, ran } = recorder("test.recover", { retryLimit: 0, expireInSeconds: 300 });
    await ensureQueue(sender, def);
    const id = await sender.send(def.name, { n: 1 });
    const [claimed] = await sender.fetch(def.name);
    expect(claimed?.id).toBe(id);
    // The claimant vanishes here: no completion, no heartbeat.

    await worker([def]);
    await expect.poll(() => ran, { timeout: 60_000, interval: 200 }).toEqual([1]);
    await expect.poll(async () => (await jobRow(id ?? ""))?.state, { timeout: 10_000 }).toBe("completed");
  });

  it("leaves a live worker's long job alone: its heartbeat keeps the claim", {
    timeout: 60_000,
  }, async () => {
    const { def, ran } = recorder(
      "test.long",
      { retryLimit: 2 },
      () => new Promise((r) => setTimeout(r, 5_000)),
    );
    await ensureQueue(sender, def);
    const id = await sender.send(def.name, { n: 7 });
    await worker([def]);
    await expect
      .poll(async () => (await jobRow(id ?? ""))?.state, { timeout: 30_000, interval: 200 })
      .toBe("completed");
    expect(ran).toEqual([7]);
    expect((await jobRow(id ?? ""))?.retry_count).toBe(0);
  });
});

/**
 * A worker process of its own (the production startWorkers) whose handler announces the job it
 * got and never finishes: the test kills it with SIGKILL while it holds the job.
 */
const DYING_WORKER = `
  const { startBoss } = await import(${JSON.stringify(path.resolve("server/jobs/boss.ts"))});
  const { startWorkers } = await import(${JSON.stringify(path.resolve("server/jobs/worker.ts"))});
  const { defineJob } = await import(${JSON.stringify(path.resolve("server/jobs/define.ts"))});
  const { createDb } = await import(${JSON.stringify(path.resolve("server/db/client.ts"))});
  const { systemClock } = await import(${JSON.stringify(path.resolve("server/core/clock.ts"))});
  const { z } = await import("zod");
  const quiet = { error() {}, warn() {}, info() {}, debug() {}, child() { return quiet; } };
  const url = process.env.DB_URL;
  const boss = await startBoss(url, quiet, { worker: true, max: 3 });
  const db = createDb(url, { max: 2 });
  const def = defineJob({
    name: process.env.QUEUE,
    payload: z.object({ n: z.number() }),
    options: { retryLimit: 0, expireInSeconds: 300 },
    worker: { pollingIntervalSeconds: 600, notifyPollingIntervalSeconds: 600 },
    handle: async (_ctx, { n }) => {
      console.log("claimed " + n);
      await new Promise(() => {});
    },
  });
  const deps = { db: db.db, jobs: null, clock: systemClock, log: quiet };
  await startWorkers(boss, deps, [def], { mail: null }, JSON.parse(process.env.TIMING));
  console.log("ready");
`;

describe("a worker process killed with SIGKILL while it runs a job", () => {
  it("has the job run by another worker, once, and completed", { timeout: 120_000 }, async () => {
    const { def, ran } = recorder("test.killed", { retryLimit: 0, expireInSeconds: 300 });
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", DYING_WORKER], {
      env: { ...process.env, DB_URL: t.url, QUEUE: def.name, TIMING: JSON.stringify(FAST) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      await expect.poll(() => stdout, { timeout: 60_000, interval: 100 }).toContain("ready");
      const id = await sender.send(def.name, { n: 5 });
      await expect.poll(() => stdout, { timeout: 20_000, interval: 100 }).toContain("claimed 5");
      child.kill("SIGKILL");
      await exited;
      expect((await jobRow(id ?? ""))?.state).toBe("active");

      await worker([def]);
      await expect.poll(() => ran, { timeout: 60_000, interval: 200 }).toEqual([5]);
      await expect.poll(async () => (await jobRow(id ?? ""))?.state, { timeout: 10_000 }).toBe("completed");
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("jobs that come due later", () => {
  it("runs a delayed job when it is due, not at the next poll", { timeout: 60_000 }, async () => {
    const { def, ran } = recorder("test.delayed", { retryLimit: 0 });
    await worker([def]);
    await sender.send(def.name, { n: 2 }, { startAfter: 2 });
    await expect.poll(() => ran, { timeout: 30_000, interval: 200 }).toEqual([2]);
  });

  it("runs a retry when its delay is over, not at the next poll", { timeout: 60_000 }, async () => {
    let failures = 0;
    const { def, ran } = recorder("test.retry", { retryLimit: 2, retryDelay: 2 }, async () => {
      if (failures++ === 0) throw new Error("first attempt fails");
    });
    await worker([def]);
    await sender.send(def.name, { n: 3 });
    await expect.poll(() => ran, { timeout: 30_000, interval: 200 }).toEqual([3, 3]);
  });
});

describe("a backlog", () => {
  it("drains one job after another without waiting for a poll, one worker slot, one job a fetch", {
    timeout: 90_000,
  }, async () => {
    const { def, ran } = recorder("test.backlog", { retryLimit: 0 });
    await ensureQueue(sender, def);
    await sender.insert(
      def.name,
      Array.from({ length: 200 }, (_, n) => ({ data: { n } })),
    );
    await worker([{ ...def, worker: { ...NO_POLL, batchSize: 1, localConcurrency: 1 } }]);
    await expect.poll(() => ran.length, { timeout: 60_000, interval: 200 }).toBe(200);
    expect(new Set(ran).size).toBe(200);
  });
});
