import { sql } from "drizzle-orm";
import { customType, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { timeStatusEnum } from "./enums";

// Function declarations (not const arrows) because companies.ts imports this module back: hoisted
// functions are callable whichever of the two modules is evaluated first.

export function timestamptz() {
  return timestamp({ withTimezone: true });
}

export function createdAt() {
  return timestamptz().notNull().defaultNow();
}

export function updatedAt() {
  return timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}

export function id() {
  return uuid().primaryKey().defaultRandom();
}

/** The tenant column: deleting a company deletes every row that carries it. */
export function companyId() {
  return uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
}

/**
 * Where a shipment goes and when, as a carrier fetch reports it: the four places (UN/LOCODE and
 * name, kept as the carrier gave them), departure and arrival with their status, and the delivery
 * ETA. A history row stores them; the shipment row carries a copy of its latest history's
 * (docs/decisions/0045-list-columns-on-shipments.md), so both tables build them here and cannot drift apart.
 */
export function routeColumns() {
  return {
    placeOfReceiptLocode: text(),
    placeOfReceiptName: text(),
    loadingPortLocode: text(),
    loadingPortName: text(),
    dischargingPortLocode: text(),
    dischargingPortName: text(),
    placeOfDeliveryLocode: text(),
    placeOfDeliveryName: text(),
    departureTime: timestamptz(),
    departureTimeStatus: timeStatusEnum(),
    arrivalTime: timestamptz(),
    arrivalTimeStatus: timeStatusEnum(),
    placeOfDeliveryEta: timestamptz(),
    placeOfDeliveryEtaStatus: timeStatusEnum(),
  };
}

/** A literal for DDL (CHECK bodies), where bound parameters are not allowed. */
export function literal(value: number) {
  return sql.raw(String(value));
}

export const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});
