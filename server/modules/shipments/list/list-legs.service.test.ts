import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { comments, favorites, historyVessels, shipments, subscriptions } from "../../../db/schema";
import { placeOf, sharedPlaceOf } from "../places";
import { isoFloored } from "./list.internal";
import { listShipments, type ShipmentListItemWithLegs } from "./list.service";
import { giveHistory, listInput, listWorld } from "./list.testkit";

// listShipments with `legs`: the list page with each latest history's legs, read by the page's own
// statement and sent as JSON arrays (list.queries listPageOfTuplesQuery). Its items are the list's
// own, field for field, plus the legs.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);

/** The page with its legs, as the GraphQL resolver asks for it. */
async function listShipmentsWithLegs(...[ctx, input]: Parameters<typeof listShipments>) {
  const page = await listShipments(ctx, input, "console", { legs: true });
  return { ...page, items: page.items as ShipmentListItemWithLegs[] };
}

describe("listShipments with legs", () => {
  it("answers every item field as listShipments does, with the latest history's legs in order", async () => {
    const w = await listWorld(t.f);
    const full = await t.f.shipment(w.teamA, {
      title: "Parts",
      ownerUserId: w.operator.id,
      createdAt: NOW,
      remark: "Fragile",
      customField1: "PO-1",
      customField3: "Line 3",
      requestedEtd: "2026-01-19",
      requestedEta: "2026-02-09",
      initialEtd: new Date("2026-01-18T00:00:00.123Z"),
      isFailing: true,
      failedReason: "Not found",
      lastFailedReason: "Timeout",
      lastScrapedAt: new Date("2026-01-14T23:59:59.999Z"),
    });
    await giveHistory(t.db, full, {
      placeOfReceipt: ["CNSHA", "Shanghai"],
      loadingPort: ["JPTYO", "Tokyo"],
      dischargingPort: ["USLAX", null],
      placeOfDelivery: [null, "Denver"],
      departureTime: "2026-01-20T00:00:00Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-02-10T00:00:00Z",
      placeOfDeliveryEta: "2026-02-14T00:00:00Z",
      vessels: ["EVER GIVEN", "MSC OSCAR", "FEEDER"],
      vesselVoyage: "012E",
      containers: ["TGHU7654320", "MSCU1234566"],
    });
    await t.db
      .update(historyVessels)
      .set({ imo: "9811000", voyage: "012E", departureTime: new Date("2026-01-20T00:00:00.5Z") })
      .where(eq(historyVessels.vesselName, "EVER GIVEN"));
    await t.db.insert(favorites).values({ shipmentId: full.id, userId: w.operator.id });
    await t.db.insert(subscriptions).values({ shipmentId: full.id, userId: w.operator.id });
    await t.db
      .insert(comments)
      .values({ shipmentId: full.id, userId: w.manager.id, companyId: w.company.id, content: "Late?" });
    await t.f.shipment(w.teamA, { title: "Bare", createdAt: NOW });
    const other = await t.f.shipment(w.teamB, { title: "Osaka", ownerUserId: w.admin.id, createdAt: NOW });
    await giveHistory(t.db, other, { arrivalTime: "2026-03-01T00:00:00Z" });
    await t.db.update(shipments).set({ archivedAt: NOW }).where(eq(shipments.id, other.id));

    for (const [viewer, teamId] of [
      [w.operator, w.teamA.id],
      [w.admin, null],
    ] as const) {
      const ctx = contextFor(t.db, viewer);
      for (const input of [listInput(teamId), listInput(teamId, { perPage: 2, page: 2, orderBy: "title" })]) {
        const plain = await listShipments(ctx, input);
        const withLegs = await listShipmentsWithLegs(ctx, input);
        expect(withLegs.pagination).toEqual(plain.pagination);
        expect(withLegs.items.map(({ latestHistoryVessels: _legs, ...item }) => item)).toEqual(plain.items);
      }
    }

    const ctx = contextFor(t.db, w.operator);
    const items = (await listShipmentsWithLegs(ctx, listInput(w.teamA.id, { orderBy: "title" }))).items;
    expect(items.map((i) => i.title)).toEqual(["Bare", "Parts"]);
    expect(items[0]?.latestHistoryVessels).toEqual([]);
    expect(items[1]?.latestHistoryVessels).toEqual([
      {
        id: expect.any(String),
        sequence: 0,
        vesselName: "EVER GIVEN",
        imo: "9811000",
        mmsi: null,
        voyage: "012E",
        loadingPort: null,
        dischargingPort: null,
        departureTime: "2026-01-20T00:00:00.500Z",
        departureTimeStatus: null,
        arrivalTime: null,
        arrivalTimeStatus: null,
      },
      expect.objectContaining({ sequence: 1, vesselName: "MSC OSCAR" }),
      expect.objectContaining({ sequence: 2, vesselName: "FEEDER" }),
    ]);
    expect(items[1]).toMatchObject({
      isFavoriteForViewer: true,
      isNotificationEnabledForViewer: true,
      hasUnreadCommentForViewer: true,
    });
  });

  it("reads only the leg fields listed, whatever their order, and every leg without any", async () => {
    const w = await listWorld(t.f);
    const shipment = await t.f.shipment(w.teamA, { title: "Parts", createdAt: NOW });
    await giveHistory(t.db, shipment, { vessels: ["EVER GIVEN", "FEEDER"] });
    await t.db
      .update(historyVessels)
      .set({ voyage: "012E", loadingPortLocode: "JPTYO", departureTime: new Date("2026-01-20T00:00:00.5Z") })
      .where(eq(historyVessels.vesselName, "EVER GIVEN"));
    const ctx = contextFor(t.db, w.operator);
    const legsOf = async (legs: Parameters<typeof listShipments>[3]) => {
      const page = await listShipments(ctx, listInput(w.teamA.id), "api", legs);
      return (page.items as ShipmentListItemWithLegs[])[0]?.latestHistoryVessels;
    };
    const listed = await legsOf({ legs: ["departureTime", "voyage", "loadingPort", "vesselName"] });
    expect(listed).toEqual([
      {
        vesselName: "EVER GIVEN",
        voyage: "012E",
        loadingPort: sharedPlaceOf("JPTYO", null),
        departureTime: "2026-01-20T00:00:00.500Z",
      },
      { vesselName: "FEEDER", voyage: null, loadingPort: null, departureTime: null },
    ]);
    // The fields in one order for every selection (LEG_FIELDS'), so every leg has one shape.
    expect(listed?.map((leg) => Object.keys(leg))).toEqual([
      ["vesselName", "voyage", "loadingPort", "departureTime"],
      ["vesselName", "voyage", "loadingPort", "departureTime"],
    ]);
    expect(await legsOf({ legs: [] })).toEqual([{}, {}]);
    const every = await legsOf({ legs: true });
    expect(every?.map((leg) => leg.vesselName)).toEqual(["EVER GIVEN", "FEEDER"]);
    expect(Object.keys(every?.[0] ?? {})).toHaveLength(12);
  });

  it("refuses what listShipments refuses, before reading anything", async () => {
    const w = await listWorld(t.f);
    const ctx = contextFor(t.db, w.operator);
    await expect(listShipmentsWithLegs(ctx, listInput(w.teamB.id))).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
    await expect(
      listShipmentsWithLegs(ctx, listInput(w.foreign.team?.id ?? w.teamB.id)),
    ).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
    await expect(listShipmentsWithLegs(ctx, listInput(null))).rejects.toMatchObject({
      code: expect.any(String),
    });
  });
});

describe("the legs' times and places", () => {
  it("writes a time as toISOString does, floored to the millisecond, whatever the year", () => {
    const samples = [
      0, 0.9, 1.5, 951_782_400_000, 4_107_542_399_999.999, 253_402_300_799_999, -1, -86_400_000.5,
    ];
    // Leap days, month ends and random instants from 1970 to 9999, and outside it.
    for (let day = 0; day < 2_932_897; day += 997)
      samples.push(day * 86_400_000 + ((day * 7919) % 86_400_000) + 0.25);
    for (let i = 0; i < 2000; i += 1) samples.push(Math.random() * 260_000_000_000_000 - 1_000_000_000_000);
    for (const ms of samples) expect(isoFloored(ms)).toBe(new Date(Math.floor(ms)).toISOString());
    expect(isoFloored(null)).toBeNull();
  });

  it("shares one place per locode and name, equal to placeOf's", () => {
    for (const [locode, name] of [
      ["JPTYO", "Tokyo"],
      ["JPTYO", null],
      ["XXZZZ", null],
      [null, "Denver"],
      ["", ""],
      [null, null],
    ] as const) {
      expect(sharedPlaceOf(locode, name)).toEqual(placeOf(locode, name));
      expect(sharedPlaceOf(locode, name)).toBe(sharedPlaceOf(locode, name));
    }
    expect(sharedPlaceOf("JPTYO", "Tokyo")).not.toBe(sharedPlaceOf("JPTYO", null));
  });
});
