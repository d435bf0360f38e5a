import { and, asc, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import type { QueueStatus, ShippingLine, TimeStatus, TrackingType } from "../../../shared/enums";
import type { Db } from "../../db/client";
import {
  activities,
  historyContainers,
  historyVessels,
  type NewActivity,
  type NewHistoryContainer,
  type NewHistoryVessel,
  type NewShipmentChange,
  type NewShipmentHistory,
  shipmentChanges,
  shipmentHistories,
  shipments,
} from "../../db/schema";
import { type HistoryState, isDelivered, type LegState } from "./refresh/history-rows";

// Drizzle for the refresh pipeline, shaped for batches: one statement per step for every shipment
// of a batch, whatever its size.

/**
 * `shipments.id = any($ids)`: one array parameter, so the statement's text is the same for every
 * batch size and Postgres parses and plans it once per connection (prepared), where `in ($1, …)`
 * made a new statement of each size.
 */
const shipmentIdIn = (ids: readonly string[]): SQL =>
  sql`${shipments.id} = any(${`{${ids.join(",")}}`}::uuid[])`;

export interface FetchTarget {
  id: string;
  shippingLine: ShippingLine;
  trackingType: TrackingType;
  trackingNumber: string;
}

/** FETCHING for the batch's live shipments; an archived or deleted one is not fetched. */
export function markFetching(db: Db, ids: string[]): Promise<FetchTarget[]> {
  return db
    .update(shipments)
    .set({ queueStatus: "FETCHING" })
    .where(and(shipmentIdIn(ids), isNull(shipments.archivedAt)))
    .returning({
      id: shipments.id,
      shippingLine: shipments.shippingLine,
      trackingType: shipments.trackingType,
      trackingNumber: shipments.trackingNumber,
    });
}

/** The rows the refresh rewrites, locked so two runs of one shipment's job apply one after the other. */
export function lockShipments(db: Db, ids: string[]) {
  return db
    .select({
      id: shipments.id,
      companyId: shipments.companyId,
      teamId: shipments.teamId,
      shippingLine: shipments.shippingLine,
      archivedAt: shipments.archivedAt,
      isFailing: shipments.isFailing,
      failedReason: shipments.failedReason,
      lastFailedReason: shipments.lastFailedReason,
      consecutiveFailures: shipments.consecutiveFailures,
      queueStatus: shipments.queueStatus,
      lastScrapedAt: shipments.lastScrapedAt,
      latestHistoryId: shipments.latestHistoryId,
      initialEtd: shipments.initialEtd,
      initialEta: shipments.initialEta,
      requestedEtd: shipments.requestedEtd,
      requestedEta: shipments.requestedEta,
      delayDays: shipments.delayDays,
      etdDelayDays: shipments.etdDelayDays,
      requestedEtaDelayDays: shipments.requestedEtaDelayDays,
      requestedEtdDelayDays: shipments.requestedEtdDelayDays,
    })
    .from(shipments)
    .where(shipmentIdIn(ids))
    .orderBy(asc(shipments.id))
    .for("update");
}
export type LockedShipment = Awaited<ReturnType<typeof lockShipments>>[number];

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The latest stored histories with what the change detection compares. A statement of its own,
 * after the lock: read in the locking statement, a history committed by a run that held the lock
 * first would not be seen.
 */
export async function latestStates(
  db: Db,
  historyIds: string[],
): Promise<Map<string, { hash: string | null; state: HistoryState }>> {
  if (historyIds.length === 0) return new Map();
  const ids = sql.join(
    historyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute<Record<string, unknown>>(sql`
    select h.id, h.snapshot_hash, h.discharging_port_locode, h.discharging_port_name,
      h.place_of_delivery_locode, h.place_of_delivery_name, h.departure_time, h.departure_time_status,
      h.arrival_time, h.arrival_time_status, h.place_of_delivery_eta, h.place_of_delivery_eta_status,
      coalesce((select json_agg(json_build_object(
          'vesselName', v.vessel_name, 'imo', v.imo, 'voyage', v.voyage,
          'loadingPortLocode', v.loading_port_locode, 'loadingPortName', v.loading_port_name,
          'dischargingPortLocode', v.discharging_port_locode, 'dischargingPortName', v.discharging_port_name,
          'departureTime', v.departure_time, 'departureTimeStatus', v.departure_time_status,
          'arrivalTime', v.arrival_time, 'arrivalTimeStatus', v.arrival_time_status) order by v.sequence)
        from history_vessels v where v.history_id = h.id), '[]'::json) as vessels,
      (select json_build_object('total', count(*), 'out', count(c.gate_out_time))
        from history_containers c where c.history_id = h.id) as containers
    from shipment_histories h where h.id in (${ids})`);
  const map = new Map<string, { hash: string | null; state: HistoryState }>();
  for (const r of rows) {
    const legs = (r.vessels as Record<string, unknown>[]).map(
      (v): LegState => ({
        vesselName: v.vesselName as string | null,
        imo: v.imo as string | null,
        voyage: v.voyage as string | null,
        loadingPortLocode: v.loadingPortLocode as string | null,
        loadingPortName: v.loadingPortName as string | null,
        dischargingPortLocode: v.dischargingPortLocode as string | null,
        dischargingPortName: v.dischargingPortName as string | null,
        departureTime: toDate(v.departureTime),
        departureTimeStatus: v.departureTimeStatus as TimeStatus | null,
        arrivalTime: toDate(v.arrivalTime),
        arrivalTimeStatus: v.arrivalTimeStatus as TimeStatus | null,
      }),
    );
    const containers = r.containers as { total: number; out: number };
    const podStatus = r.place_of_delivery_eta_status as TimeStatus | null;
    map.set(r.id as string, {
      hash: r.snapshot_hash as string | null,
      state: {
        dischargingPortLocode: r.discharging_port_locode as string | null,
        dischargingPortName: r.discharging_port_name as string | null,
        placeOfDeliveryLocode: r.place_of_delivery_locode as string | null,
        placeOfDeliveryName: r.place_of_delivery_name as string | null,
        departureTime: toDate(r.departure_time),
        departureTimeStatus: r.departure_time_status as TimeStatus | null,
        arrivalTime: toDate(r.arrival_time),
        arrivalTimeStatus: r.arrival_time_status as TimeStatus | null,
        placeOfDeliveryEta: toDate(r.place_of_delivery_eta),
        placeOfDeliveryEtaStatus: podStatus,
        vessels: legs,
        delivered: containers.total > 0 ? containers.out === containers.total : isDelivered([], podStatus),
      },
    });
  }
  return map;
}

export interface HistoryWrites {
  histories: (NewShipmentHistory & { id: string })[];
  vessels: NewHistoryVessel[];
  containers: NewHistoryContainer[];
  changes: NewShipmentChange[];
  activities: NewActivity[];
  /** Latest histories a new one replaces: their raw payload goes (see below). */
  superseded: string[];
}

/** What the refresh decides for a shipment; written for the whole batch in one statement. */
export interface ShipmentRefreshState {
  id: string;
  queueStatus: QueueStatus;
  lastScrapedAt: Date | null;
  consecutiveFailures: number;
  isFailing: boolean;
  failedReason: string | null;
  lastFailedReason: string | null;
  latestHistoryId: string | null;
  initialEtd: Date | null;
  initialEta: Date | null;
  delayDays: number | null;
  etdDelayDays: number | null;
  requestedEtaDelayDays: number | null;
  requestedEtdDelayDays: number | null;
  archivedAt: Date | null;
}

/**
 * `insert into <table> select … from jsonb_to_recordset($rows)`: any number of rows as one JSON
 * parameter, typed by the table's own columns. The columns are those the rows carry (a column no
 * row sets keeps its default; one set by some rows only is null in the others).
 *
 * `ownParameters` names a column whose values go as parameters of their own, joined on the row's
 * id: the carrier's raw answer (compressed bytes, tens of kilobytes of JSON text before) costs more
 * escaped into the rows' JSON by the worker and parsed out of it again by Postgres than the rest
 * of the row.
 */
function recordsetInsert(table: PgTable, rows: object[], ownParameters?: string): SQL {
  const ownType = ownParameters
    ? sql.raw(getTableColumns(table)[ownParameters]?.getSQLType() ?? "text")
    : sql``;
  const own = ownParameters
    ? rows.flatMap((r) => {
        const { id, [ownParameters]: value } = r as Record<string, unknown>;
        return value === null || value === undefined ? [] : [sql`(${id}::uuid, ${value}::${ownType})`];
      })
    : [];
  if (ownParameters && own.length > 0) {
    rows = rows.map((r) => ({ ...r, [ownParameters]: undefined }));
    // Padded to a power of two with rows that join nothing: each count of values is a statement of
    // its own, prepared and kept per connection, so a few sizes rather than one per count.
    let size = 1;
    while (size < own.length) size *= 2;
    while (own.length < size) own.push(sql`(null::uuid, null::${ownType})`);
  }
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) =>
      rows.some((r) => (r as Record<string, unknown>)[key] !== undefined) ||
      (key === ownParameters && own.length > 0),
  );
  const target = sql.join(
    // The schema's keys become column names by the database's snake_case casing (db/client.ts).
    columns.map(([key, c]) => sql.identifier(c.keyAsName ? toSnakeCase(key) : c.name)),
    sql`, `,
  );
  const source = sql.join(
    columns.map(([key]) =>
      key === ownParameters && own.length > 0 ? sql`p.v` : sql`r.${sql.identifier(key)}`,
    ),
    sql`, `,
  );
  const types = sql.join(
    columns
      .filter(
        ([key]) =>
          key !== ownParameters || rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
      )
      .map(([key, c]) => sql`${sql.identifier(key)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  const joined =
    own.length > 0 ? sql` left join (values ${sql.join(own, sql`, `)}) as p(id, v) on p.id = r.id` : sql``;
  return sql`insert into ${table} (${target}) select ${source} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})${joined}`;
}

/**
 * Everything a batch's refresh writes, in two statements (two round trips whatever the batch holds):
 * the new histories with their vessels and containers, the change records and activities, the raw
 * payloads of superseded histories dropped, and every shipment's new state. Foreign keys between
 * these rows are checked at the end of the statement, so children may name parents written beside
 * them. Only a shipment's latest history keeps the carrier's raw answer (tens of kilobytes each,
 * and a voyage writes dozens of histories): enough to re-derive the current state after a parser
 * fix. See docs/decisions/0079-refresh-batch-writes.md.
 */
export async function writeRefresh(
  db: Db,
  w: HistoryWrites,
  states: ShipmentRefreshState[],
  now: Date,
): Promise<void> {
  const steps: SQL[] = [];
  if (w.superseded.length > 0)
    steps.push(
      sql`update shipment_histories set raw_payload = null, raw_payload_text = null, raw_payload_brotli = null where id = any(${`{${w.superseded.join(",")}}`}::uuid[])`,
    );
  const inserts: [PgTable, object[], string?][] = [
    [shipmentHistories, w.histories, "rawPayloadBrotli"],
    [historyVessels, w.vessels],
    [historyContainers, w.containers],
    [shipmentChanges, w.changes],
    [activities, w.activities],
  ];
  for (const [table, rows, own] of inserts)
    if (rows.length > 0) steps.push(recordsetInsert(table, rows, own));
  const last = steps.pop();
  if (last) {
    const ctes = steps.map((step, i) => sql`${sql.raw(`w${i}`)} as (${step})`);
    await db.execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last);
  }
  // The shipments' update is a statement of its own: its trigger copies the list's columns from
  // the new latest history (migration 0006), and rows written by a data-modifying CTE of the same
  // statement are invisible to it, which left those columns empty.
  if (states.length > 0) await db.execute(shipmentStatesUpdate(states, now));
}

function shipmentStatesUpdate(states: ShipmentRefreshState[], now: Date): SQL {
  return sql`
    update shipments s set
      queue_status = u."queueStatus"::queue_status, last_scraped_at = u."lastScrapedAt",
      consecutive_failures = u."consecutiveFailures", is_failing = u."isFailing",
      failed_reason = u."failedReason", last_failed_reason = u."lastFailedReason",
      latest_history_id = u."latestHistoryId",
      initial_etd = u."initialEtd", initial_eta = u."initialEta", delay_days = u."delayDays",
      etd_delay_days = u."etdDelayDays", requested_eta_delay_days = u."requestedEtaDelayDays",
      requested_etd_delay_days = u."requestedEtdDelayDays", archived_at = u."archivedAt",
      updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as u(
      id uuid, "queueStatus" text, "lastScrapedAt" timestamptz, "consecutiveFailures" int,
      "isFailing" boolean, "failedReason" text, "lastFailedReason" text, "latestHistoryId" uuid, "initialEtd" timestamptz,
      "initialEta" timestamptz, "delayDays" int, "etdDelayDays" int, "requestedEtaDelayDays" int,
      "requestedEtdDelayDays" int, "archivedAt" timestamptz)
    where s.id = u.id`;
}

/** WAITING when pg-boss will run the job again, SLEEPING when it will not (nothing fetched). */
export async function setQueueStatus(db: Db, ids: string[], queueStatus: QueueStatus): Promise<void> {
  if (ids.length === 0) return;
  await db.update(shipments).set({ queueStatus }).where(shipmentIdIn(ids));
}

/**
 * Claims due shipments for the scheduler: SKIP LOCKED so concurrent schedulers (or a manual refresh
 * holding a row) never claim the same row twice; each next refresh set one interval on, moved by a
 * random jitter so shipments created together drift apart.
 */
export async function claimDueShipments(
  db: Db,
  options: { now: Date; limit: number; intervalMs: number; jitterMs: number },
): Promise<{ id: string; shippingLine: ShippingLine }[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const rows = await db.execute<{ id: string; shipping_line: ShippingLine }>(sql`
    with due as (
      select id from shipments
      where archived_at is null and next_refresh_at <= ${now}
      order by next_refresh_at
      limit ${options.limit}
      for update skip locked
    )
    update shipments s
    set queue_status = 'WAITING',
      next_refresh_at = ${now} + make_interval(secs => (${options.intervalMs}::float8 + (random() * 2 - 1) * ${options.jitterMs}::float8) / 1000.0)
    from due where s.id = due.id
    returning s.id, s.shipping_line`);
  return rows.map((r) => ({ id: r.id, shippingLine: r.shipping_line }));
}

/** A shipment of the company, for a member's request; a member who is not in its team sees nothing. */
export async function findShipmentForMember(db: Db, companyId: string, shipmentId: string) {
  const [row] = await db
    .select({
      id: shipments.id,
      teamId: shipments.teamId,
      companyId: shipments.companyId,
      shippingLine: shipments.shippingLine,
    })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.companyId, companyId)));
  return row ?? null;
}
