import { inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor, silentLog } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { shipments } from "../../db/schema";
import { startBoss } from "../../jobs/boss";
import { createJobQueue } from "../../jobs/queue";
import { startWorkers } from "../../jobs/worker";
import { outboxTransport } from "../mail/mail.transport";
import { REFRESH_JOBS } from "./refresh/refresh.jobs";
import { scheduleDueRefreshes } from "./scheduler/scheduler.service";
import { failure, ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "./tracking.testkit";

// The refresh queues as the worker runs them: pg-boss hands batches to the batch handler, which
// settles each job by its own outcome.

let t: TestDatabase;
let boss: PgBoss;
const clock = new TestClock("2026-01-20T00:00:00Z");
const unavailable = new Set<string>();
const carriers = scriptedCarriers((_line, number) =>
  unavailable.has(number) ? failure("CARRIER_UNAVAILABLE") : ok(snapshot()),
);

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silentLog, { worker: true, max: 6 });
  const deps = { db: t.db, jobs: createJobQueue(boss), clock, log: silentLog };
  const tracking = {
    ...TEST_SETTINGS,
    lines: { ...TEST_SETTINGS.lines, MAERSK: { concurrency: 2, batchSize: 8, ratePerMinute: 0 } },
  };
  await startWorkers(boss, deps, [REFRESH_JOBS.MAERSK], { mail: outboxTransport, carriers, tracking });
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await t.close();
});

describe("the refresh worker", () => {
  it("refreshes queued shipments in batches and completes their jobs; a transient failure goes to retry", async () => {
    const f = factories(t.db);
    const { team } = await f.companyWith("ADMIN");
    const list = await Promise.all(
      Array.from({ length: 20 }, () => f.shipment(team, { nextRefreshAt: clock.now() })),
    );
    const flaky = list[0]?.trackingNumber ?? "";
    unavailable.add(flaky);
    const ctx = contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs: createJobQueue(boss) });
    expect(await scheduleDueRefreshes(ctx, TEST_SETTINGS)).toBe(20);

    const ids = list.map((s) => s.id);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(shipments).where(inArray(shipments.id, ids)))
            .map((s) => `${s.queueStatus}:${s.latestHistoryId ? "history" : "none"}`)
            .sort(),
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([...Array(19).fill("SLEEPING:history"), "WAITING:none"].sort());
    const states = await t.db.execute<{ key: string; state: string }>(
      sql`select singleton_key as key, state from pgboss.job where name = 'tracking.refresh.MAERSK'`,
    );
    const byKey = new Map(states.map((s) => [s.key, s.state]));
    expect(byKey.get(list[0]?.id ?? "")).toBe("retry");
    expect(list.slice(1).every((s) => byKey.get(s.id) === "completed")).toBe(true);
  });
});
