// The shipment list (spec 01 §2, §4, §5, §9): inputs of shipments_v2, the calendar/timeline fetch,
// suggestions, saved searches and bulk operations, and the shapes they answer. The console and
// the server share these, so a form and the procedure validate alike.

import { z } from "zod";
import { CALENDAR_TIMELINE_PAGE_SIZE, LIST_PAGE_SIZE } from "../constants";
import type { ShippingLine, TimeStatus } from "../enums";
import { enumField, idField, listOf, msg, requiredString } from "./common";
import { SearchConditions } from "./search";
import type { Iso, PlaceName, RouteTimes, ShipmentFields, ShipmentPerson } from "./shipment-shapes";

export const SHIPMENT_TABS = ["ONGOING", "FAVORITES", "ARCHIVED", "ALL"] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

export const ORDER_BY_TYPES = ["ASC", "DESC"] as const;
export type OrderByType = (typeof ORDER_BY_TYPES)[number];

/** Columns the list sorts by; every one is a column of `shipments` (docs/decisions/0045-list-columns-on-shipments.md). */
export const SHIPMENT_SORT_FIELDS = [
  "title",
  "trackingNumber",
  "trackingType",
  "shippingLine",
  "remark",
  "customField1",
  "customField2",
  "customField3",
  "placeOfReceipt",
  "loadingPort",
  "dischargingPort",
  "placeOfDelivery",
  "vesselName",
  "vesselVoyage",
  "departureTime",
  "arrivalTime",
  "placeOfDeliveryEta",
  "requestedEtd",
  "requestedEta",
  "initialEtd",
  "initialEta",
  "delayDays",
  "etdDelayDays",
  "requestedEtdDelayDays",
  "requestedEtaDelayDays",
  "createdAt",
  "lastScrapedAt",
] as const;
export type ShipmentSortField = (typeof SHIPMENT_SORT_FIELDS)[number];

/** Spec 01 §4: arrival time ascending (nulls last), then id so pages never overlap. */
export const DEFAULT_SORT = { orderBy: "arrivalTime", orderByType: "ASC" } as const;

/** teamId null is the headquarters view (every team of the company). */
const teamIdOrHeadquarters = idField().nullable();

const fullTextQuery = z
  .string()
  .max(200, { error: msg("validation.tooLong") })
  .optional();

/** What selects the shipments, shared by the list and the calendar/timeline fetch. */
export const ShipmentFilterInput = z.object({
  teamId: teamIdOrHeadquarters,
  tab: enumField(SHIPMENT_TABS).default("ONGOING"),
  searchInputs: SearchConditions.default([]),
  fullTextQuery,
});
export type ShipmentFilterInput = z.input<typeof ShipmentFilterInput>;

/** shipments_v2: a page of the list. */
export const ShipmentsV2Input = ShipmentFilterInput.extend({
  orderBy: enumField(SHIPMENT_SORT_FIELDS).default(DEFAULT_SORT.orderBy),
  orderByType: enumField(ORDER_BY_TYPES).default(DEFAULT_SORT.orderByType),
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
});
export type ShipmentsV2Input = z.input<typeof ShipmentsV2Input>;

/**
 * shipments_v2 over GraphQL: integrators fetch the calendar's and timeline's whole set in one page
 * (spec 01 §7); the size of the answer is bounded by the API's list cost limit
 * (server/graphql/limits.ts). The console's list keeps pages of 100.
 */
export const ApiShipmentsV2Input = ShipmentsV2Input.extend({
  perPage: z.number().int().min(1).max(CALENDAR_TIMELINE_PAGE_SIZE).default(LIST_PAGE_SIZE),
});

/** The calendar and timeline fetch: every match up to CALENDAR_TIMELINE_PAGE_SIZE, in one answer. */
export const ShipmentCalendarInput = ShipmentFilterInput;
export type ShipmentCalendarInput = z.input<typeof ShipmentCalendarInput>;

export const SavedSearchesInput = z.object({ teamId: teamIdOrHeadquarters });
export const CreateSavedSearchInput = z.object({
  teamId: teamIdOrHeadquarters,
  name: requiredString({ max: 100, key: msg("validation.savedSearchNameRequired") }),
  conditions: SearchConditions.min(1, { error: msg("validation.invalid") }),
});
export type CreateSavedSearchInput = z.input<typeof CreateSavedSearchInput>;
export const DeleteSavedSearchInput = z.object({ id: idField() });

/** The most shipments one bulk call takes: a calendar's worth, so "select all" there still works. */
export const BULK_MAX_SHIPMENTS = CALENDAR_TIMELINE_PAGE_SIZE;

export const BulkShipmentsInput = z.object({
  shipmentIds: listOf(idField())
    .min(1, { error: msg("validation.required") })
    .max(BULK_MAX_SHIPMENTS),
});
export type BulkShipmentsInput = z.input<typeof BulkShipmentsInput>;
export const BulkMoveInput = BulkShipmentsInput.extend({ teamId: idField() });
export type BulkMoveInput = z.input<typeof BulkMoveInput>;

/** A CSV file of at most a few MB of text, base64 (Shift JIS or UTF-8 inside). */
export const CSV_BULK_UPDATE_MAX_BYTES = 8 * 1024 * 1024;
export const BulkUpdateCsvInput = z.object({
  teamId: teamIdOrHeadquarters,
  fileName: requiredString({ max: 255 }),
  fileBase64: z
    .string()
    .min(1, { error: msg("validation.required") })
    .max(Math.ceil((CSV_BULK_UPDATE_MAX_BYTES * 4) / 3) + 4, { error: msg("validation.tooLong") }),
});
export type BulkUpdateCsvInput = z.input<typeof BulkUpdateCsvInput>;

// ---- Answers ----

export type ListPlace = PlaceName;

/** A list row: the shipment's fields and its latest history's route, as on the detail page. */
export interface ShipmentListItem extends ShipmentFields, RouteTimes<ListPlace> {
  teamId: string;
  teamName: string;
  owner: ShipmentPerson | null;
  vesselName: string | null;
  vesselVoyage: string | null;
  containers: string[];
  /** The history the route columns above were copied from (by a trigger); null before the first fetch. */
  latestHistoryId: string | null;
}

export interface ShipmentsV2Output {
  items: ShipmentListItem[];
  pagination: { total: number; hasNextPage: boolean };
}

/**
 * The calendar/timeline answer, columnar: item i is the i-th entry of every array. Times are epoch
 * milliseconds (number | null) rather than ISO strings and time statuses one letter ("A" actual,
 * "E" estimated, "U" unknown), which keeps 100,000 items to a few MB of JSON. `truncated` says the
 * filters matched more than CALENDAR_TIMELINE_PAGE_SIZE; `total` is the full count.
 */
export interface ShipmentCalendarOutput {
  total: number;
  truncated: boolean;
  id: string[];
  title: (string | null)[];
  trackingNumber: string[];
  shippingLine: ShippingLine[];
  isArchived: boolean[];
  departureTime: (number | null)[];
  departureTimeStatus: (CalendarTimeStatus | null)[];
  arrivalTime: (number | null)[];
  arrivalTimeStatus: (CalendarTimeStatus | null)[];
  placeOfDeliveryEta: (number | null)[];
  placeOfDeliveryEtaStatus: (CalendarTimeStatus | null)[];
  loadingPort: (string | null)[];
  dischargingPort: (string | null)[];
}

export type CalendarTimeStatus = "A" | "E" | "U";
export const CALENDAR_TIME_STATUS: Record<TimeStatus, CalendarTimeStatus> = {
  ACTUAL: "A",
  ESTIMATED: "E",
  UNKNOWN: "U",
};

export interface SearchSuggestion {
  value: string;
  label: string;
}

export interface SavedSearchItem {
  id: string;
  name: string;
  conditions: z.output<typeof SearchConditions>;
  createdAt: Iso;
}

export interface BulkResult {
  succeeded: number;
  failed: number;
}

export interface BulkUpdateCsvRowResult {
  lineNo: number;
  status: "success" | "failed";
  shipmentId: string | null;
  /** Translated into the request's language. */
  error: string | null;
}

export interface BulkUpdateCsvOutput extends BulkResult {
  rows: BulkUpdateCsvRowResult[];
}
