import { and, desc, eq, isNull, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aisVessels, historyVessels, shipments } from "../../db/schema";

export interface VesselIdentityUpdate {
  mmsi: string;
  imo: string | null;
  name: string | null;
  normalizedName: string | null;
  callsign: string | null;
  shipType: number | null;
  destination: string | null;
  draught: number | null;
  eta: Date | null;
  updatedAt: Date;
}

export interface PositionRow {
  mmsi: string;
  lat: number;
  lon: number;
  sog: number | null;
  cog: number | null;
  heading: number | null;
  reportedAt: Date;
}

/** Merges static data into the MMSI's row: a message that lacks a field keeps what was known. */
export async function upsertVesselIdentities(db: Db, rows: VesselIdentityUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, ais_vessels.${column})`);
  await db
    .insert(aisVessels)
    .values(rows)
    .onConflictDoUpdate({
      target: aisVessels.mmsi,
      set: {
        imo: keep("imo"),
        name: keep("name"),
        normalizedName: keep("normalized_name"),
        callsign: keep("callsign"),
        shipType: keep("ship_type"),
        destination: keep("destination"),
        draught: keep("draught"),
        eta: keep("eta"),
        updatedAt: sql.raw("greatest(excluded.updated_at, ais_vessels.updated_at)"),
      },
    });
}

/** Inserts positions with the IMO and name known for their MMSI; a report already stored is skipped. */
export async function insertPositions(db: Db, rows: PositionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(rows.map((r) => ({ ...r, reportedAt: r.reportedAt.toISOString() })));
  const inserted = await db.execute(sql`
    insert into ais_vessel_positions (mmsi, imo, name, latitude, longitude, sog, cog, heading, reported_at)
    select p.mmsi, v.imo, v.name, p.lat, p.lon, p.sog, p.cog, p.heading, p."reportedAt"
    from jsonb_to_recordset(${json}::jsonb)
      as p(mmsi text, lat float8, lon float8, sog float8, cog float8, heading float8, "reportedAt" timestamptz)
    left join ais_vessels v on v.mmsi = p.mmsi
    on conflict (mmsi, reported_at) do nothing
    returning 1`);
  return inserted.length;
}

/**
 * `expr IN (values)` with the values as one parameter: the vessels a feed hears in a few seconds
 * can outnumber the parameters Postgres allows in a statement.
 */
function inList(expr: SQLWrapper, values: string[]): SQL {
  return sql`${expr} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

export function identitiesByMmsi(db: Db, mmsis: string[]) {
  if (mmsis.length === 0) return Promise.resolve([]);
  return db.select().from(aisVessels).where(inList(aisVessels.mmsi, mmsis));
}

/** The AIS vessels a carrier's IMO numbers or names may refer to, newest first. */
export function identitiesByImoOrName(db: Db, imos: string[], names: string[]) {
  const conditions = [
    imos.length > 0 ? inList(aisVessels.imo, imos) : undefined,
    names.length > 0 ? inList(aisVessels.normalizedName, names) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(aisVessels)
    .where(or(...conditions))
    .orderBy(desc(aisVessels.updatedAt));
}

export interface LatestPosition {
  mmsi: string;
  latitude: number;
  longitude: number;
  sog: number | null;
  reportedAt: Date;
}

/** Each vessel's newest position: one index probe per MMSI, however long the table's history. */
export async function latestPositions(db: Db, mmsis: string[]): Promise<LatestPosition[]> {
  if (mmsis.length === 0) return [];
  const rows = await db.execute<{
    mmsi: string;
    latitude: number;
    longitude: number;
    sog: number | null;
    reported_at: string;
  }>(sql`
    select p.mmsi, p.latitude, p.longitude, p.sog, p.reported_at
    from jsonb_array_elements_text(${JSON.stringify(mmsis)}::jsonb) as m(mmsi)
    cross join lateral (
      select * from ais_vessel_positions where mmsi = m.mmsi order by reported_at desc limit 1
    ) p`);
  return rows.map((r) => ({ ...r, reportedAt: new Date(r.reported_at) }));
}

// The SQL twins of normalizeMmsi/normalizeImo/normalizeVesselName, to narrow the legs in the database.
const mmsiKey = sql`lpad(btrim(${historyVessels.mmsi}), 9, '0')`;
const imoKey = sql`regexp_replace(${historyVessels.imo}, '\\D', '', 'g')`;
const nameKey = sql`regexp_replace(upper(btrim(regexp_replace(${historyVessels.vesselName}, '[^A-Za-z0-9]+', ' ', 'g'))), '^(M V|MV) ', '')`;

export interface LegFilter {
  shipmentIds?: string[];
  /** Only legs whose vessel has one of these MMSIs, IMO numbers or normalized names. */
  vessels?: { mmsis: string[]; imos: string[]; names: string[] };
}

/**
 * The leg each active shipment is sailing now: in its latest history, departed (ACTUAL) and not
 * yet arrived. Highest sequence first, should a carrier report two at once.
 */
export function currentLegs(db: Db, filter: LegFilter) {
  const { vessels } = filter;
  const vesselMatch = vessels
    ? or(
        vessels.mmsis.length > 0 ? inList(mmsiKey, vessels.mmsis) : sql`false`,
        vessels.imos.length > 0 ? inList(imoKey, vessels.imos) : sql`false`,
        vessels.names.length > 0 ? inList(nameKey, vessels.names) : sql`false`,
      )
    : undefined;
  return db
    .select({
      shipmentId: shipments.id,
      aisUpdatedAt: shipments.aisUpdatedAt,
      sequence: historyVessels.sequence,
      mmsi: historyVessels.mmsi,
      imo: historyVessels.imo,
      vesselName: historyVessels.vesselName,
      dischargingPortLocode: historyVessels.dischargingPortLocode,
    })
    .from(shipments)
    .innerJoin(historyVessels, eq(historyVessels.historyId, shipments.latestHistoryId))
    .where(
      and(
        isNull(shipments.archivedAt),
        eq(historyVessels.departureTimeStatus, "ACTUAL"),
        or(isNull(historyVessels.arrivalTimeStatus), ne(historyVessels.arrivalTimeStatus, "ACTUAL")),
        // One array parameter: the same statement (prepared once) whatever the batch's size.
        filter.shipmentIds
          ? sql`${shipments.id} = any(${`{${filter.shipmentIds.join(",")}}`}::uuid[])`
          : undefined,
        vesselMatch,
      ),
    )
    .orderBy(shipments.id, desc(historyVessels.sequence));
}

export interface ShipmentPositionUpdate {
  id: string;
  lat: number;
  lon: number;
  reportedAt: Date;
  predictedArrivalAt: Date | null;
}

/** Writes positions onto shipments; never replaces a newer one (two ingest processes, late rows). */
export async function applyShipmentPositions(db: Db, updates: ShipmentPositionUpdate[]): Promise<number> {
  if (updates.length === 0) return 0;
  const json = JSON.stringify(
    updates.map((u) => ({
      ...u,
      reportedAt: u.reportedAt.toISOString(),
      predictedArrivalAt: u.predictedArrivalAt?.toISOString() ?? null,
    })),
  );
  const updated = await db.execute(sql`
    update shipments s
    set latitude = u.lat, longitude = u.lon, ais_updated_at = u."reportedAt",
        predicted_arrival_at = u."predictedArrivalAt"
    from jsonb_to_recordset(${json}::jsonb)
      as u(id uuid, lat float8, lon float8, "reportedAt" timestamptz, "predictedArrivalAt" timestamptz)
    where s.id = u.id and (s.ais_updated_at is null or s.ais_updated_at < u."reportedAt")
    returning 1`);
  return updated.length;
}

/** Deletes the positions reported before `before`; shipments keep their own copy of the last one. */
export async function deletePositionsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.execute(
    sql`delete from ais_vessel_positions where reported_at < ${before.toISOString()}::timestamptz`,
  );
  return deleted.count;
}
