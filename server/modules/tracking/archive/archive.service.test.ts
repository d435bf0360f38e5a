import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../../tests/factories";
import { contextFor } from "../../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../../tests/setup/db";
import { DAY_MS, HOUR_MS, TestClock } from "../../../core/clock";
import { activities, type Shipment, shipments } from "../../../db/schema";
import type { TrackingResult } from "../../carriers/carriers.types";
import { refreshShipments } from "../refresh.service";
import { ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "../tracking.testkit";
import { autoArchiveShipments } from "./archive.service";

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.close());

const ARRIVAL = "2026-02-15T00:00:00Z";
const clock = new TestClock("2026-01-20T00:00:00Z");
const system = () => contextFor(t.db, { kind: "system", reason: "test" }, { clock });
const reload = async (s: Shipment) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0] as Shipment;
const archive = () => autoArchiveShipments(system(), { failureThreshold: 3 });

async function tracked(result: TrackingResult, options: { days?: number; line?: "MSC" | "MAERSK" } = {}) {
  const f = factories(t.db);
  const { company } = await f.companyWith("ADMIN");
  const team = await f.team(company.id, { daysToArchiveAfterDelivery: options.days ?? 7 });
  const s = await f.shipment(team, { shippingLine: options.line ?? "MAERSK" });
  const carriers = scriptedCarriers(() => result);
  await refreshShipments(system(), [{ id: s.id, shipmentId: s.id, retryCount: 0, retryLimit: 0 }], {
    carriers,
    tracking: TEST_SETTINGS,
  });
  return s;
}

describe("auto-archive", () => {
  it("archives the team's days after the place-of-delivery ETA, recording why", async () => {
    const inland = {
      ...snapshot({ arrival: ARRIVAL }),
      placeOfDelivery: { locode: "USCHI", name: "Chicago" },
      placeOfDeliveryEta: "2026-02-20T00:00:00Z",
    };
    const s = await tracked(ok(inland), { days: 3 });
    clock.set(new Date(Date.parse("2026-02-23T00:00:00Z") - HOUR_MS));
    await archive();
    expect((await reload(s)).archivedAt).toBeNull();
    clock.set("2026-02-23T00:00:00Z");
    await archive();
    const row = await reload(s);
    expect(row.archivedAt).toEqual(clock.now());
    expect(row.isArchived).toBe(true);
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, s.id));
    expect(logged.map((a) => [a.kind, a.params])).toEqual([
      ["tracking.autoArchived", { reason: "AFTER_DELIVERY", days: 3, basis: "PLACE_OF_DELIVERY_ETA" }],
    ]);
    // Archived once: the next day's pass leaves it (and its activity) alone.
    clock.advance(DAY_MS);
    await archive();
    expect(await t.db.select().from(activities).where(eq(activities.shipmentId, s.id))).toHaveLength(1);
  });

  it("counts from the ETA when there is no place-of-delivery ETA", async () => {
    clock.set("2026-01-20T00:00:00Z");
    const s = await tracked(ok({ ...snapshot({ arrival: ARRIVAL }), placeOfDeliveryEta: null }), { days: 5 });
    clock.set("2026-02-19T23:00:00Z");
    await archive();
    expect((await reload(s)).archivedAt).toBeNull();
    clock.set("2026-02-20T00:00:00Z");
    await archive();
    expect((await reload(s)).archivedAt).toEqual(clock.now());
  });

  it("gives MSC shipments 21 days whatever the team says", async () => {
    clock.set("2026-01-20T00:00:00Z");
    const s = await tracked(ok(snapshot({ arrival: ARRIVAL })), { days: 2, line: "MSC" });
    clock.set("2026-03-07T23:00:00Z");
    await archive();
    expect((await reload(s)).archivedAt).toBeNull();
    clock.set("2026-03-08T00:00:00Z");
    await archive();
    expect((await reload(s)).archivedAt).toEqual(clock.now());
  });

  it("leaves shipments with no schedule yet, and archives a number the carrier rejects for good", async () => {
    clock.set("2026-01-20T00:00:00Z");
    const f = factories(t.db);
    const { team } = await f.companyWith("ADMIN");
    const fresh = await f.shipment(team);
    const rejected = await f.shipment(team, {
      isFailing: true,
      failedReason: "INVALID_NUMBER",
      consecutiveFailures: 5,
    });
    await archive();
    expect((await reload(fresh)).archivedAt).toBeNull();
    expect((await reload(rejected)).archivedAt).toEqual(clock.now());
  });
});
