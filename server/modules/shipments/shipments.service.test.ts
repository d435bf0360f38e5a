import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Role } from "../../../shared/enums";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import {
  commentReads,
  historyContainers,
  historyVessels,
  shipmentChanges,
  shipmentHistories,
  shipments,
} from "../../db/schema";
import { createFavorite, subscribe } from "./collaboration.service";
import { createComment } from "./comments.service";
import { listActivities, listHistories } from "./records.service";
import { deleteShipment, getShipment, getTrackingCount } from "./shipments.service";
import { codeOf } from "./shipments.testkit";
import { updateShipment } from "./update.service";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock });

async function world(role: Role = "OPERATOR", plan?: "PREMIUM") {
  const { f } = t;
  const { company, team, user } = await f.companyWith(role);
  if (plan) await f.contract(company.id, { plan, maxMembers: 100, maxTrackings: 1000 });
  const shipment = await f.shipment(team, { ownerUserId: user.id, title: "Engines" });
  return { f, company, team, user, shipment };
}

/** Two fetches: a first schedule, then the ETA moved; the second is the latest. */
async function withHistories(shipment: { id: string; companyId: string }) {
  const insert = async (at: string, eta: string) => {
    const [h] = await t.db
      .insert(shipmentHistories)
      .values({
        shipmentId: shipment.id,
        companyId: shipment.companyId,
        status: "success",
        loadingPortLocode: "JPTYO",
        loadingPortName: "Tokyo",
        dischargingPortLocode: "NLRTM",
        dischargingPortName: null,
        departureTime: new Date("2026-01-20T00:00:00Z"),
        departureTimeStatus: "ESTIMATED",
        arrivalTime: new Date(eta),
        arrivalTimeStatus: "ESTIMATED",
        createdAt: new Date(at),
      })
      .returning();
    if (!h) throw new Error("no history");
    await t.db.insert(historyVessels).values({
      historyId: h.id,
      sequence: 1,
      vesselName: "EVER GIVEN",
      voyage: "001E",
      loadingPortLocode: "JPTYO",
      dischargingPortLocode: "NLRTM",
      arrivalTime: new Date(eta),
      arrivalTimeStatus: "ESTIMATED",
    });
    await t.db
      .insert(historyContainers)
      .values({ historyId: h.id, containerNumber: "MSCU1234566", sizeType: "40HC" });
    return h;
  };
  const first = await insert("2026-01-15T01:00:00Z", "2026-02-20T00:00:00Z");
  const second = await insert("2026-01-16T01:00:00Z", "2026-02-23T00:00:00Z");
  await t.db.update(shipments).set({ latestHistoryId: second.id }).where(eq(shipments.id, shipment.id));
  return { first, second };
}

describe("getShipment", () => {
  it("answers the detail shape with the latest history, places with coordinates and time zones", async () => {
    const { user, team, shipment } = await world();
    const { second } = await withHistories(shipment);
    const detail = await getShipment(as(user), shipment.id);
    expect(detail).toMatchObject({
      id: shipment.id,
      title: "Engines",
      trackingNumber: shipment.trackingNumber,
      isArchived: false,
      queueStatus: "SLEEPING",
      createdAt: shipment.createdAt.toISOString(),
      owner: { id: user.id, nickname: user.nickname, color: user.color, email: user.email },
      team: { id: team.id, name: team.name, customField1Enabled: false },
      teamPublicSettings: { enableRequestedEtd: false, enableInitialEta: false },
      hasUnreadCommentForViewer: false,
      isFavoriteForViewer: false,
      isNotificationEnabledForViewer: false,
      shareToken: shipment.shareToken,
      company: { isConnectEnabled: false },
      viewerCan: {
        edit: true,
        archive: true,
        delete: false,
        comment: true,
        refresh: true,
        moveTeam: false,
        editCustomFields: false,
      },
    });
    expect(detail.latestHistory).toMatchObject({
      id: second.id,
      status: "success",
      arrivalTime: "2026-02-23T00:00:00.000Z",
      loadingPort: { locode: "JPTYO", name: "Tokyo", timeZone: "Asia/Tokyo" },
      dischargingPort: { locode: "NLRTM", timeZone: "Europe/Amsterdam" },
      vessels: [{ vesselName: "EVER GIVEN", voyage: "001E", arrivalTimeStatus: "ESTIMATED" }],
      containers: [{ containerNumber: "MSCU1234566", sizeType: "40HC" }],
    });
    expect(detail.latestHistory?.loadingPort?.latitude).toEqual(expect.any(Number));
    expect(detail.latestHistory?.dischargingPort?.name).toEqual(expect.any(String));
    // No raw row slips through: only the shape's keys.
    expect(detail).not.toHaveProperty("companyId");
    expect(detail).not.toHaveProperty("searchText");
  });

  it("gives viewer flags and rights per viewer: favorites, subscriptions, unread comments, Readonly", async () => {
    const { f, company, team, user, shipment } = await world("OPERATOR", "PREMIUM");
    const readonly = await f.user({ companyId: company.id, role: "READONLY" });
    await f.teamMember(team, readonly);
    await createFavorite(as(user), shipment.id);
    await subscribe(as(user), shipment.id);
    await createComment(as(user), { shipmentId: shipment.id, content: "Booked" });

    const mine = await getShipment(as(user), shipment.id);
    expect(mine).toMatchObject({
      isFavoriteForViewer: true,
      isNotificationEnabledForViewer: true,
      hasUnreadCommentForViewer: false,
      viewerCan: { edit: true, moveTeam: false, editCustomFields: true },
    });
    const theirs = await getShipment(as(readonly), shipment.id);
    expect(theirs).toMatchObject({
      isFavoriteForViewer: false,
      isNotificationEnabledForViewer: false,
      hasUnreadCommentForViewer: true,
      shareToken: null,
      viewerCan: {
        edit: false,
        archive: false,
        delete: false,
        comment: false,
        refresh: false,
        moveTeam: false,
        editCustomFields: false,
      },
    });
  });

  it("is SHIPMENT_NOT_FOUND for another company's shipment, another team's, or an unknown id", async () => {
    const { f, company, user } = await world();
    const foreign = await world("ADMIN");
    const hidden = await f.shipment(await f.team(company.id));
    for (const id of [foreign.shipment.id, hidden.id, "00000000-0000-4000-8000-000000000000"]) {
      expect(await codeOf(getShipment(as(user), id))).toBe("SHIPMENT_NOT_FOUND");
    }
  });
});

describe("histories and activities", () => {
  it("lists histories oldest to newest and activities newest first, with who acted", async () => {
    const { user, shipment } = await world();
    const { first, second } = await withHistories(shipment);
    const histories = await listHistories(as(user), shipment.id);
    expect(histories.map((h) => h.id)).toEqual([first.id, second.id]);
    expect(histories.map((h) => h.arrivalTime)).toEqual([
      "2026-02-20T00:00:00.000Z",
      "2026-02-23T00:00:00.000Z",
    ]);

    await updateShipment(as(user), { shipmentId: shipment.id, input: { title: "Turbines" } });
    clock.advance(60_000);
    await updateShipment(as(user), { shipmentId: shipment.id, input: { isArchived: true } });
    const list = await listActivities(as(user), shipment.id);
    expect(list.map((a) => a.kind)).toEqual(["shipment.archived", "shipment.fieldChanged"]);
    expect(list[1]).toMatchObject({
      params: { field: "title", from: "Engines", to: "Turbines" },
      actor: { nickname: user.nickname, color: user.color },
    });
  });
});

describe("deleteShipment", () => {
  it("deletes permanently with its histories, comments, activities, favorites and subscriptions", async () => {
    const { f, company, team, shipment } = await world();
    const manager = await f.user({ companyId: company.id, role: "MANAGER" });
    await f.teamMember(team, manager);
    const { first, second } = await withHistories(shipment);
    await t.db.insert(shipmentChanges).values({
      shipmentId: shipment.id,
      companyId: company.id,
      historyId: second.id,
      kind: "ETA",
    });
    await createComment(as(manager), { shipmentId: shipment.id, content: "Delete it" });
    await t.db.insert(commentReads).values({ userId: manager.id, shipmentId: shipment.id });
    await createFavorite(as(manager), shipment.id);
    await subscribe(as(manager), shipment.id);
    await updateShipment(as(manager), { shipmentId: shipment.id, input: { title: "Gone soon" } });

    expect(await deleteShipment(as(manager), shipment.id)).toEqual({ id: shipment.id });
    const left = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from shipments where id = ${shipment.id})
        + (select count(*) from shipment_histories where shipment_id = ${shipment.id})
        + (select count(*) from history_vessels where history_id in (${first.id}, ${second.id}))
        + (select count(*) from history_containers where history_id in (${first.id}, ${second.id}))
        + (select count(*) from shipment_changes where shipment_id = ${shipment.id})
        + (select count(*) from comments where shipment_id = ${shipment.id})
        + (select count(*) from comment_reads where shipment_id = ${shipment.id})
        + (select count(*) from activities where shipment_id = ${shipment.id})
        + (select count(*) from favorites where shipment_id = ${shipment.id})
        + (select count(*) from subscriptions where shipment_id = ${shipment.id}) as n`);
    expect(Number(left[0]?.n)).toBe(0);
    expect(await codeOf(getShipment(as(manager), shipment.id))).toBe("SHIPMENT_NOT_FOUND");
  });

  it.each([
    ["ADMIN", "ok"],
    ["MANAGER", "ok"],
    ["OPERATOR", "PERMISSION_DENIED"],
    ["READONLY", "PERMISSION_DENIED"],
  ] as const)("as %s: %s", async (role, outcome) => {
    const { user, shipment } = await world(role);
    expect(await codeOf(deleteShipment(as(user), shipment.id))).toBe(outcome);
    const rows = await t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipment.id));
    expect(rows).toHaveLength(outcome === "ok" ? 0 : 1);
  });

  it("cannot delete another company's shipment", async () => {
    const { user } = await world("ADMIN");
    const foreign = await world("ADMIN");
    expect(await codeOf(deleteShipment(as(user), foreign.shipment.id))).toBe("SHIPMENT_NOT_FOUND");
    const rows = await t.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.id, foreign.shipment.id));
    expect(rows).toHaveLength(1);
  });
});

describe("getTrackingCount", () => {
  it("counts the company's active shipments against the current contract's maximum", async () => {
    const { f, team, user } = await world("READONLY");
    await f.shipment(team);
    await f.shipment(team, { archivedAt: clock.now() });
    const foreign = await world();
    await f.shipment(foreign.team);
    expect(await getTrackingCount(as(user))).toEqual({ active: 2, max: 100 });
  });
});
