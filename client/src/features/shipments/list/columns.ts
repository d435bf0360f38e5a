import { COLUMN_MIN_WIDTH } from "../../../../../shared/constants";
import { SHIPMENT_SORT_FIELDS, type ShipmentSortField } from "../../../../../shared/schemas/list";
import type { ColumnSetting } from "../../../../../shared/schemas/search";

// The list's columns: which exist, which show by default and in what order (spec 01 §4: title,
// liner, POL, ETD, delay, POD, ETA, delay, vessel name, containers, remarks, createdBy), their
// default widths and the sort field each header sorts by.

/** The columns shown by default, in the spec's order; they also lead the full list. */
const DEFAULT_VISIBLE_IDS = [
  "title",
  "shippingLine",
  "loadingPort",
  "departureTime",
  "etdDelayDays",
  "dischargingPort",
  "arrivalTime",
  "delayDays",
  "vesselName",
  "containers",
  "remark",
  "owner",
] as const;

export const COLUMN_IDS = [
  ...DEFAULT_VISIBLE_IDS,
  "trackingNumber",
  "trackingType",
  "placeOfReceipt",
  "placeOfDelivery",
  "placeOfDeliveryEta",
  "vesselVoyage",
  "requestedEtd",
  "requestedEta",
  "initialEtd",
  "initialEta",
  "requestedEtdDelayDays",
  "requestedEtaDelayDays",
  "customField1",
  "customField2",
  "customField3",
  "createdAt",
  "lastScrapedAt",
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

const DEFAULT_VISIBLE: ReadonlySet<ColumnId> = new Set<ColumnId>(DEFAULT_VISIBLE_IDS);

// The default columns from the title through the vessel, the ones a forwarder reads first, fit
// a 1366 px laptop screen without scrolling sideways (with the sidebar and a vertical scrollbar):
// the schedule dates are compact (formatCompactDate) and the delays take the minimum width.
const WIDTHS: Partial<Record<ColumnId, number>> = {
  title: 190,
  shippingLine: 100,
  loadingPort: 110,
  departureTime: 100,
  dischargingPort: 110,
  arrivalTime: 100,
  vesselName: 115,
  remark: 220,
  containers: 180,
  vesselVoyage: 160,
  placeOfReceipt: 150,
  placeOfDelivery: 150,
  placeOfDeliveryEta: 130,
  owner: 150,
  trackingNumber: 150,
  trackingType: 150,
  requestedEtd: 120,
  requestedEta: 120,
  initialEtd: 120,
  initialEta: 120,
  customField1: 140,
  customField2: 140,
  customField3: 140,
  createdAt: 150,
  lastScrapedAt: 150,
};

export function defaultWidth(id: ColumnId): number {
  return Math.max(COLUMN_MIN_WIDTH, WIDTHS[id] ?? COLUMN_MIN_WIDTH);
}

export const DEFAULT_COLUMNS: readonly ColumnSetting[] = COLUMN_IDS.map((id) => ({
  id,
  width: defaultWidth(id),
  isVisible: DEFAULT_VISIBLE.has(id),
}));

export function isColumnId(id: string): id is ColumnId {
  return (COLUMN_IDS as readonly string[]).includes(id);
}

/** The field a header sorts by, or null for columns the server cannot order (owner, containers). */
export function sortFieldOf(id: ColumnId): ShipmentSortField | null {
  return (SHIPMENT_SORT_FIELDS as readonly string[]).includes(id) ? (id as ShipmentSortField) : null;
}

/** The i18n key of a column's name (settings dialog, accessible names, CSV). */
export function columnLabelKey(id: ColumnId): string {
  return id === "owner" ? "shipment.fields.createdBy" : `shipment.fields.${id}`;
}

/**
 * The i18n key of the text a header shows: the name, except for the two delay columns, which sit
 * right after their ETD and ETA (spec 01 §4 calls both "delay") and keep their full name as the
 * header's accessible name, so they fit the minimum width.
 */
export function columnHeaderKey(id: ColumnId): string {
  if (id === "etdDelayDays") return "shipment.fields.etdDelayHeader";
  if (id === "delayDays") return "shipment.fields.delayHeader";
  return columnLabelKey(id);
}

/**
 * Stored settings made whole: unknown ids dropped, duplicates ignored, widths raised to the
 * minimum, and columns added since the settings were saved appended in their default state.
 */
export function normalizeColumns(stored: readonly ColumnSetting[]): ColumnSetting[] {
  const seen = new Set<string>();
  const out: ColumnSetting[] = [];
  for (const c of stored) {
    if (!isColumnId(c.id) || seen.has(c.id)) continue;
    seen.add(c.id);
    out.push({ id: c.id, width: Math.max(COLUMN_MIN_WIDTH, Math.round(c.width)), isVisible: c.isVisible });
  }
  for (const c of DEFAULT_COLUMNS) if (!seen.has(c.id)) out.push({ ...c });
  return out;
}

/** Moves the column at `from` to `to` (both indexes in the full list). */
export function moveColumn<T>(columns: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= columns.length || to >= columns.length) {
    return [...columns];
  }
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}
