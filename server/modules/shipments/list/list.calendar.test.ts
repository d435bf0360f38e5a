import { describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { buildCalendarSql } from "./list.internal";
import { selectCalendarDocument } from "./list.queries";
import { authorizeListScope } from "./list.scope";
import { listShipmentsForCalendar } from "./list.service";
import { giveHistory, listWorld } from "./list.testkit";

// The calendar and timeline fetch: every match as columns.

const NOW = new Date("2026-01-15T00:00:00Z");
const t = setupDatabase(NOW);
const world = () => listWorld(t.f);

describe("the calendar and timeline fetch", () => {
  it("answers every match as columns, with epoch times and one-letter statuses", async () => {
    const w = await world();
    const late = await giveHistory(t.db, await t.f.shipment(w.teamA, { title: "late" }), {
      departureTime: "2026-01-10T00:00:00Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-03-01T00:00:00Z",
      loadingPort: ["JPTYO", null],
    });
    const early = await giveHistory(t.db, await t.f.shipment(w.teamA, { title: "early" }), {
      arrivalTime: "2026-02-01T00:00:00Z",
      loadingPort: ["JPTYO", "Tokyo"],
    });
    const none = await t.f.shipment(w.teamA, { title: null, archivedAt: NOW });
    const out = await listShipmentsForCalendar(contextFor(t.db, w.operator), {
      teamId: w.teamA.id,
      tab: "ALL",
    });
    expect(out).toMatchObject({ total: 3, truncated: false });
    const { total: _t, truncated: _u, ...columns } = out;
    for (const values of Object.values(columns)) expect(values).toHaveLength(3);
    // Item i is the i-th entry of every column.
    const items = out.id.map((id, i) =>
      Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, k === "id" ? id : (v as unknown[])[i]])),
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(late.id)).toEqual({
      id: late.id,
      title: "late",
      trackingNumber: late.trackingNumber,
      shippingLine: "MAERSK",
      isArchived: false,
      departureTime: Date.parse("2026-01-10T00:00:00Z"),
      departureTimeStatus: "A",
      arrivalTime: Date.parse("2026-03-01T00:00:00Z"),
      arrivalTimeStatus: "E",
      placeOfDeliveryEta: null,
      placeOfDeliveryEtaStatus: null,
      loadingPort: "JPTYO",
      dischargingPort: null,
    });
    expect(byId.get(early.id)).toMatchObject({
      loadingPort: "Tokyo",
      arrivalTime: Date.parse("2026-02-01T00:00:00Z"),
    });
    expect(byId.get(none.id)).toMatchObject({
      title: null,
      isArchived: true,
      arrivalTime: null,
      arrivalTimeStatus: null,
    });
  });

  it("past 100,000 matches, sends the first by arrival time (the ordered form of the query)", async () => {
    const w = await world();
    const ids = [];
    for (const eta of ["2026-03-01", null, "2026-02-01"]) {
      const s = await t.f.shipment(w.teamA);
      if (eta) await giveHistory(t.db, s, { arrivalTime: `${eta}T00:00:00Z` });
      ids.push(s.id);
    }
    const ctx = contextFor(t.db, w.operator);
    const scope = await authorizeListScope(ctx, w.teamA.id);
    const { document } = buildCalendarSql(scope, { teamId: w.teamA.id, tab: "ALL" }, { ordered: true });
    const doc = JSON.parse(await selectCalendarDocument(t.db, document)) as { id: string[] };
    expect(doc.id).toEqual([ids[2], ids[0], ids[1]]);
  });

  it("answers empty columns when nothing matches", async () => {
    const w = await world();
    const out = await listShipmentsForCalendar(contextFor(t.db, w.operator), {
      teamId: w.teamA.id,
      tab: "ONGOING",
    });
    expect(out).toMatchObject({ total: 0, truncated: false, id: [], arrivalTime: [] });
  });
});
