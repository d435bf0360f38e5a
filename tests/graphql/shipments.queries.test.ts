import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipments } from "../../server/db/schema";
import { createComment } from "../../server/modules/shipments/comments.service";
import { startTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";
import { graphqlClient, shipmentsWithHistory, shipmentsWorld, signIn } from "./shipments.kit";

// The shipments queries of the API (spec 01 §7) over HTTP with the console session: shipment by id
// and by share token, shipments_v2, the failing check and search suggestions, each with a refusal.

let t: TestApp;
let world: Awaited<ReturnType<typeof shipmentsWorld>>;
let admin: ReturnType<typeof graphqlClient>;
let readonly: ReturnType<typeof graphqlClient>;
let foreign: ReturnType<typeof graphqlClient>;
let anonymous: ReturnType<typeof graphqlClient>;
let listed: Awaited<ReturnType<typeof shipmentsWithHistory>>;

beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  world = await shipmentsWorld(t.database.db, now);
  listed = await shipmentsWithHistory(t.database.db, world.f, world.team, world.members.OPERATOR.id, 3);
  admin = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.ADMIN.id));
  readonly = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.members.READONLY.id));
  foreign = graphqlClient(t.url, await signIn(t.database.db, t.clock, world.foreign.user.id));
  anonymous = graphqlClient(t.url, null);
});
afterAll(() => t?.close());

const DETAIL = /* GraphQL */ `
  query ($id: ID, $shareToken: String) {
    shipment(id: $id, shareToken: $shareToken) {
      id title trackingNumber trackingType shippingLine isArchived queueStatus createdAt shareToken
      owner { id nickname email }
      team { id name customField1Name }
      teamPublicSettings { enableRequestedEta }
      isFavoriteForViewer isFavorite isNotificationEnabledForViewer hasUnreadCommentForViewer
      comments { content user { nickname } isOwn }
      shipmentActivities { kind content }
      shipmentHistories { id vessels { vesselName } }
      latestHistory {
        status loadingPort { locode name } arrivalTime arrivalTimeStatus
        vessels { sequence vesselName } containers { containerNumber }
      }
    }
  }`;

describe("shipment(id)", () => {
  it("answers the detail with its owner, team, comments, activities and histories", async () => {
    const target = listed[0];
    if (!target) throw new Error("no shipment");
    const ctx = contextFor(t.database.db, world.members.OPERATOR, { clock: t.clock });
    await createComment(ctx, { shipmentId: target.id, content: "Is the vessel on time?" });
    const res = await admin(DETAIL, { id: target.id });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const s = res.body.data.shipment;
    expect(s).toMatchObject({
      id: target.id,
      title: "Shipment 0",
      trackingType: "BOOKING_NUMBER",
      shippingLine: "MAERSK",
      isArchived: false,
      owner: { id: world.members.OPERATOR.id, email: world.members.OPERATOR.email },
      team: { id: world.team.id, name: "Tokyo desk", customField1Name: "PO" },
      isFavorite: false,
      hasUnreadCommentForViewer: true,
      comments: [{ content: "Is the vessel on time?", user: { nickname: "OPERATOR person" }, isOwn: false }],
    });
    expect(typeof s.shareToken).toBe("string");
    expect(s.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(s.latestHistory).toMatchObject({
      status: "success",
      loadingPort: { locode: "JPTYO", name: "Tokyo" },
      arrivalTime: "2026-03-01T00:00:00.000Z",
      arrivalTimeStatus: "ESTIMATED",
      vessels: [
        { sequence: 0, vesselName: "FEEDER 0" },
        { sequence: 1, vesselName: "MOTHER 0" },
      ],
      containers: [{ containerNumber: "MSCU1000001" }, { containerNumber: "TGHU2000007" }],
    });
    expect(s.shipmentHistories).toHaveLength(1);
    expect(s.shipmentHistories[0].vessels).toHaveLength(2);
  });

  it("hides the share token from a Readonly member, as the detail page does", async () => {
    const res = await readonly(`query ($id: ID) { shipment(id: $id) { id shareToken } }`, {
      id: listed[0]?.id,
    });
    expect(res.body.data.shipment).toEqual({ id: listed[0]?.id, shareToken: null });
  });

  it("answers another company's shipment as not found", async () => {
    const res = await foreign(`query ($id: ID) { shipment(id: $id) { id } }`, { id: listed[0]?.id });
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.extensions.code).toBe("SHIPMENT_NOT_FOUND");
  });

  it("refuses an anonymous caller", async () => {
    const res = await anonymous(`query ($id: ID) { shipment(id: $id) { id } }`, { id: listed[0]?.id });
    expect(res.body.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("wants exactly one of id and shareToken", async () => {
    const res = await admin(`{ shipment { id } }`);
    expect(res.body.errors?.[0]?.extensions.code).toBe("VALIDATION_FAILED");
  });

  it("refuses a malformed id with the schema's message", async () => {
    const res = await admin(`{ shipment(id: "nope") { id } }`);
    expect(res.body.errors?.[0]?.extensions.code).toBe("VALIDATION_FAILED");
    expect(res.body.errors?.[0]?.extensions.issues?.[0]?.path).toEqual(["shipmentId"]);
  });
});

describe("shipment(shareToken)", () => {
  const SHARED = /* GraphQL */ `
    query ($shareToken: String) {
      shipment(shareToken: $shareToken) {
        shareToken title trackingNumber shippingLine isArchived
        latestHistory { loadingPort { locode } vessels { vesselName } containers { containerNumber } }
      }
    }`;

  it("answers anyone holding the link with what the share page shows", async () => {
    const target = listed[1];
    if (!target?.shareToken) throw new Error("no share token");
    const res = await anonymous(SHARED, { shareToken: target.shareToken });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.shipment).toMatchObject({
      shareToken: target.shareToken,
      title: "Shipment 1",
      latestHistory: {
        loadingPort: { locode: "JPTYO" },
        vessels: [{ vesselName: "FEEDER 1" }, { vesselName: "MOTHER 1" }],
        containers: [{ containerNumber: "MSCU1000017" }, { containerNumber: "TGHU2000012" }],
      },
    });
  });

  it("refuses what only members see (owner, comments, remark)", async () => {
    const target = listed[1];
    const res = await anonymous(
      `query ($s: String) { shipment(shareToken: $s) { title owner { email } remark } }`,
      {
        s: target?.shareToken,
      },
    );
    const codes = res.body.errors?.map((e) => e.extensions.code);
    expect(codes).toEqual(["PERMISSION_DENIED", "PERMISSION_DENIED"]);
    expect(res.body.data.shipment).toEqual({ title: "Shipment 1", owner: null, remark: null });
  });

  it("answers a revoked or unknown token as not found", async () => {
    const res = await anonymous(SHARED, { shareToken: "no-such-token-at-all" });
    expect(res.body.errors?.[0]?.extensions.code).toBe("SHIPMENT_NOT_FOUND");
  });
});

const LIST = /* GraphQL */ `
  query ($teamId: ID, $perPage: Int, $page: Int, $searchInputs: [SearchInput!], $fullTextQuery: String) {
    shipments_v2(teamId: $teamId, tab: ALL, orderBy: arrivalTime, orderByType: DESC, page: $page,
      perPage: $perPage, searchInputs: $searchInputs, fullTextQuery: $fullTextQuery) {
      items { id title owner { nickname email } team { name } teamPublicSettings { enableInitialEta }
        latestHistory { vesselVoyage vessels { vesselName } containers { containerNumber } } }
      pagination { total hasNextPage }
    }
  }`;

describe("shipments_v2", () => {
  it("answers a sorted page with nested histories and the pagination", async () => {
    const res = await admin(LIST, { teamId: world.team.id, perPage: 2, page: 1 });
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.shipments_v2;
    expect(page.pagination).toEqual({ total: 3, hasNextPage: true });
    expect(page.items.map((i: { title: string }) => i.title)).toEqual(["Shipment 2", "Shipment 1"]);
    expect(page.items[0]).toMatchObject({
      owner: { nickname: "OPERATOR person", email: world.members.OPERATOR.email },
      team: { name: "Tokyo desk" },
      latestHistory: {
        vesselVoyage: "V2",
        vessels: [{ vesselName: "FEEDER 2" }, { vesselName: "MOTHER 2" }],
        containers: [{ containerNumber: "MSCU1000022" }, { containerNumber: "TGHU2000028" }],
      },
    });
  });

  it("answers the latest history of each item as the detail does, and null before the first fetch", async () => {
    const fresh = await world.f.shipment(world.team, { title: "Not fetched yet" });
    const FIELDS = `id status createdAt failedReason loadingPort { locode name timeZone } arrivalTime
      arrivalTimeStatus vesselVoyage vessels { sequence vesselName } containers { containerNumber }`;
    const list = await admin(
      `query ($t: ID) { shipments_v2(teamId: $t, tab: ALL) { items { id latestHistory { ${FIELDS} } } } }`,
      { t: world.team.id },
    );
    expect(list.body.errors).toBeUndefined();
    const items = list.body.data.shipments_v2.items as { id: string; latestHistory: unknown }[];
    expect(items.find((i) => i.id === fresh.id)?.latestHistory).toBeNull();
    for (const s of listed) {
      const detail = await admin(`query ($id: ID) { shipment(id: $id) { latestHistory { ${FIELDS} } } }`, {
        id: s.id,
      });
      expect(items.find((i) => i.id === s.id)?.latestHistory).toEqual(
        detail.body.data.shipment.latestHistory,
      );
    }
    await t.database.db.delete(shipments).where(eq(shipments.id, fresh.id));
  });

  it("answers every field of the legs on the list as the detail does, microsecond times included", async () => {
    const [first] = listed;
    if (!first?.latestHistoryId) throw new Error("no listed shipment with a history");
    // Postgres keeps microseconds; the list's legs are read by their own statement, the detail's
    // through the driver, and both must answer the same instant.
    await t.database.db.execute(sql`
      update history_vessels set imo = '9806079', mmsi = '431234000', voyage = '012E',
        loading_port_locode = 'JPTYO', loading_port_name = 'Tokyo',
        discharging_port_locode = 'USLAX', discharging_port_name = 'Los Angeles',
        departure_time = '2026-02-01T03:04:05.123456Z', departure_time_status = 'ACTUAL',
        arrival_time = '2026-02-17T16:00:00.999999Z', arrival_time_status = 'ESTIMATED'
      where history_id = ${first.latestHistoryId} and sequence = 0`);
    const VESSEL = `vessels { id sequence vesselName imo mmsi voyage loadingPort { locode name }
      dischargingPort { locode name } departureTime departureTimeStatus arrivalTime arrivalTimeStatus }`;
    const list = await admin(
      `query ($t: ID) { shipments_v2(teamId: $t, tab: ALL) { items { id latestHistory { ${VESSEL} } } } }`,
      { t: world.team.id },
    );
    const detail = await admin(`query ($id: ID) { shipment(id: $id) { latestHistory { ${VESSEL} } } }`, {
      id: first.id,
    });
    expect(list.body.errors).toBeUndefined();
    expect(detail.body.errors).toBeUndefined();
    const item = (list.body.data.shipments_v2.items as { id: string; latestHistory: unknown }[]).find(
      (i) => i.id === first.id,
    );
    const legs = detail.body.data.shipment.latestHistory.vessels;
    expect(legs[0]).toMatchObject({
      imo: "9806079",
      voyage: "012E",
      loadingPort: { locode: "JPTYO", name: "Tokyo" },
      departureTime: "2026-02-01T03:04:05.123Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-02-17T16:00:00.999Z",
    });
    expect(item?.latestHistory).toEqual(detail.body.data.shipment.latestHistory);
  });

  it("filters by conditions and the search box, and lists headquarters for teamId null", async () => {
    const byCondition = await admin(LIST, {
      teamId: null,
      searchInputs: [{ field: "vesselVoyage", operator: "IS", value: "V1" }],
    });
    expect(byCondition.body.data.shipments_v2.items.map((i: { title: string }) => i.title)).toEqual([
      "Shipment 1",
    ]);
    const byText = await admin(LIST, { teamId: "HEADQUARTER", fullTextQuery: "MSCU1000022" });
    expect(byText.body.data.shipments_v2.items.map((i: { title: string }) => i.title)).toEqual([
      "Shipment 2",
    ]);
  });

  it("refuses an operator not allowed for the field", async () => {
    const res = await admin(LIST, {
      teamId: world.team.id,
      searchInputs: [{ field: "arrivalTime", operator: "CONTAINS", value: "x" }],
    });
    expect(res.body.errors?.[0]?.extensions.code).toBe("VALIDATION_FAILED");
  });

  it("refuses a page larger than the calendar's 100,000", async () => {
    const res = await admin(LIST, { teamId: world.team.id, perPage: 100_001 });
    expect(res.body.errors?.[0]?.extensions.code).toBe("VALIDATION_FAILED");
  });

  it("answers another company's team as not found", async () => {
    const res = await foreign(LIST, { teamId: world.team.id });
    expect(res.body.errors?.[0]?.extensions.code).toBe("TEAM_NOT_FOUND");
  });
});

describe("shipments (the failing check)", () => {
  it("answers the failing shipments in view, with the filters", async () => {
    const failing = listed[2];
    if (!failing) throw new Error("no shipment");
    await t.database.db.update(shipments).set({ isFailing: true }).where(eq(shipments.id, failing.id));
    const query = `query ($teamId: ID, $archived: Boolean, $term: String) {
      shipments(teamIdForSearch: $teamId, isArchived: $archived, searchTerm: $term) { id isFailing } }`;
    const res = await admin(query, { teamId: world.team.id, archived: false });
    expect(res.body.data.shipments).toEqual([{ id: failing.id, isFailing: true }]);
    const archived = await admin(query, { teamId: world.team.id, archived: true });
    expect(archived.body.data.shipments).toEqual([]);
    const other = await admin(query, { teamId: world.team.id, term: "MSCU1000001" });
    expect(other.body.data.shipments).toEqual([]);
  });

  it("refuses another company", async () => {
    const res = await foreign(`query ($t: ID) { shipments(teamIdForSearch: $t) { id } }`, {
      t: world.team.id,
    });
    expect(res.body.errors?.[0]?.extensions.code).toBe("TEAM_NOT_FOUND");
  });
});

describe("shipmentSearchSuggestion", () => {
  it("suggests the values in view", async () => {
    const res = await admin(
      `query ($t: ID) { shipmentSearchSuggestion(field: vesselVoyage, query: "V", teamId: $t) { value label } }`,
      { t: world.team.id },
    );
    expect(res.body.data.shipmentSearchSuggestion.map((s: { value: string }) => s.value)).toEqual([
      "V0",
      "V1",
      "V2",
    ]);
  });

  it("refuses another company's team", async () => {
    const res = await foreign(
      `query ($t: ID) { shipmentSearchSuggestion(field: title, query: "", teamId: $t) { value } }`,
      { t: world.team.id },
    );
    expect(res.body.errors?.[0]?.extensions.code).toBe("TEAM_NOT_FOUND");
  });
});
