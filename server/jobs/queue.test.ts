import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { silentLog as silent } from "../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../tests/setup/db";
import { TestClock } from "../core/clock";
import { createServiceContext } from "../core/context";
import { outboxTransport } from "../modules/mail/mail.transport";
import { startBoss } from "./boss";
import { defineJob } from "./define";
import { createJobQueue } from "./queue";
import { ensureQueue, startWorkers } from "./worker";

const probe = defineJob({
  name: "test.probe",
  payload: z.object({ shipmentId: z.uuid() }),
  handle: async () => {},
});

let t: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silent, { worker: false, max: 2 });
  await ensureQueue(boss, probe);
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await t.close();
});

const jobsFor = async (id: string) =>
  (
    await t.db.execute(
      sql`select id from pgboss.job where name = 'test.probe' and data->>'shipmentId' = ${id}`,
    )
  ).length;

describe("enqueueing in the transaction of the write", () => {
  const ctx = () =>
    createServiceContext(
      { db: t.db, jobs: createJobQueue(boss), clock: new TestClock(), log: silent },
      { kind: "system", reason: "test" },
    );

  it("creates the job when the transaction commits", async () => {
    const id = crypto.randomUUID();
    await ctx().tx(async (tx) => {
      await tx.jobs.send(probe, { shipmentId: id });
    });
    expect(await jobsFor(id)).toBe(1);
  });

  it("creates no job when the transaction rolls back", async () => {
    const id = crypto.randomUUID();
    await expect(
      ctx().tx(async (tx) => {
        await tx.jobs.send(probe, { shipmentId: id });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await jobsFor(id)).toBe(0);
  });

  it("joins an outer transaction instead of nesting", async () => {
    const id = crypto.randomUUID();
    await expect(
      ctx().tx(async (outer) => {
        await outer.tx(async (inner) => {
          expect(inner.db).toBe(outer.db);
          await inner.jobs.send(probe, { shipmentId: id });
        });
        throw new Error("outer fails after inner finished");
      }),
    ).rejects.toThrow();
    expect(await jobsFor(id)).toBe(0);
  });

  it("validates the payload before sending", async () => {
    await expect(ctx().jobs.send(probe, { shipmentId: "not-a-uuid" })).rejects.toThrow();
  });
});

describe("the worker", () => {
  it("runs a registered handler with the system actor and completes the job", async () => {
    const seen: { actor: string; shipmentId: string }[] = [];
    const recorder = defineJob({
      name: "test.recorder",
      payload: z.object({ shipmentId: z.uuid() }),
      worker: { pollingIntervalSeconds: 0.5 },
      handle: async (ctx, payload) => {
        seen.push({ actor: ctx.actor.kind, shipmentId: payload.shipmentId });
      },
    });
    const workerBoss = await startBoss(t.url, silent, { worker: true, max: 2 });
    try {
      const deps = { db: t.db, jobs: createJobQueue(workerBoss), clock: new TestClock(), log: silent };
      await startWorkers(workerBoss, deps, [recorder], { mail: outboxTransport });
      const id = crypto.randomUUID();
      const jobId = await deps.jobs.send(recorder, { shipmentId: id });
      await expect
        .poll(() => seen, { timeout: 15_000, interval: 200 })
        .toEqual([{ actor: "system", shipmentId: id }]);
      await expect
        .poll(async () => (await workerBoss.getJobById(recorder.name, jobId ?? ""))?.state, {
          timeout: 15_000,
        })
        .toBe("completed");
    } finally {
      await workerBoss.stop({ graceful: false, close: true });
    }
  });
});
