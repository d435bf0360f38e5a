import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabaseWithQueues } from "../../../tests/setup/queues";
import { TestClock } from "../../core/clock";
import { activities, aisVesselPositions, companies, shipments } from "../../db/schema";
import { giveVoyage } from "../ais/ais.testkit";
import { requestRefresh, updateShipmentPosition } from "../shipments/tracking-requests.service";
import { refreshShipments } from "./refresh.service";
import { queueFirstRefresh } from "./tracking.internal";
import { trackingJobs } from "./tracking.jobs";
import { ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "./tracking.testkit";

const t = setupDatabaseWithQueues(trackingJobs);
const clock = new TestClock("2026-01-15T00:00:00Z");

const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock, jobs: t.jobs() });
const jobs = async (shipmentId: string) =>
  t.db.execute<{ state: string; priority: number }>(
    sql`select state, priority from pgboss.job where name like 'tracking.refresh.%' and singleton_key = ${shipmentId}`,
  );
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code,
  );

async function world() {
  const f = factories(t.db);
  const { company, team, user: operator } = await f.companyWith("OPERATOR");
  await f.contract(company.id, { plan: "PREMIUM", maxMembers: 100, maxTrackings: 1000 });
  const shipment = await f.shipment(team);
  return { f, company, team, operator, shipment };
}

describe("manual refresh (tracking.refresh)", () => {
  it("queues one refresh ahead of the scheduled ones, however often it is asked for", async () => {
    const { operator, shipment } = await world();
    expect(await requestRefresh(as(operator), { shipmentId: shipment.id })).toEqual({
      shipmentId: shipment.id,
      queueStatus: "WAITING",
      queued: true,
    });
    const again = await Promise.all([
      requestRefresh(as(operator), { shipmentId: shipment.id }),
      requestRefresh(as(operator), { shipmentId: shipment.id }),
    ]);
    expect(again.map((r) => r.queued)).toEqual([false, false]);
    expect(await jobs(shipment.id)).toEqual([{ state: "created", priority: 10 }]);
    const logged = await t.db.select().from(activities).where(eq(activities.shipmentId, shipment.id));
    expect(logged).toEqual([
      expect.objectContaining({ kind: "tracking.refreshRequested", actorUserId: operator.id }),
    ]);
  });

  it("is a no-op while the refresh runs, and possible again once it is done", async () => {
    const { operator, shipment } = await world();
    await requestRefresh(as(operator), { shipmentId: shipment.id });
    const [fetched] = await t.boss
      .fetch<{ shipmentId: string }>(`tracking.refresh.${shipment.shippingLine}`, {
        batchSize: 100,
      })
      .then((list) => list.filter((j) => j.data.shipmentId === shipment.id));
    expect(fetched).toBeDefined();
    await t.db.update(shipments).set({ queueStatus: "FETCHING" }).where(eq(shipments.id, shipment.id));
    expect((await requestRefresh(as(operator), { shipmentId: shipment.id })).queueStatus).toBe("FETCHING");

    const carriers = scriptedCarriers(() => ok(snapshot()));
    const system = as({ kind: "system", reason: "test" });
    const job = { id: fetched?.id ?? "", shipmentId: shipment.id, retryCount: 0, retryLimit: 3 };
    await refreshShipments(system, [job], { carriers, tracking: TEST_SETTINGS });
    await t.boss.complete(`tracking.refresh.${shipment.shippingLine}`, fetched?.id ?? "");
    expect((await requestRefresh(as(operator), { shipmentId: shipment.id })).queued).toBe(true);
    expect((await jobs(shipment.id)).map((j) => j.state).sort()).toEqual(["completed", "created"]);
  });

  it("does nothing for an archived shipment", async () => {
    const { f, team, operator } = await world();
    const archived = await f.shipment(team, { archivedAt: clock.now() });
    expect((await requestRefresh(as(operator), { shipmentId: archived.id })).queued).toBe(false);
    expect(await jobs(archived.id)).toHaveLength(0);
  });

  it("is refused to Readonly members, and to anyone outside the shipment's company or team", async () => {
    const { f, company, team, shipment } = await world();
    const readonly = await f.user({ companyId: company.id, role: "READONLY" });
    await f.teamMember(team, readonly);
    const outsider = await f.user({ companyId: company.id, role: "OPERATOR" });
    const foreign = (await f.companyWith("ADMIN")).user;
    expect(await codeOf(requestRefresh(as(readonly), { shipmentId: shipment.id }))).toBe("PERMISSION_DENIED");
    expect(await codeOf(requestRefresh(as(outsider), { shipmentId: shipment.id }))).toBe(
      "SHIPMENT_NOT_FOUND",
    );
    expect(await codeOf(requestRefresh(as(foreign), { shipmentId: shipment.id }))).toBe("SHIPMENT_NOT_FOUND");
    expect(await codeOf(requestRefresh(as({ kind: "anonymous" }), { shipmentId: shipment.id }))).toBe(
      "UNAUTHENTICATED",
    );
    expect(await jobs(shipment.id)).toHaveLength(0);
  });

  it("lets Admins, and Managers with the headquarters view, refresh any team's shipment", async () => {
    const { f, company, shipment } = await world();
    const admin = await f.user({ companyId: company.id, role: "ADMIN" });
    const manager = await f.user({ companyId: company.id, role: "MANAGER" });
    expect(await codeOf(requestRefresh(as(manager), { shipmentId: shipment.id }))).toBe("SHIPMENT_NOT_FOUND");
    await t.db.update(companies).set({ isHeadquarterEnabled: true }).where(eq(companies.id, company.id));
    expect((await requestRefresh(as(manager), { shipmentId: shipment.id })).queued).toBe(true);
    expect((await requestRefresh(as(admin), { shipmentId: shipment.id })).queueStatus).toBe("WAITING");
  });

  it("queues the first refresh of new shipments at once (for the services that create them)", async () => {
    const { f, team } = await world();
    const created = [
      await f.shipment(team, { shippingLine: "ONE" }),
      await f.shipment(team, { shippingLine: "MSC" }),
    ];
    await queueFirstRefresh(as({ kind: "system", reason: "test" }), created);
    for (const s of created) {
      expect(await jobs(s.id)).toEqual([{ state: "created", priority: 10 }]);
      expect((await t.db.select().from(shipments).where(eq(shipments.id, s.id)))[0]?.queueStatus).toBe(
        "WAITING",
      );
    }
  });
});

describe("the vessel position on demand (tracking.updateAis)", () => {
  it("puts the vessel's newest AIS position onto the shipment, with a predicted arrival", async () => {
    const { f, operator, shipment } = await world();
    const mmsi = String(431_000_000 + Math.floor(Math.random() * 999_999));
    await giveVoyage(t.db, shipment, [{ vesselName: "ONE APUS", mmsi, dischargingPortLocode: "USLAX" }]);
    await t.db.insert(aisVesselPositions).values({
      mmsi,
      latitude: 35,
      longitude: 170,
      sog: 20,
      cog: 80,
      reportedAt: new Date(clock.now().getTime() - 10 * 60_000),
    });
    const position = await updateShipmentPosition(as(operator), { shipmentId: shipment.id });
    expect(position).toMatchObject({ shipmentId: shipment.id, latitude: 35, longitude: 170 });
    expect(position.predictedArrivalAt?.getTime()).toBeGreaterThan(clock.now().getTime());

    const foreign = (await f.companyWith("ADMIN")).user;
    expect(await codeOf(updateShipmentPosition(as(foreign), { shipmentId: shipment.id }))).toBe(
      "SHIPMENT_NOT_FOUND",
    );
  });
});
