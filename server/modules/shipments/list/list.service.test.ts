import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { favorites, historyContainers, shipmentHistories, shipments } from "../../../db/schema";
import { listShipments } from "./list.service";
import { giveHistory, listInput, listWorld } from "./list.testkit";

// shipments_v2: the latest history's columns on the list (kept by the trigger), tabs, sort and
// paging, and the search box. Scoping: list.scope.test.ts; calendar: list.calendar.test.ts.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);
const world = () => listWorld(t.f);

describe("the list columns of the latest history", () => {
  it("are copied by the trigger when latest_history_id changes, and follow a newer history", async () => {
    const w = await world();
    const s = await t.f.shipment(w.teamA, { title: "Parts", ownerUserId: w.operator.id, createdAt: NOW });
    await giveHistory(t.db, s, {
      loadingPort: ["JPTYO", "Tokyo"],
      dischargingPort: ["USLAX", "Los Angeles"],
      departureTime: "2026-01-20T00:00:00Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-02-10T00:00:00Z",
      vessels: ["EVER GIVEN", "MSC OSCAR"],
      vesselVoyage: "012E",
      containers: ["MSCU1234566", "TGHU7654320"],
    });
    const ctx = contextFor(t.db, w.operator);
    const [item] = (await listShipments(ctx, listInput(w.teamA.id))).items;
    expect(item).toMatchObject({
      id: s.id,
      teamName: "Tokyo desk",
      title: "Parts",
      loadingPort: { locode: "JPTYO", name: "Tokyo" },
      dischargingPort: { locode: "USLAX", name: "Los Angeles" },
      placeOfReceipt: null,
      departureTime: "2026-01-20T00:00:00.000Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-02-10T00:00:00.000Z",
      arrivalTimeStatus: "ESTIMATED",
      vesselName: "EVER GIVEN",
      vesselVoyage: "012E",
      containers: ["MSCU1234566", "TGHU7654320"],
      owner: { id: w.operator.id, nickname: "Hanako", color: w.operator.color },
      isFavoriteForViewer: false,
      createdAt: NOW.toISOString(),
    });

    await giveHistory(t.db, s, { arrivalTime: "2026-02-12T00:00:00Z", containers: ["ZZZU0000005"] });
    const [after] = (await listShipments(ctx, listInput(w.teamA.id))).items;
    expect(after).toMatchObject({
      arrivalTime: "2026-02-12T00:00:00.000Z",
      loadingPort: null,
      vesselName: null,
    });
    expect(after?.containers).toEqual(["ZZZU0000005"]);
  });

  it("are cleared when the latest history is deleted (latest_history_id set null)", async () => {
    const w = await world();
    const s = await giveHistory(t.db, await t.f.shipment(w.teamA), {
      arrivalTime: "2026-02-10T00:00:00Z",
      containers: ["MSCU1234566"],
    });
    await t.db.delete(historyContainers).where(eq(historyContainers.historyId, s.latestHistoryId as string));
    await t.db.delete(shipmentHistories).where(eq(shipmentHistories.id, s.latestHistoryId as string));
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, s.id));
    expect(row).toMatchObject({ latestHistoryId: null, arrivalTime: null, containerNumbers: [] });
  });
});

describe("tabs", () => {
  let w: Awaited<ReturnType<typeof world>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    w = await world();
    ids.active = (await t.f.shipment(w.teamA, { title: "active" })).id;
    ids.favorite = (await t.f.shipment(w.teamA, { title: "favorite" })).id;
    ids.archived = (await t.f.shipment(w.teamA, { title: "archived", archivedAt: NOW })).id;
    ids.archivedFavorite = (await t.f.shipment(w.teamA, { title: "archived favorite", archivedAt: NOW })).id;
    for (const id of [ids.favorite, ids.archivedFavorite]) {
      await t.db.insert(favorites).values({ userId: w.operator.id, shipmentId: id as string });
    }
    // Another member's favorite is not the viewer's.
    await t.db.insert(favorites).values({ userId: w.manager.id, shipmentId: ids.active as string });
  });

  const titles = async (tab: "ONGOING" | "FAVORITES" | "ARCHIVED" | "ALL") =>
    (
      await listShipments(contextFor(t.db, w.operator), listInput(w.teamA.id, { tab, orderBy: "title" }))
    ).items.map((i) => i.title);

  it("Ongoing is every shipment not archived", async () => {
    expect(await titles("ONGOING")).toEqual(["active", "favorite"]);
  });
  it("Favorites is the viewer's favorites that are not archived", async () => {
    expect(await titles("FAVORITES")).toEqual(["favorite"]);
  });
  it("Archived is every archived shipment", async () => {
    expect(await titles("ARCHIVED")).toEqual(["archived", "archived favorite"]);
  });
  it("All is everything, with the viewer's favorite flag", async () => {
    const { items } = await listShipments(
      contextFor(t.db, w.operator),
      listInput(w.teamA.id, { orderBy: "title" }),
    );
    expect(items.map((i) => [i.title, i.isFavoriteForViewer, i.isArchived])).toEqual([
      ["active", false, false],
      ["archived", false, true],
      ["archived favorite", true, true],
      ["favorite", true, false],
    ]);
  });
});

describe("sort and paging", () => {
  it("defaults to arrival time ascending with unknown arrivals last, ties by id, and pages without overlap", async () => {
    const w = await world();
    const made: { id: string; eta: string | null }[] = [];
    const etas = ["2026-03-01", null, "2026-02-01", "2026-02-01", null, "2026-01-20", "2026-02-01"];
    for (const eta of etas) {
      const s = await t.f.shipment(w.teamA);
      if (eta) await giveHistory(t.db, s, { arrivalTime: `${eta}T00:00:00Z` });
      made.push({ id: s.id, eta });
    }
    const expected = [...made]
      .sort((a, b) =>
        a.eta === b.eta
          ? a.id.localeCompare(b.id)
          : a.eta === null
            ? 1
            : b.eta === null
              ? -1
              : a.eta.localeCompare(b.eta),
      )
      .map((m) => m.id);
    const ctx = contextFor(t.db, w.operator);
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await listShipments(ctx, listInput(w.teamA.id, { page, perPage: 3 })));
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(expected);
    expect(pages.map((p) => p.pagination)).toEqual([
      { total: 7, hasNextPage: true },
      { total: 7, hasNextPage: true },
      { total: 7, hasNextPage: false },
    ]);

    const desc = await listShipments(ctx, listInput(w.teamA.id, { orderByType: "DESC" }));
    const descEtas = desc.items.map((i) => i.arrivalTime?.slice(0, 10) ?? null);
    expect(descEtas).toEqual([
      "2026-03-01",
      "2026-02-01",
      "2026-02-01",
      "2026-02-01",
      "2026-01-20",
      null,
      null,
    ]);
  });

  it("sorts by a text column and by a place's name", async () => {
    const w = await world();
    await giveHistory(t.db, await t.f.shipment(w.teamA, { title: "b" }), { loadingPort: ["JPUKB", "Kobe"] });
    await giveHistory(t.db, await t.f.shipment(w.teamA, { title: "c" }), {
      loadingPort: ["CNSHA", "Shanghai"],
    });
    await giveHistory(t.db, await t.f.shipment(w.teamA, { title: "a" }), {
      loadingPort: ["BEANR", "Antwerp"],
    });
    const ctx = contextFor(t.db, w.operator);
    const by = async (orderBy: "title" | "loadingPort", orderByType: "ASC" | "DESC") =>
      (await listShipments(ctx, listInput(w.teamA.id, { orderBy, orderByType }))).items.map((i) => i.title);
    expect(await by("title", "ASC")).toEqual(["a", "b", "c"]);
    expect(await by("title", "DESC")).toEqual(["c", "b", "a"]);
    expect(await by("loadingPort", "ASC")).toEqual(["a", "b", "c"]);
  });

  it("refuses more than 100 a page in list mode", async () => {
    const w = await world();
    await expect(
      listShipments(contextFor(t.db, w.operator), listInput(w.teamA.id, { perPage: 101 })),
    ).rejects.toThrow();
  });
});

describe("the search box", () => {
  it("matches every word anywhere: title, numbers, ports, vessel, remark, custom fields, containers; Japanese of any length", async () => {
    const w = await world();
    const a = await t.f.shipment(w.teamA, { title: "東京向け 部品", trackingNumber: "BKAAA111" });
    await giveHistory(t.db, a, { vessels: ["ONE HARMONY"], containers: ["TGHU7654320"] });
    const b = await t.f.shipment(w.teamA, { remark: "冷凍 100%保証", customField2: "PO-778" });
    await giveHistory(t.db, b, { dischargingPort: ["JPOSA", "大阪"] });
    const ctx = contextFor(t.db, w.operator);
    const search = async (fullTextQuery: string) =>
      (await listShipments(ctx, listInput(w.teamA.id, { fullTextQuery }))).items.map((i) => i.id).sort();
    expect(await search("東")).toEqual([a.id]);
    expect(await search("部品")).toEqual([a.id]);
    expect(await search("harmony")).toEqual([a.id]);
    expect(await search("7654")).toEqual([a.id]);
    expect(await search("aaa111")).toEqual([a.id]);
    expect(await search("大阪")).toEqual([b.id]);
    expect(await search("jposa")).toEqual([b.id]);
    expect(await search("po-778")).toEqual([b.id]);
    expect(await search("冷凍　100%")).toEqual([b.id]);
    // % and _ are literal characters, not patterns.
    expect(await search("0%")).toEqual([b.id]);
    expect(await search("_")).toEqual([]);
    expect(await search("東京 大阪")).toEqual([]);
    expect(await search("  ")).toEqual([a.id, b.id].sort());
  });
});
