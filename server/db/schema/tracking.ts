import { getTableColumns } from "drizzle-orm";
import {
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, companyId, createdAt, id, routeColumns, timestamptz } from "./columns";
import { historyStatusEnum, shipmentChangeKindEnum, timeStatusEnum } from "./enums";
import { shipments } from "./shipments";

// Places are kept as the carrier gave them: a UN/LOCODE when it has one, and the display name.

/** One carrier fetch of a shipment; a success row is written only when the snapshot changed. */
export const shipmentHistories = pgTable(
  "shipment_histories",
  {
    id: id(),
    shipmentId: uuid().notNull(),
    companyId: companyId(),
    status: historyStatusEnum().notNull(),
    failedReason: text(),
    ...routeColumns(),
    vesselVoyage: text(),
    containerSizeType: text(),
    containerGrossWeightSum: doublePrecision(),
    /** Hash of the normalized snapshot, compared with the latest row to skip unchanged fetches. */
    snapshotHash: text(),
    /**
     * The carrier's answer as parsed JSON, to re-derive fields after a parser fix: histories
     * written before raw_payload_text; newer ones keep the answer there (read either, text first).
     */
    rawPayload: jsonb(),
    createdAt: createdAt(),
    /**
     * The carrier's answer as received, its JSON text byte for byte: stored as sent instead of
     * parsed and serialized again (docs/decisions/0092-raw-payload-text.md); histories written
     * from migration 0028 on keep it compressed in raw_payload_brotli instead.
     */
    rawPayloadText: text(),
    /**
     * The carrier's answer as received, brotli-compressed by the worker; histories from migration
     * 0028 on keep it here, stored as is (no pglz): docs/decisions/0097-raw-answer-compressed-by-the-worker.md.
     * Read with tracking's unpackRawAnswer, which also reads the two older columns.
     */
    rawPayloadBrotli: bytea(),
  },
  (t) => [
    index().on(t.shipmentId, t.createdAt.desc()),
    foreignKey({
      name: "shipment_histories_shipment_fk",
      columns: [t.shipmentId, t.companyId],
      foreignColumns: [shipments.id, shipments.companyId],
    }).onDelete("cascade"),
  ],
);

/** The legs of a history, in voyage order. */
export const historyVessels = pgTable(
  "history_vessels",
  {
    id: id(),
    historyId: uuid()
      .notNull()
      .references(() => shipmentHistories.id, { onDelete: "cascade" }),
    sequence: integer().notNull(),
    vesselName: text(),
    imo: text(),
    mmsi: text(),
    voyage: text(),
    loadingPortLocode: text(),
    loadingPortName: text(),
    dischargingPortLocode: text(),
    dischargingPortName: text(),
    departureTime: timestamptz(),
    departureTimeStatus: timeStatusEnum(),
    arrivalTime: timestamptz(),
    arrivalTimeStatus: timeStatusEnum(),
  },
  (t) => [uniqueIndex().on(t.historyId, t.sequence)],
);

export const historyContainers = pgTable(
  "history_containers",
  {
    id: id(),
    historyId: uuid()
      .notNull()
      .references(() => shipmentHistories.id, { onDelete: "cascade" }),
    containerNumber: text().notNull(),
    grossWeightKilograms: doublePrecision(),
    sizeType: text(),
    sizeTypeOriginal: text(),
    emptyContainerReleasedToShipperTime: timestamptz(),
    gateInTime: timestamptz(),
    gateOutTime: timestamptz(),
    emptyContainerReturnedFromCustomerTime: timestamptz(),
  },
  (t) => [index().on(t.historyId), index().on(t.containerNumber)],
);

/** A change the tracking engine saw between two histories: what notifications and webhooks send. */
export const shipmentChanges = pgTable(
  "shipment_changes",
  {
    id: id(),
    shipmentId: uuid().notNull(),
    companyId: companyId(),
    historyId: uuid().references(() => shipmentHistories.id, { onDelete: "set null" }),
    kind: shipmentChangeKindEnum().notNull(),
    oldValue: jsonb(),
    newValue: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.shipmentId, t.createdAt),
    index().on(t.historyId),
    foreignKey({
      name: "shipment_changes_shipment_fk",
      columns: [t.shipmentId, t.companyId],
      foreignColumns: [shipments.id, shipments.companyId],
    }).onDelete("cascade"),
  ],
);

/** Positions reported over AIS; shared by all tenants, since a vessel carries many companies' cargo. */
export const aisVesselPositions = pgTable(
  "ais_vessel_positions",
  {
    id: id(),
    mmsi: text().notNull(),
    imo: text(),
    name: text(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    /** Speed over ground, knots. */
    sog: doublePrecision(),
    /** Course over ground, degrees. */
    cog: doublePrecision(),
    heading: doublePrecision(),
    reportedAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique so a re-ingested report is a no-op (ON CONFLICT DO NOTHING); also serves "latest by mmsi".
    uniqueIndex().on(t.mmsi, t.reportedAt),
    index().on(t.imo, t.reportedAt),
    // The daily prune deletes by age.
    index().on(t.reportedAt),
  ],
);

export type ShipmentHistory = typeof shipmentHistories.$inferSelect;

const {
  rawPayload: _rawPayload,
  rawPayloadText: _rawPayloadText,
  rawPayloadBrotli: _rawPayloadBrotli,
  snapshotHash: _snapshotHash,
  ...historyOutput
} = getTableColumns(shipmentHistories);
/**
 * A history's columns as its readers select them: without the carrier's raw answer (kilobytes,
 * out of line, of use only to re-derive it) and the snapshot's hash (change detection's own).
 */
export const historyOutputColumns = historyOutput;
export type HistoryOutputRow = Omit<
  ShipmentHistory,
  "rawPayload" | "rawPayloadText" | "rawPayloadBrotli" | "snapshotHash"
>;
export type NewShipmentHistory = typeof shipmentHistories.$inferInsert;
export type HistoryVessel = typeof historyVessels.$inferSelect;
export type NewHistoryVessel = typeof historyVessels.$inferInsert;
export type HistoryContainer = typeof historyContainers.$inferSelect;
export type NewHistoryContainer = typeof historyContainers.$inferInsert;
export type ShipmentChange = typeof shipmentChanges.$inferSelect;
export type NewShipmentChange = typeof shipmentChanges.$inferInsert;
export type AisVesselPosition = typeof aisVesselPositions.$inferSelect;
export type NewAisVesselPosition = typeof aisVesselPositions.$inferInsert;

/**
 * What AIS static messages (types 5, 19, 24) say about each MMSI. Position reports carry only the
 * MMSI, so this is how a position finds the IMO number and name carriers give. Shared by all
 * tenants, like the positions.
 */
export const aisVessels = pgTable(
  "ais_vessels",
  {
    mmsi: text().primaryKey(),
    /** Seven digits with a valid check digit; vessels that send junk here get null. */
    imo: text(),
    name: text(),
    /** normalizeVesselName(name): what carrier vessel names are compared with. */
    normalizedName: text(),
    callsign: text(),
    shipType: integer(),
    destination: text(),
    /** Metres. */
    draught: doublePrecision(),
    /** The crew's ETA, placed in the year that makes it nearest after the report. */
    eta: timestamptz(),
    updatedAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.imo), index().on(t.normalizedName)],
);

export type AisVessel = typeof aisVessels.$inferSelect;
export type NewAisVessel = typeof aisVessels.$inferInsert;
