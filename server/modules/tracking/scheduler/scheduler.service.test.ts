import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabaseWithQueues } from "../../../../tests/setup/queues";
import { HOUR_MS, TestClock } from "../../../core/clock";
import { type Shipment, shipments } from "../../../db/schema";
import { trackingJobs } from "../tracking.jobs";
import { TEST_SETTINGS } from "../tracking.testkit";
import { scheduleDueRefreshes } from "./scheduler.service";

const t = setupDatabaseWithQueues(trackingJobs);
const clock = new TestClock("2026-03-01T00:00:00Z");

const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs: t.jobs() });

async function jobsFor(ids: string[]) {
  const rows = await t.db.execute<{ name: string; key: string }>(
    sql`select name, singleton_key as key from pgboss.job where name like 'tracking.refresh.%'`,
  );
  return rows.filter((r) => ids.includes(r.key));
}

async function team() {
  return (await factories(t.db).companyWith("ADMIN")).team;
}
const reload = async (s: Shipment) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0] as Shipment;

describe("the refresh scheduler", () => {
  it("queues due active shipments on their line's queue, WAITING, with the next refresh an interval on", async () => {
    const f = factories(t.db);
    const tm = await team();
    const past = new Date(clock.now().getTime() - HOUR_MS);
    const due = [
      await f.shipment(tm, { shippingLine: "MAERSK", nextRefreshAt: past }),
      await f.shipment(tm, { shippingLine: "MSC", nextRefreshAt: clock.now() }),
    ];
    const later = await f.shipment(tm, { nextRefreshAt: new Date(clock.now().getTime() + HOUR_MS) });
    const archived = await f.shipment(tm, { nextRefreshAt: past, archivedAt: past });

    expect(await scheduleDueRefreshes(system(), TEST_SETTINGS)).toBe(2);
    const jobs = await jobsFor([...due, later, archived].map((s) => s.id));
    expect(jobs.map((j) => [j.name, j.key]).sort()).toEqual(
      [
        ["tracking.refresh.MAERSK", due[0]?.id],
        ["tracking.refresh.MSC", due[1]?.id],
      ].sort(),
    );
    for (const s of due) {
      const row = await reload(s);
      expect(row.queueStatus).toBe("WAITING");
      const next = (row.nextRefreshAt as Date).getTime() - clock.now().getTime();
      expect(next).toBeGreaterThanOrEqual(TEST_SETTINGS.refreshIntervalMs - TEST_SETTINGS.refreshJitterMs);
      expect(next).toBeLessThanOrEqual(TEST_SETTINGS.refreshIntervalMs + TEST_SETTINGS.refreshJitterMs);
    }
    expect((await reload(later)).queueStatus).toBe("SLEEPING");
    expect(await scheduleDueRefreshes(system(), TEST_SETTINGS)).toBe(0);
  });

  it("spreads the next refreshes of shipments created together", async () => {
    const f = factories(t.db);
    const tm = await team();
    const list = await Promise.all(
      Array.from({ length: 30 }, () => f.shipment(tm, { nextRefreshAt: clock.now() })),
    );
    await scheduleDueRefreshes(system(), TEST_SETTINGS);
    const next = new Set(
      await Promise.all(list.map(async (s) => (await reload(s)).nextRefreshAt?.getTime())),
    );
    expect(next.size).toBeGreaterThan(25);
  });

  it("never claims a shipment twice when schedulers run at once", async () => {
    const f = factories(t.db);
    const tm = await team();
    const list = await Promise.all(
      Array.from({ length: 60 }, () => f.shipment(tm, { nextRefreshAt: clock.now() })),
    );
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => scheduleDueRefreshes(system(), TEST_SETTINGS, { chunk: 7 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    const jobs = await jobsFor(list.map((s) => s.id));
    expect(jobs).toHaveLength(60);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(60);
  });

  it("claims a shipment stuck WAITING past its next refresh again, without a second job", async () => {
    const f = factories(t.db);
    const s = await f.shipment(await team(), { nextRefreshAt: clock.now() });
    await scheduleDueRefreshes(system(), TEST_SETTINGS);
    const first = (await reload(s)).nextRefreshAt as Date;
    clock.advance(7 * HOUR_MS);
    await scheduleDueRefreshes(system(), TEST_SETTINGS);
    const row = await reload(s);
    expect(row.queueStatus).toBe("WAITING");
    expect((row.nextRefreshAt as Date).getTime()).toBeGreaterThan(first.getTime());
    expect(await jobsFor([s.id])).toHaveLength(1);
  });
});
