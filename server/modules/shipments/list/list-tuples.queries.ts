import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { LEG_FIELDS, type LegField } from "./leg-fields";
import {
  type ListPageResult,
  type ListRow,
  type ListTeamCheck,
  listPageSelect,
  ms,
  pageSelect,
  selectListPage,
} from "./list.queries";

// The list page with each row's latest history's legs, for an answer that shows them (GraphQL's
// latestHistory { vessels }): the same page as list.queries.ts, its rows sent as JSON arrays.

/** The columns that answer each field of a leg: a place is its locode and name, a time its epoch milliseconds. */
const LEG_COLUMNS: Record<LegField, readonly SQL[]> = {
  id: [sql.raw("v.id")],
  sequence: [sql.raw("v.sequence")],
  vesselName: [sql.raw("v.vessel_name")],
  imo: [sql.raw("v.imo")],
  mmsi: [sql.raw("v.mmsi")],
  voyage: [sql.raw("v.voyage")],
  loadingPort: [sql.raw("v.loading_port_locode"), sql.raw("v.loading_port_name")],
  dischargingPort: [sql.raw("v.discharging_port_locode"), sql.raw("v.discharging_port_name")],
  departureTime: [ms("v.departure_time")],
  departureTimeStatus: [sql.raw("v.departure_time_status")],
  arrivalTime: [ms("v.arrival_time")],
  arrivalTimeStatus: [sql.raw("v.arrival_time_status")],
};

/** How many values of a leg's array answer a field: a place takes two (locode, name), others one. */
export const legFieldWidth = (field: LegField): number => LEG_COLUMNS[field].length;

/**
 * A latest history's leg as the list reads it along with the page (pageWithLegsQuery): the columns
 * of the fields asked for, in LEG_FIELDS' order. An array rather than an object, so the page's JSON
 * does not repeat the keys on every leg.
 */
export type LegTuple = unknown[];

export interface ListRowWithLegs extends ListRow {
  /** The latest history's legs by sequence; empty without a latest history. */
  legs: LegTuple[];
}

/**
 * pageQuery with each row's latest history's legs (`legs`, LegTuple[] by sequence, holding the
 * columns of `fields` only): for an answer that shows them (GraphQL's latestHistory { vessels }),
 * the page and its legs in one statement. The history is the company's own, like every row of the
 * page: checked once per row (the check names no leg, so it filters the whole look-up at once).
 */
export function pageWithLegsQuery(
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  viewerId: string,
  companyId: string,
  fields: readonly LegField[] = LEG_FIELDS,
): SQL {
  const columns = sql.join(
    fields.flatMap((f) => LEG_COLUMNS[f]),
    sql`, `,
  );
  const legs = sql`,
      (select coalesce(json_agg(json_build_array(${columns}) order by v.sequence), '[]'::json)
        from history_vessels v
        where v.history_id = s.latest_history_id
          and exists (select 1 from shipment_histories h where h.id = s.latest_history_id and h.company_id = ${companyId})
      ) as legs`;
  return pageSelect(where, order, limit, offset, viewerId, legs);
}

/**
 * The columns of a page row with its legs, in the order listPageOfTuplesQuery sends them: each row
 * as a JSON array rather than an object, so the page's JSON does not repeat some fifty column
 * names on every row (parsing them cost more than the values).
 */
const TUPLE_COLUMNS = [
  "id",
  "team_id",
  "team_name",
  "title",
  "tracking_number",
  "tracking_type",
  "shipping_line",
  "is_archived",
  "is_failing",
  "failed_reason",
  "last_failed_reason",
  "queue_status",
  "last_scraped_at",
  "created_at",
  "remark",
  "custom_field1",
  "custom_field2",
  "custom_field3",
  "requested_etd",
  "requested_eta",
  "initial_etd",
  "initial_eta",
  "delay_days",
  "etd_delay_days",
  "requested_etd_delay_days",
  "requested_eta_delay_days",
  "owner_id",
  "owner_nickname",
  "owner_color",
  "is_favorite",
  "is_subscribed",
  "has_unread_comment",
  "place_of_receipt_locode",
  "place_of_receipt_name",
  "loading_port_locode",
  "loading_port_name",
  "discharging_port_locode",
  "discharging_port_name",
  "place_of_delivery_locode",
  "place_of_delivery_name",
  "departure_time",
  "departure_time_status",
  "arrival_time",
  "arrival_time_status",
  "place_of_delivery_eta",
  "place_of_delivery_eta_status",
  "vessel_name",
  "vessel_voyage",
  "container_numbers",
  "latest_history_id",
  "legs",
] as const satisfies readonly (keyof ListRowWithLegs)[];

type TupleColumn = (typeof TUPLE_COLUMNS)[number];
const at = Object.fromEntries(TUPLE_COLUMNS.map((c, i) => [c, i])) as Record<TupleColumn, number>;

/** A column's value in a row's array (a function of the module's, not a closure made per row). */
function cell<C extends TupleColumn>(t: unknown[], column: C): ListRowWithLegs[C] {
  return t[at[column]] as ListRowWithLegs[C];
}

/** listPageQuery over pageWithLegsQuery's rows, each sent as a JSON array (rowOfTuple reads it back). */
export function listPageOfTuplesQuery(page: SQL, count: SQL, team: ListTeamCheck | null): SQL {
  return listPageSelect(
    page,
    count,
    team,
    sql.raw(`json_build_array(${TUPLE_COLUMNS.map((c) => `r.${c}`).join(", ")})`),
  );
}

/**
 * A row of listPageOfTuplesQuery as the object listPageQuery's JSON would have made. Spelled out
 * field by field rather than built from TUPLE_COLUMNS: the compiler then refuses a column added to
 * ListRow and missing here, and every row gets the same object shape.
 */
export function rowOfTuple(t: unknown[]): ListRowWithLegs {
  return {
    id: cell(t, "id"),
    team_id: cell(t, "team_id"),
    team_name: cell(t, "team_name"),
    title: cell(t, "title"),
    tracking_number: cell(t, "tracking_number"),
    tracking_type: cell(t, "tracking_type"),
    shipping_line: cell(t, "shipping_line"),
    is_archived: cell(t, "is_archived"),
    is_failing: cell(t, "is_failing"),
    failed_reason: cell(t, "failed_reason"),
    last_failed_reason: cell(t, "last_failed_reason"),
    queue_status: cell(t, "queue_status"),
    last_scraped_at: cell(t, "last_scraped_at"),
    created_at: cell(t, "created_at"),
    remark: cell(t, "remark"),
    custom_field1: cell(t, "custom_field1"),
    custom_field2: cell(t, "custom_field2"),
    custom_field3: cell(t, "custom_field3"),
    requested_etd: cell(t, "requested_etd"),
    requested_eta: cell(t, "requested_eta"),
    initial_etd: cell(t, "initial_etd"),
    initial_eta: cell(t, "initial_eta"),
    delay_days: cell(t, "delay_days"),
    etd_delay_days: cell(t, "etd_delay_days"),
    requested_etd_delay_days: cell(t, "requested_etd_delay_days"),
    requested_eta_delay_days: cell(t, "requested_eta_delay_days"),
    owner_id: cell(t, "owner_id"),
    owner_nickname: cell(t, "owner_nickname"),
    owner_color: cell(t, "owner_color"),
    is_favorite: cell(t, "is_favorite"),
    is_subscribed: cell(t, "is_subscribed"),
    has_unread_comment: cell(t, "has_unread_comment"),
    place_of_receipt_locode: cell(t, "place_of_receipt_locode"),
    place_of_receipt_name: cell(t, "place_of_receipt_name"),
    loading_port_locode: cell(t, "loading_port_locode"),
    loading_port_name: cell(t, "loading_port_name"),
    discharging_port_locode: cell(t, "discharging_port_locode"),
    discharging_port_name: cell(t, "discharging_port_name"),
    place_of_delivery_locode: cell(t, "place_of_delivery_locode"),
    place_of_delivery_name: cell(t, "place_of_delivery_name"),
    departure_time: cell(t, "departure_time"),
    departure_time_status: cell(t, "departure_time_status"),
    arrival_time: cell(t, "arrival_time"),
    arrival_time_status: cell(t, "arrival_time_status"),
    place_of_delivery_eta: cell(t, "place_of_delivery_eta"),
    place_of_delivery_eta_status: cell(t, "place_of_delivery_eta_status"),
    vessel_name: cell(t, "vessel_name"),
    vessel_voyage: cell(t, "vessel_voyage"),
    container_numbers: cell(t, "container_numbers"),
    latest_history_id: cell(t, "latest_history_id"),
    legs: cell(t, "legs"),
  };
}

/** selectListPage for listPageOfTuplesQuery: its rows read back into objects. */
export async function selectListPageOfTuples(db: Db, query: SQL): Promise<ListPageResult<ListRowWithLegs>> {
  const { rows, ...rest } = await selectListPage(db, query);
  return { ...rest, rows: (rows as unknown as unknown[][]).map(rowOfTuple) };
}
