import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabaseWithQueues } from "../../../tests/setup/queues";
import { TestClock } from "../../core/clock";
import { type Shipment, shipmentChanges, shipments } from "../../db/schema";
import { eventSubscriptions, jobDefinitions } from "../../jobs/registry";
import { notifyChangesJob, notifyOnShipmentChanged } from "../notifications/notifications.jobs";
import { webhookShipmentEventJob, webhooksOnShipmentChanged } from "../webhooks/webhooks.jobs";
import { applyRefreshResults } from "./refresh/refresh-apply";
import { refreshShipments } from "./refresh.service";
import { shipmentChanged } from "./tracking.events";
import { ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "./tracking.testkit";

// A refresh that writes change records emits one shipment-changed event in its transaction; the
// modules that react subscribe to it where they live, and the tracking module imports none of them.

const t = setupDatabaseWithQueues(jobDefinitions);
const clock = new TestClock("2026-01-20T00:00:00Z");
const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock, jobs: t.jobs() });
let answer = snapshot();
const carriers = scriptedCarriers(() => ok(answer));
const moved = () =>
  snapshot({ departure: "2026-02-03T10:00:00+09:00", arrival: "2026-02-18T08:00:00-08:00" });

async function refresh(s: Shipment, next = answer) {
  answer = next;
  const job = { id: crypto.randomUUID(), shipmentId: s.id, retryCount: 0, retryLimit: 3 };
  await refreshShipments(system(), [job], { carriers, tracking: TEST_SETTINGS });
}

async function jobsOn(queue: string) {
  return t.db.execute<{ data: Record<string, unknown> }>(
    sql`select data from pgboss.job where name = ${queue} order by created_on`,
  );
}

async function trackedShipment() {
  const { team } = await factories(t.db, clock.now()).companyWith("ADMIN");
  const s = await factories(t.db, clock.now()).shipment(team);
  await refresh(s, snapshot());
  return s;
}

describe("the shipment-changed event", () => {
  it("is emitted once per refresh with change records, naming the shipment, its history and changes", async () => {
    const s = await trackedShipment();
    const before = (await jobsOn(shipmentChanged.name)).length;
    // The first snapshot and an unchanged one write no change records: no event.
    await refresh(s, snapshot());
    expect(await jobsOn(shipmentChanged.name)).toHaveLength(before);

    clock.advance(3_600_000);
    await refresh(s, moved());
    const events = (await jobsOn(shipmentChanged.name)).slice(before);
    expect(events).toHaveLength(1);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, s.id));
    const changes = await t.db
      .select({ id: shipmentChanges.id })
      .from(shipmentChanges)
      .where(eq(shipmentChanges.historyId, row?.latestHistoryId ?? ""));
    expect(changes.length).toBeGreaterThan(0);
    expect(events[0]?.data).toEqual({
      shipmentId: s.id,
      companyId: s.companyId,
      teamId: s.teamId,
      historyId: row?.latestHistoryId,
      changeIds: expect.arrayContaining(changes.map((c) => c.id)),
    });
    expect(events[0]?.data.changeIds).toHaveLength(changes.length);
  });

  it("is not emitted by a refresh that rolls back, like its change records", async () => {
    const s = await trackedShipment();
    const events = (await jobsOn(shipmentChanged.name)).length;
    const changes = (await t.db.select().from(shipmentChanges)).length;
    await expect(
      system().tx(async (tx) => {
        await applyRefreshResults(tx, [{ shipmentId: s.id, result: ok(moved()) }], TEST_SETTINGS);
        throw new Error("the refresh fails after writing");
      }),
    ).rejects.toThrow("the refresh fails after writing");
    expect(await jobsOn(shipmentChanged.name)).toHaveLength(events);
    expect(await t.db.select().from(shipmentChanges)).toHaveLength(changes);
  });

  it("becomes one job of each subscriber: e-mail notifications and webhooks", async () => {
    const fanOut = jobDefinitions.find((d) => d.name === shipmentChanged.name);
    if (!fanOut?.handleBatch) throw new Error("no fan-out job for the event in the registry");
    const event = {
      shipmentId: crypto.randomUUID(),
      companyId: crypto.randomUUID(),
      teamId: crypto.randomUUID(),
      historyId: crypto.randomUUID(),
      changeIds: [crypto.randomUUID()],
    };
    const notify = (await jobsOn(notifyChangesJob.name)).length;
    const webhooks = (await jobsOn(webhookShipmentEventJob.name)).length;
    const outcomes = await fanOut.handleBatch(
      system(),
      [{ id: "event-1", data: event, retryCount: 0, retryLimit: 10 }],
      {} as never,
    );
    expect(outcomes).toEqual([{ id: "event-1", status: "completed" }]);
    expect((await jobsOn(notifyChangesJob.name)).slice(notify).map((j) => j.data)).toEqual([
      { historyId: event.historyId },
    ]);
    expect((await jobsOn(webhookShipmentEventJob.name)).slice(webhooks).map((j) => j.data)).toEqual([
      { historyId: event.historyId },
    ]);
    expect(eventSubscriptions).toEqual(
      expect.arrayContaining([notifyOnShipmentChanged, webhooksOnShipmentChanged]),
    );
    // Every subscriber's queue is one the worker runs.
    for (const s of eventSubscriptions) expect(jobDefinitions).toContain(s.job);
  });

  it("keeps the tracking module free of the modules that react to it", () => {
    const dir = join(import.meta.dirname);
    const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !/\.test\.ts$|testkit/.test(f));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(dir, file), "utf8");
      expect(text, file).not.toMatch(/from "\.\.\/(notifications|webhooks|live|mail)\//);
    }
  });
});
