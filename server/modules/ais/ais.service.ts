import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import {
  AIS_FUTURE_TOLERANCE_MS,
  AIS_MIN_SOG_FOR_PREDICTION_KNOTS,
  AIS_POSITION_MAX_AGE_MS,
  AIS_POSITION_RETENTION_DAYS,
} from "./ais.constants";
import {
  applyShipmentPositions,
  currentLegs,
  deletePositionsBefore,
  identitiesByImoOrName,
  identitiesByMmsi,
  insertPositions,
  type LegFilter,
  latestPositions,
  type PositionRow,
  type ShipmentPositionUpdate,
  upsertVesselIdentities,
  type VesselIdentityUpdate,
} from "./ais.queries";
import { mergeIdentity } from "./ais-rows";
import { type LatLon, predictArrival } from "./geo";
import { AisVesselDirectory, lookupKeys } from "./vessel-match";

/** Coordinates of a port by UN/LOCODE (the carriers module's seaport table), null when unknown. */
export type PortCoordinates = (locode: string) => LatLon | null;

/** Stores one flush of the feed; static data first, so the positions are stored with IMO and name. */
export async function recordAisBatch(
  ctx: ServiceContext,
  batch: { positions: PositionRow[]; identities: VesselIdentityUpdate[] },
): Promise<{ positions: number; identities: number }> {
  requireSystem(ctx);
  // One row per MMSI: an upsert may not touch the same row twice.
  const identities = new Map<string, VesselIdentityUpdate>();
  for (const row of batch.identities) identities.set(row.mmsi, mergeIdentity(identities.get(row.mmsi), row));
  return ctx.tx(async (tx) => {
    await upsertVesselIdentities(tx.db, [...identities.values()]);
    const positions = await insertPositions(tx.db, batch.positions);
    return { positions, identities: identities.size };
  });
}

export interface UpdateAisOptions {
  portCoordinates: PortCoordinates;
  /** Only the shipments on the vessels these MMSIs identify (the ones a flush just heard from). */
  mmsis?: string[];
  shipmentIds?: string[];
}

export interface UpdateAisResult {
  /** Shipments sailing a leg that the filter selected. */
  legs: number;
  /** ...whose vessel has a fresh position. */
  fresh: number;
  /** ...newer than the one the shipment has. */
  updated: number;
}

/**
 * Puts the latest fresh AIS position of the vessel each active shipment is on (its current leg)
 * onto the shipment, with a predicted arrival at the leg's discharging port from the remaining
 * great-circle distance and the speed over ground. The carrier's ETA stays as it is.
 */
export async function updateAis(ctx: ServiceContext, options: UpdateAisOptions): Promise<UpdateAisResult> {
  requireSystem(ctx);
  const filter: LegFilter = options.shipmentIds ? { shipmentIds: options.shipmentIds } : {};
  if (options.mmsis) {
    const heard = await identitiesByMmsi(ctx.db, options.mmsis);
    filter.vessels = {
      mmsis: options.mmsis,
      imos: heard.flatMap((v) => (v.imo ? [v.imo] : [])),
      names: heard.flatMap((v) => (v.normalizedName ? [v.normalizedName] : [])),
    };
  }
  const rows = await currentLegs(ctx.db, filter);
  const legs = rows.filter((row, i) => rows[i - 1]?.shipmentId !== row.shipmentId);
  const keys = lookupKeys(legs);
  const directory = new AisVesselDirectory(await identitiesByImoOrName(ctx.db, keys.imos, keys.names));
  const mmsiOf = new Map(legs.map((leg) => [leg.shipmentId, directory.mmsiFor(leg)]));
  const mmsis = [...new Set([...mmsiOf.values()].filter((m): m is string => m !== null))];
  const positions = new Map((await latestPositions(ctx.db, mmsis)).map((p) => [p.mmsi, p]));

  const now = ctx.clock.now().getTime();
  const updates: ShipmentPositionUpdate[] = [];
  let fresh = 0;
  for (const leg of legs) {
    const mmsi = mmsiOf.get(leg.shipmentId);
    const position = mmsi ? positions.get(mmsi) : undefined;
    if (!position) continue;
    const age = now - position.reportedAt.getTime();
    if (age > AIS_POSITION_MAX_AGE_MS || age < -AIS_FUTURE_TOLERANCE_MS) continue;
    fresh += 1;
    if (leg.aisUpdatedAt && leg.aisUpdatedAt >= position.reportedAt) continue;
    const here = { lat: position.latitude, lon: position.longitude };
    const port = leg.dischargingPortLocode ? options.portCoordinates(leg.dischargingPortLocode) : null;
    const moving = position.sog !== null && position.sog > AIS_MIN_SOG_FOR_PREDICTION_KNOTS;
    updates.push({
      id: leg.shipmentId,
      ...here,
      reportedAt: position.reportedAt,
      predictedArrivalAt:
        port && moving ? predictArrival(here, port, position.sog as number, position.reportedAt) : null,
    });
  }
  const updated = await applyShipmentPositions(ctx.db, updates);
  return { legs: legs.length, fresh, updated };
}

/** Drops positions past the retention; run daily. */
export async function prunePositions(ctx: ServiceContext): Promise<number> {
  requireSystem(ctx);
  const before = new Date(ctx.clock.now().getTime() - AIS_POSITION_RETENTION_DAYS * 24 * 3_600_000);
  return deletePositionsBefore(ctx.db, before);
}
