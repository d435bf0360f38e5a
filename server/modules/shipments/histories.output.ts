import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type HistoryContainer,
  type HistoryOutputRow,
  type HistoryVessel,
  historyContainers,
  historyOutputColumns,
  historyVessels,
  shipmentHistories,
} from "../../db/schema";
import { placeOf } from "./places";
import {
  type HistoryContainerEntry,
  type HistoryVesselEntry,
  iso,
  type ShipmentHistoryEntry,
} from "./shipments.output";

// Histories with their legs and containers, read in three statements whatever their number.

export async function historiesByIds(db: Db, ids: string[]): Promise<Map<string, ShipmentHistoryEntry>> {
  const out = new Map<string, ShipmentHistoryEntry>();
  if (ids.length === 0) return out;
  const rows = await db
    .select(historyOutputColumns)
    .from(shipmentHistories)
    .where(inArray(shipmentHistories.id, ids));
  const entries = await withChildren(db, rows);
  for (const e of entries) out.set(e.id, e);
  return out;
}

/** Every history of a shipment, oldest first (the History tab). */
export async function historiesOfShipment(db: Db, shipmentId: string): Promise<ShipmentHistoryEntry[]> {
  const rows = await db
    .select(historyOutputColumns)
    .from(shipmentHistories)
    .where(eq(shipmentHistories.shipmentId, shipmentId))
    .orderBy(asc(shipmentHistories.createdAt), asc(shipmentHistories.id));
  return withChildren(db, rows);
}

async function withChildren(db: Db, rows: HistoryRow[]): Promise<ShipmentHistoryEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [vessels, containers] = await Promise.all([
    db
      .select()
      .from(historyVessels)
      .where(inArray(historyVessels.historyId, ids))
      .orderBy(asc(historyVessels.sequence)),
    db
      .select()
      .from(historyContainers)
      .where(inArray(historyContainers.historyId, ids))
      .orderBy(asc(historyContainers.containerNumber)),
  ]);
  const vesselsOf = groupBy(vessels, (v) => v.historyId);
  const containersOf = groupBy(containers, (c) => c.historyId);
  return rows.map((r) => toHistoryEntry(r, vesselsOf.get(r.id) ?? [], containersOf.get(r.id) ?? []));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** A history row without what the answer never shows (the carrier's raw payload, the snapshot hash). */
export type HistoryRow = HistoryOutputRow;

export function toHistoryEntry(
  r: HistoryRow,
  vessels: HistoryVessel[],
  containers: HistoryContainer[],
): ShipmentHistoryEntry {
  return {
    id: r.id,
    status: r.status,
    failedReason: r.failedReason,
    createdAt: r.createdAt.toISOString(),
    placeOfReceipt: placeOf(r.placeOfReceiptLocode, r.placeOfReceiptName),
    loadingPort: placeOf(r.loadingPortLocode, r.loadingPortName),
    dischargingPort: placeOf(r.dischargingPortLocode, r.dischargingPortName),
    placeOfDelivery: placeOf(r.placeOfDeliveryLocode, r.placeOfDeliveryName),
    departureTime: iso(r.departureTime),
    departureTimeStatus: r.departureTimeStatus,
    arrivalTime: iso(r.arrivalTime),
    arrivalTimeStatus: r.arrivalTimeStatus,
    placeOfDeliveryEta: iso(r.placeOfDeliveryEta),
    placeOfDeliveryEtaStatus: r.placeOfDeliveryEtaStatus,
    vesselVoyage: r.vesselVoyage,
    containerSizeType: r.containerSizeType,
    containerGrossWeightSum: r.containerGrossWeightSum,
    vessels: vessels.map(toVesselEntry),
    containers: containers.map(toContainerEntry),
  };
}

export function toVesselEntry(v: HistoryVessel): HistoryVesselEntry {
  return {
    id: v.id,
    sequence: v.sequence,
    vesselName: v.vesselName,
    imo: v.imo,
    mmsi: v.mmsi,
    voyage: v.voyage,
    loadingPort: placeOf(v.loadingPortLocode, v.loadingPortName),
    dischargingPort: placeOf(v.dischargingPortLocode, v.dischargingPortName),
    departureTime: iso(v.departureTime),
    departureTimeStatus: v.departureTimeStatus,
    arrivalTime: iso(v.arrivalTime),
    arrivalTimeStatus: v.arrivalTimeStatus,
  };
}

export function toContainerEntry(c: HistoryContainer): HistoryContainerEntry {
  return {
    id: c.id,
    containerNumber: c.containerNumber,
    grossWeightKilograms: c.grossWeightKilograms,
    sizeType: c.sizeType,
    sizeTypeOriginal: c.sizeTypeOriginal,
    emptyContainerReleasedToShipperTime: iso(c.emptyContainerReleasedToShipperTime),
    gateInTime: iso(c.gateInTime),
    gateOutTime: iso(c.gateOutTime),
    emptyContainerReturnedFromCustomerTime: iso(c.emptyContainerReturnedFromCustomerTime),
  };
}
