import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { authorize, loadCompanyGate } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import {
  activities,
  comments,
  historyContainers,
  historyOutputColumns,
  historyVessels,
  shipmentHistories,
  shipments,
  teams,
  users,
} from "../../../db/schema";
import { toContainerEntry, toHistoryEntry } from "../histories.output";
import { placeOf } from "../places";
import { activityColumns } from "../records.service";
import { viewerCan } from "../shipments.detail";
import { toActivity, toComment } from "../shipments.internal";
import type {
  HistoryContainerEntry,
  HistoryVesselEntry,
  ShipmentActivity,
  ShipmentComment,
  ShipmentDetail,
  ShipmentHistoryEntry,
} from "../shipments.output";

// The nested parts of shipments that a service already answered (a list page, a detail), read for
// many shipments at once: one statement per part whatever the number of shipments. Keys come from
// those answers; each function still authorizes and scopes every statement by the actor's company,
// so a key of another company finds nothing.

/**
 * Histories with their legs and containers: three statements sent at once (one round trip), each
 * reading the histories whose ids `ids` selects (a subquery that scopes them by company). Postgres
 * aggregating the children as JSON per history in one statement costs it far more.
 */
async function historiesWithChildren(
  ctx: ServiceContext,
  ids: SQLWrapper,
): Promise<{ shipmentId: string; entry: ShipmentHistoryEntry }[]> {
  const [rows, vessels, containers] = await Promise.all([
    ctx.db
      .select(historyOutputColumns)
      .from(shipmentHistories)
      .where(inArray(shipmentHistories.id, ids))
      .orderBy(asc(shipmentHistories.createdAt), asc(shipmentHistories.id)),
    ctx.db
      .select()
      .from(historyVessels)
      .where(inArray(historyVessels.historyId, ids))
      .orderBy(asc(historyVessels.sequence)),
    ctx.db
      .select()
      .from(historyContainers)
      .where(inArray(historyContainers.historyId, ids))
      .orderBy(asc(historyContainers.containerNumber)),
  ]);
  const historyIds = rows.map((r) => r.id);
  const legs = groupInto(historyIds, vessels, (v) => v.historyId);
  const boxes = groupInto(historyIds, containers, (c) => c.historyId);
  return rows.map((r) => ({
    shipmentId: r.shipmentId,
    entry: toHistoryEntry(r, legs.get(r.id) ?? [], boxes.get(r.id) ?? []),
  }));
}

/**
 * `column = any($1::uuid[])`: one parameter whatever the number of keys, so Postgres plans the
 * statement in a fraction of the time an IN list of 100 parameters takes.
 */
function anyOf(column: AnyPgColumn, keys: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...keys])}::uuid[])`;
}

function groupInto<T>(keys: readonly string[], items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const item of items) map.get(keyOf(item))?.push(item);
  return map;
}

/** A history's own fields, without its legs and containers (batched on their own). */
export type HistoryHead = Omit<ShipmentHistoryEntry, "vessels" | "containers">;

/** By history id: the history's own fields. */
export async function historyHeadsOf(
  ctx: ServiceContext,
  historyIds: readonly string[],
): Promise<Map<string, HistoryHead>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select(historyOutputColumns)
    .from(shipmentHistories)
    .where(and(anyOf(shipmentHistories.id, historyIds), eq(shipmentHistories.companyId, actor.companyId)));
  return new Map(
    rows.map((r) => {
      const { vessels: _v, containers: _c, ...head } = toHistoryEntry(r, [], []);
      return [r.id, head];
    }),
  );
}

/** The ids of the company's histories among `historyIds`, as a subquery that scopes their children. */
function companyHistories(ctx: ServiceContext, companyId: string, historyIds: readonly string[]) {
  return ctx.db
    .select({ id: shipmentHistories.id })
    .from(shipmentHistories)
    .where(and(anyOf(shipmentHistories.id, historyIds), eq(shipmentHistories.companyId, companyId)));
}

interface VesselRow extends Record<string, unknown> {
  id: string;
  history_id: string;
  sequence: number;
  vessel_name: string | null;
  imo: string | null;
  mmsi: string | null;
  voyage: string | null;
  loading_port_locode: string | null;
  loading_port_name: string | null;
  discharging_port_locode: string | null;
  discharging_port_name: string | null;
  departure_time: number | null;
  departure_time_status: HistoryVesselEntry["departureTimeStatus"];
  arrival_time: number | null;
  arrival_time_status: HistoryVesselEntry["arrivalTimeStatus"];
}

// Floored as the driver truncates a timestamp's microseconds when it parses one.
const isoOfMs = (value: number | null) => (value === null ? null : new Date(Math.floor(value)).toISOString());

/**
 * By history id: its legs in order. Every list page with legs asks for this, so it is plain SQL
 * read straight into the answer's shape (times as epoch milliseconds, as the list reads them):
 * the query builder's per-column row mapping cost more than the statement itself.
 */
export async function vesselsOf(
  ctx: ServiceContext,
  historyIds: readonly string[],
): Promise<Map<string, HistoryVesselEntry[]>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db.execute<VesselRow>(sql`
    select v.id, v.history_id, v.sequence, v.vessel_name, v.imo, v.mmsi, v.voyage,
      v.loading_port_locode, v.loading_port_name, v.discharging_port_locode, v.discharging_port_name,
      (extract(epoch from v.departure_time) * 1000)::float8 as departure_time, v.departure_time_status,
      (extract(epoch from v.arrival_time) * 1000)::float8 as arrival_time, v.arrival_time_status
    from history_vessels v
    join shipment_histories h on h.id = v.history_id
    where h.id = any(${sql.param([...historyIds])}::uuid[]) and h.company_id = ${actor.companyId}
    order by v.sequence`);
  const out = new Map<string, HistoryVesselEntry[]>(historyIds.map((k) => [k, []]));
  for (const v of rows) {
    out.get(v.history_id)?.push({
      id: v.id,
      sequence: v.sequence,
      vesselName: v.vessel_name,
      imo: v.imo,
      mmsi: v.mmsi,
      voyage: v.voyage,
      loadingPort: placeOf(v.loading_port_locode, v.loading_port_name),
      dischargingPort: placeOf(v.discharging_port_locode, v.discharging_port_name),
      departureTime: isoOfMs(v.departure_time),
      departureTimeStatus: v.departure_time_status,
      arrivalTime: isoOfMs(v.arrival_time),
      arrivalTimeStatus: v.arrival_time_status,
    });
  }
  return out;
}

/** By history id: its containers by number. */
export async function containersOf(
  ctx: ServiceContext,
  historyIds: readonly string[],
): Promise<Map<string, HistoryContainerEntry[]>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select()
    .from(historyContainers)
    .where(inArray(historyContainers.historyId, companyHistories(ctx, actor.companyId, historyIds)))
    .orderBy(asc(historyContainers.containerNumber));
  const grouped = groupInto(historyIds, rows, (c) => c.historyId);
  return new Map([...grouped].map(([k, list]) => [k, list.map(toContainerEntry)]));
}

/** By shipment id: every history with its legs and containers, oldest first (the History tab). */
export async function historiesOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentHistoryEntry[]>> {
  const actor = await authorize(ctx, "shipment.view");
  const ids = ctx.db
    .select({ id: shipmentHistories.id })
    .from(shipmentHistories)
    .where(
      and(anyOf(shipmentHistories.shipmentId, shipmentIds), eq(shipmentHistories.companyId, actor.companyId)),
    );
  const histories = await historiesWithChildren(ctx, ids);
  const grouped = groupInto(shipmentIds, histories, (h) => h.shipmentId);
  return new Map([...grouped].map(([k, list]) => [k, list.map((h) => h.entry)]));
}

export type ShipmentOwner = NonNullable<ShipmentDetail["owner"]>;

/** By shipment id: the member who added it (as the detail page shows them, e-mail included). */
export async function ownersOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentOwner>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select({
      shipmentId: shipments.id,
      owner: { id: users.id, nickname: users.nickname, color: users.color, email: users.email },
    })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.ownerUserId))
    .where(and(anyOf(shipments.id, shipmentIds), eq(shipments.companyId, actor.companyId)));
  return new Map(rows.map((r) => [r.shipmentId, r.owner]));
}

export interface ShipmentTeamParts {
  team: ShipmentDetail["team"];
  teamPublicSettings: ShipmentDetail["teamPublicSettings"];
}

/** By team id: the team as a shipment shows it (custom field names, which dates it shows). */
export async function teamsOf(
  ctx: ServiceContext,
  teamIds: readonly string[],
): Promise<Map<string, ShipmentTeamParts>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select()
    .from(teams)
    .where(and(anyOf(teams.id, teamIds), eq(teams.companyId, actor.companyId)));
  return new Map(
    rows.map((t) => [
      t.id,
      {
        team: {
          id: t.id,
          name: t.name,
          customField1Name: t.customField1Name,
          customField2Name: t.customField2Name,
          customField3Name: t.customField3Name,
          customField1Enabled: t.customField1Enabled,
          customField2Enabled: t.customField2Enabled,
          customField3Enabled: t.customField3Enabled,
        },
        teamPublicSettings: {
          enableRequestedEtd: t.enableRequestedEtd,
          enableRequestedEta: t.enableRequestedEta,
          enableInitialEtd: t.enableInitialEtd,
          enableInitialEta: t.enableInitialEta,
        },
      },
    ]),
  );
}

export type ShipmentPositionParts = Pick<
  ShipmentDetail,
  "aisUpdatedAt" | "latitude" | "longitude" | "predictedArrivalAt" | "shareToken"
>;

/** By shipment id: the vessel position and the share token (only for those who may edit, as on the detail page). */
export async function positionsOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentPositionParts>> {
  const actor = await authorize(ctx, "shipment.view");
  const [access, rows] = await Promise.all([
    loadCompanyGate(ctx, actor.companyId),
    ctx.db
      .select({
        id: shipments.id,
        isArchived: shipments.isArchived,
        aisUpdatedAt: shipments.aisUpdatedAt,
        latitude: shipments.latitude,
        longitude: shipments.longitude,
        predictedArrivalAt: shipments.predictedArrivalAt,
        shareToken: shipments.shareToken,
      })
      .from(shipments)
      .where(and(anyOf(shipments.id, shipmentIds), eq(shipments.companyId, actor.companyId))),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        aisUpdatedAt: r.aisUpdatedAt?.toISOString() ?? null,
        latitude: r.latitude,
        longitude: r.longitude,
        predictedArrivalAt: r.predictedArrivalAt?.toISOString() ?? null,
        shareToken: viewerCan(actor, access, r).edit ? r.shareToken : null,
      },
    ]),
  );
}

/** By shipment id: its comments, oldest first. */
export async function commentsOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentComment[]>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select({ comment: comments, author: { id: users.id, nickname: users.nickname, color: users.color } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(anyOf(comments.shipmentId, shipmentIds), eq(comments.companyId, actor.companyId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const grouped = groupInto(shipmentIds, rows, (r) => r.comment.shipmentId);
  return new Map(
    [...grouped].map(([k, list]) => [
      k,
      list.map((r) => toComment(r.comment, r.author?.id ? r.author : null, actor.userId)),
    ]),
  );
}

/** By shipment id: its activities, newest first. */
export async function activitiesOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentActivity[]>> {
  const actor = await authorize(ctx, "shipment.view");
  const rows = await ctx.db
    .select(activityColumns)
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorUserId))
    .where(and(anyOf(activities.shipmentId, shipmentIds), eq(activities.companyId, actor.companyId)))
    .orderBy(desc(activities.createdAt), desc(activities.id));
  const grouped = groupInto(shipmentIds, rows, (r) => r.shipmentId ?? "");
  return new Map([...grouped].map(([k, list]) => [k, list.map(toActivity)]));
}
