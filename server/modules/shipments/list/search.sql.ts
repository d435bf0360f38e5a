import { type SQL, sql } from "drizzle-orm";
import { type SearchOperator, SHIPPING_LINE_CODES, TRACKING_TYPES } from "../../../../shared/enums";
import type { ShipmentSortField, ShipmentTab } from "../../../../shared/schemas/list";
import {
  type SearchCondition,
  SHIPMENT_SEARCH_FIELDS,
  type ShipmentSearchField,
} from "../../../../shared/schemas/search";
import type { ListScope } from "./list.scope";

// The list's WHERE and ORDER BY, as SQL over `shipments s` alone: every list column lives on the
// shipment row (docs/decisions/0045-list-columns-on-shipments.md). Values are always bound parameters; only
// column names chosen from the fixed tables below are raw SQL.

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The columns a text field is stored in (ports keep the carrier's code and name). */
const TEXT_COLUMNS: Partial<Record<ShipmentSearchField, string[]>> = {
  title: ["title"],
  trackingNumber: ["tracking_number"],
  remark: ["remark"],
  customField1: ["custom_field1"],
  customField2: ["custom_field2"],
  customField3: ["custom_field3"],
  placeOfReceipt: ["place_of_receipt_name", "place_of_receipt_locode"],
  loadingPort: ["loading_port_name", "loading_port_locode"],
  dischargingPort: ["discharging_port_name", "discharging_port_locode"],
  placeOfDelivery: ["place_of_delivery_name", "place_of_delivery_locode"],
  vesselName: ["vessel_name"],
  vesselVoyage: ["vessel_voyage"],
};

/** A place sorts and is suggested by what the list shows for it: its name, else its UN/LOCODE. */
export const PLACE_DISPLAY = {
  placeOfReceipt: "coalesce(s.place_of_receipt_name, s.place_of_receipt_locode)",
  loadingPort: "coalesce(s.loading_port_name, s.loading_port_locode)",
  dischargingPort: "coalesce(s.discharging_port_name, s.discharging_port_locode)",
  placeOfDelivery: "coalesce(s.place_of_delivery_name, s.place_of_delivery_locode)",
} as const satisfies Partial<Record<ShipmentSearchField & ShipmentSortField, string>>;

/** Enum columns with their type, so a condition compares typed values and can use an index. */
const ENUM_COLUMNS: Partial<
  Record<ShipmentSearchField, { column: string; type: string; valid: (v: string) => boolean }>
> = {
  shippingLine: {
    column: "s.shipping_line",
    type: "shipping_line",
    valid: (v) => (SHIPPING_LINE_CODES as readonly string[]).includes(v),
  },
  trackingType: {
    column: "s.tracking_type",
    type: "tracking_type",
    valid: (v) => (TRACKING_TYPES as readonly string[]).includes(v),
  },
  owner: { column: "s.owner_user_id", type: "uuid", valid: (v) => UUID.test(v) },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SCALAR_COLUMNS: Partial<Record<ShipmentSearchField, string>> = {
  delayDays: "s.delay_days",
  etdDelayDays: "s.etd_delay_days",
  requestedEtdDelayDays: "s.requested_etd_delay_days",
  requestedEtaDelayDays: "s.requested_eta_delay_days",
  departureTime: "s.departure_time",
  arrivalTime: "s.arrival_time",
  placeOfDeliveryEta: "s.place_of_delivery_eta",
  requestedEtd: "s.requested_etd",
  requestedEta: "s.requested_eta",
  initialEtd: "s.initial_etd",
  initialEta: "s.initial_eta",
  createdAt: "s.created_at",
  lastScrapedAt: "s.last_scraped_at",
  isFailing: "s.is_failing",
};

/** Calendar-date columns (requested dates) compare as dates; the rest are instants. */
const DATE_COLUMNS = new Set<ShipmentSearchField>(["requestedEtd", "requestedEta"]);

const col = (name: string) => sql.raw(name.includes(".") || name.includes("::") ? name : `s.${name}`);
const or = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
const and = (parts: SQL[]) => sql`(${sql.join(parts, sql` and `)})`;

/**
 * A substring of a searched column is a substring of search_text, which has a trigram index:
 * adding this redundant test lets Postgres narrow the rows by index first.
 */
const trigramHint = (pattern: string) => sql`s.search_text like lower(${pattern})`;

function textCondition(columns: string[], operator: SearchOperator, value: string): SQL {
  const cols = columns.map(col);
  switch (operator) {
    case "IS":
      return and([trigramHint(containsPattern(value)), or(cols.map((c) => sql`${c} = ${value}`))]);
    case "IS_NOT":
      return and(cols.map((c) => sql`${c} is distinct from ${value}`));
    case "CONTAINS": {
      const pattern = containsPattern(value);
      return and([trigramHint(pattern), or(cols.map((c) => sql`${c} ilike ${pattern}`))]);
    }
    case "NOT_CONTAIN": {
      const pattern = containsPattern(value);
      return and(cols.map((c) => sql`coalesce(${c}, '') not ilike ${pattern}`));
    }
    case "IS_EMPTY":
      return and(cols.map((c) => sql`coalesce(${c}, '') = ''`));
    default:
      return or(cols.map((c) => sql`coalesce(${c}, '') <> ''`));
  }
}

function containerCondition(operator: SearchOperator, value: string): SQL {
  const pattern = containsPattern(value);
  const anyLike = sql`exists (select 1 from unnest(s.container_numbers) c where c ilike ${pattern})`;
  switch (operator) {
    case "IS":
      return and([trigramHint(pattern), sql`${value} = any(s.container_numbers)`]);
    case "IS_NOT":
      return sql`not (${value} = any(s.container_numbers))`;
    case "CONTAINS":
      return and([trigramHint(pattern), anyLike]);
    case "NOT_CONTAIN":
      return sql`not ${anyLike}`;
    case "IS_EMPTY":
      return sql`cardinality(s.container_numbers) = 0`;
    default:
      return sql`cardinality(s.container_numbers) > 0`;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A BETWEEN bound: a calendar date covers its whole day (UTC); a timestamp is itself. */
function bound(field: ShipmentSearchField, value: string, end: boolean): SQL {
  if (DATE_COLUMNS.has(field)) return sql`${value.slice(0, 10)}::date`;
  if (DAY.test(value)) {
    return end
      ? sql`(${value}::date + 1)::timestamp at time zone 'UTC'`
      : sql`${value}::date::timestamp at time zone 'UTC'`;
  }
  return sql`${new Date(value).toISOString()}::timestamptz`;
}

function scalarCondition(field: ShipmentSearchField, condition: SearchCondition): SQL {
  const c = col(SCALAR_COLUMNS[field] as string);
  const type = SHIPMENT_SEARCH_FIELDS[field];
  const { operator, value } = condition;
  if (operator === "IS_EMPTY") return sql`${c} is null`;
  if (operator === "NOT_EMPTY") return sql`${c} is not null`;
  if (type === "boolean") return sql`${c} = ${value === true}`;
  if (type === "number") {
    if (operator === "BETWEEN" && Array.isArray(value)) {
      const [a, b] = value.map(Number).sort((x, y) => x - y) as [number, number];
      return sql`${c} between ${a} and ${b}`;
    }
    const n = Number(value);
    if (operator === "GREATER_THAN") return sql`${c} > ${n}`;
    if (operator === "LESS_THAN") return sql`${c} < ${n}`;
    return sql`${c} = ${n}`;
  }
  // date and timestamp: BETWEEN two bounds, in either order, both days included.
  const [a, b] = (Array.isArray(value) ? value.map(String) : [String(value), String(value)]).sort() as [
    string,
    string,
  ];
  if (DATE_COLUMNS.has(field))
    return sql`${c} between ${bound(field, a, false)} and ${bound(field, b, true)}`;
  const upper = DAY.test(b) ? sql`${c} < ${bound(field, b, true)}` : sql`${c} <= ${bound(field, b, true)}`;
  return sql`${c} >= ${bound(field, a, false)} and ${upper}`;
}

/** One condition of the conditions panel, validated by SearchCondition already. */
export function conditionSql(condition: SearchCondition): SQL {
  const field = condition.field as ShipmentSearchField;
  const value = Array.isArray(condition.value) ? "" : String(condition.value ?? "");
  const text = TEXT_COLUMNS[field];
  if (text) return textCondition(text, condition.operator, value);
  if (field === "containerNumber") return containerCondition(condition.operator, value);
  const enumColumn = ENUM_COLUMNS[field];
  if (enumColumn) {
    const c = sql.raw(enumColumn.column);
    // A value outside the enum matches nothing (IS) or everything (IS_NOT), without a cast error.
    if (!enumColumn.valid(value)) return condition.operator === "IS" ? sql`false` : sql`true`;
    const typed = sql`${value}::${sql.raw(enumColumn.type)}`;
    return condition.operator === "IS" ? sql`${c} = ${typed}` : sql`${c} is distinct from ${typed}`;
  }
  return scalarCondition(field, condition);
}

/** The search box: every word (spaces, including the ideographic one, separate words) must match. */
export function fullTextSql(query: string | undefined): SQL[] {
  const words = (query ?? "").split(/\s+/u).filter((w) => w.length > 0);
  // search_text is stored in lower case: LIKE on it costs far less per row than ILIKE.
  return words.map((w) => sql`s.search_text like lower(${containsPattern(w)})`);
}

/**
 * What a guest sees of a shipment (the share page's fields), as one lower-case text: never the
 * remark or custom fields that search_text also holds. Words hold no space, so a word matches
 * within one field.
 */
const GUEST_VISIBLE_TEXT = sql.raw(
  `lower(concat_ws(' ', s.title, s.tracking_number, s.shipping_line::text, ${[
    "place_of_receipt",
    "loading_port",
    "discharging_port",
    "place_of_delivery",
  ]
    .map((p) => `s.${p}_name, s.${p}_locode`)
    .join(", ")}, s.vessel_name, s.vessel_voyage, array_to_string(s.container_numbers, ' ')))`,
);

/**
 * The guest home's search box: every word must match what the guest may see. The search_text
 * test only lets the trigram index narrow the rows first; the visible text decides.
 */
export function guestFullTextSql(query: string | undefined): SQL[] {
  const words = (query ?? "").split(/\s+/u).filter((w) => w.length > 0);
  return words.map((w) => {
    const pattern = containsPattern(w);
    return sql`(s.search_text like lower(${pattern}) and ${GUEST_VISIBLE_TEXT} like lower(${pattern}))`;
  });
}

export function tabSql(tab: ShipmentTab, viewerId: string): SQL | null {
  switch (tab) {
    case "ONGOING":
      return sql`s.is_archived = false`;
    case "ARCHIVED":
      return sql`s.is_archived = true`;
    case "FAVORITES":
      return sql`s.is_archived = false and exists (select 1 from favorites f where f.shipment_id = s.id and f.user_id = ${viewerId})`;
    default:
      return null;
  }
}

export function scopeSql(scope: ListScope): SQL {
  return scope.teamId === null
    ? sql`s.company_id = ${scope.companyId}`
    : sql`s.company_id = ${scope.companyId} and s.team_id = ${scope.teamId}`;
}

/** The whole WHERE of a list call. */
export function listWhere(
  scope: ListScope,
  filter: { tab: ShipmentTab; searchInputs: SearchCondition[]; fullTextQuery?: string | undefined },
): SQL {
  const parts = [
    scopeSql(scope),
    tabSql(filter.tab, scope.actor.userId),
    ...fullTextSql(filter.fullTextQuery),
    ...filter.searchInputs.map(conditionSql),
  ].filter((p): p is SQL => p !== null);
  return sql.join(parts, sql` and `);
}

const SORT_COLUMNS: Record<ShipmentSortField, string> = {
  title: "s.title",
  trackingNumber: "s.tracking_number",
  trackingType: "s.tracking_type",
  shippingLine: "s.shipping_line::text",
  remark: "s.remark",
  customField1: "s.custom_field1",
  customField2: "s.custom_field2",
  customField3: "s.custom_field3",
  ...PLACE_DISPLAY,
  vesselName: "s.vessel_name",
  vesselVoyage: "s.vessel_voyage",
  departureTime: "s.departure_time",
  arrivalTime: "s.arrival_time",
  placeOfDeliveryEta: "s.place_of_delivery_eta",
  requestedEtd: "s.requested_etd",
  requestedEta: "s.requested_eta",
  initialEtd: "s.initial_etd",
  initialEta: "s.initial_eta",
  delayDays: "s.delay_days",
  etdDelayDays: "s.etd_delay_days",
  requestedEtdDelayDays: "s.requested_etd_delay_days",
  requestedEtaDelayDays: "s.requested_eta_delay_days",
  createdAt: "s.created_at",
  lastScrapedAt: "s.last_scraped_at",
};

/**
 * Empty values last in both directions, then id ascending, so equal values keep one order across
 * pages. Ascending arrival time matches the list indexes exactly (the default sort).
 */
export function orderSql(orderBy: ShipmentSortField, orderByType: "ASC" | "DESC"): SQL {
  const direction = orderByType === "DESC" ? "desc" : "asc";
  return sql.raw(`${SORT_COLUMNS[orderBy]} ${direction} nulls last, s.id asc`);
}
