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

const WIDE: Partial<Record<ColumnId, number>> = {
  title: 280,
  remark: 220,
  containers: 180,
  vesselName: 180,
  vesselVoyage: 180,
  loadingPort: 170,
  dischargingPort: 170,
  placeOfReceipt: 170,
  placeOfDelivery: 170,
  departureTime: 150,
  arrivalTime: 150,
  placeOfDeliveryEta: 150,
  owner: 150,
};

export function defaultWidth(id: ColumnId): number {
  return Math.max(COLUMN_MIN_WIDTH, WIDE[id] ?? 120);
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

/** The i18n key of a column's header. */
export function columnLabelKey(id: ColumnId): string {
  return id === "owner" ? "shipment.fields.createdBy" : `shipment.fields.${id}`;
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
