import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLog } from "../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { loadConfig } from "../config";
import { TestClock } from "../core/clock";
import type { ServiceDeps } from "../core/context";
import { jobsHandled } from "../core/metrics";
import { outboxTransport } from "../modules/mail/mail.transport";
import { defaultWebhookRuntime } from "../modules/webhooks/webhooks.runtime";
import { startBoss } from "./boss";
import { defineJob, type JobDefinition, missingParts, type WorkerRuntime } from "./define";
import { createJobQueue } from "./queue";
import { jobDefinitions } from "./registry";
import { createJobRuntime } from "./runtime";
import { startWorkers } from "./worker";

// What the worker promises every job (docs/decisions/0083-job-runtime-parts.md): a payload its
// schema refuses is failed once, for good, with the reason and without its values; a handler gets
// exactly the runtime parts its job declares; a worker missing a declared part does not start.

let t: TestDatabase;
let sender: PgBoss;
const workers: PgBoss[] = [];
const logged: Record<string, unknown>[] = [];
const log = pino(
  { level: "warn" },
  { write: (line: string) => void logged.push(JSON.parse(line)) },
) as unknown as FastifyBaseLogger;
let deps: ServiceDeps;

beforeAll(async () => {
  t = await freshDatabase();
  sender = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  deps = { db: t.db, jobs: createJobQueue(sender), clock: new TestClock(), log };
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop({ graceful: false, close: true });
});
afterAll(async () => {
  await sender?.stop({ graceful: false, close: true });
  await t?.close();
});

async function worker(defs: JobDefinition[], runtime: WorkerRuntime) {
  const boss = await startBoss(t.url, silentLog, { worker: true, max: 2 });
  workers.push(boss);
  await startWorkers(boss, deps, defs, runtime);
  return boss;
}

const jobRow = async (id: string) =>
  (
    await t.db.execute<{ state: string; retry_count: number; output: Record<string, unknown> | null }>(
      sql`select state, retry_count, output from pgboss.job where id = ${id}::uuid`,
    )
  )[0];

describe("a payload the job's schema refuses", () => {
  it("is failed once with the reason, never retried, and logged without its values", async () => {
    const ran: number[] = [];
    const def = defineJob({
      name: "test.contract-invalid",
      payload: z.object({ n: z.number() }),
      // Retries due at once: a retried job would be run again within the wait below.
      options: { retryLimit: 3, retryDelay: 0 },
      worker: { batchSize: 5, pollingIntervalSeconds: 0.5 },
      handle: async (_ctx, { n }) => {
        ran.push(n);
      },
    });
    await worker([def], {});
    // Sent around the schema (as an older release's payload, or a hand-made one, would arrive).
    const invalidId = await sender.send(def.name, { n: "alice@example.com" });
    const validId = await sender.send(def.name, { n: 7 });
    await expect
      .poll(async () => (await jobRow(validId ?? ""))?.state, { timeout: 15_000 })
      .toBe("completed");
    await expect.poll(async () => (await jobRow(invalidId ?? ""))?.state, { timeout: 15_000 }).toBe("failed");

    const row = await jobRow(invalidId ?? "");
    expect(row?.retry_count).toBe(0);
    expect(row?.output).toEqual({ error: "invalid payload", reason: "n: invalid_type" });
    expect(ran).toEqual([7]);
    const warning = logged.find((l) => l.jobId === invalidId);
    expect(warning).toMatchObject({ queue: def.name, reason: "n: invalid_type" });
    expect(JSON.stringify(logged)).not.toContain("alice@example.com");
    // Counted in jobs_total as what it is: one job dead-lettered, one completed.
    const counted = (await jobsHandled.get()).values.filter((v) => v.labels.queue === def.name);
    expect(Object.fromEntries(counted.map((v) => [v.labels.outcome, v.value]))).toEqual({
      completed: 1,
      deadletter: 1,
    });
  });
});

describe("the runtime parts a job declares", () => {
  it("are exactly what its handler receives", async () => {
    const seen: Record<string, unknown>[] = [];
    const def = defineJob({
      name: "test.contract-parts",
      payload: z.object({}),
      needs: ["appUrl", "mail"],
      worker: { pollingIntervalSeconds: 0.5 },
      handle: async (_ctx, _payload, parts) => {
        // @ts-expect-error a part the job did not declare is not on its handler's type
        void parts.webhooks;
        seen.push({ ...parts });
      },
    });
    const runtime: WorkerRuntime = {
      mail: outboxTransport,
      appUrl: "http://app.test",
      webhooks: defaultWebhookRuntime(),
    };
    await worker([def], runtime);
    await sender.send(def.name, {});
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(1);
    expect(seen[0]).toEqual({ appUrl: "http://app.test", mail: outboxTransport });
  });

  it("that the worker lacks keep it from starting, before any queue is touched", async () => {
    const def = defineJob({
      name: "test.contract-missing",
      payload: z.object({}),
      needs: ["carriers", "mail"],
      handle: async () => {},
    });
    await expect(worker([def], { mail: outboxTransport })).rejects.toThrow(
      "the worker cannot start: its runtime lacks parts its jobs need (test.contract-missing needs carriers)",
    );
    expect(await sender.getQueue(def.name)).toBeNull();
  });

  it("of every registered job are all built by createJobRuntime", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/x",
      SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    expect(missingParts(jobDefinitions, createJobRuntime(config, silentLog, {}))).toEqual([]);
    // And the check sees a part that is missing.
    expect(missingParts(jobDefinitions, { mail: outboxTransport })).toContain(
      "tracking.schedule-refreshes needs tracking",
    );
  });
});
