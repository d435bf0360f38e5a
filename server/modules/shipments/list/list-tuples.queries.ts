import { type SQL, sql } from "drizzle-orm";
import type { TimeStatus } from "../../../../shared/enums";
import type { Db } from "../../../db/client";
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

/**
 * A latest history's leg as the list reads it along with the page (pageWithLegsQuery): id,
 * sequence, vessel name, IMO, MMSI, voyage, loading port locode and name, discharging port locode
 * and name, departure time (epoch milliseconds) and status, arrival time and status. An array
 * rather than an object, so the page's JSON does not repeat 14 keys on every leg.
 */
export type LegTuple = [
  id: string,
  sequence: number,
  vesselName: string | null,
  imo: string | null,
  mmsi: string | null,
  voyage: string | null,
  loadingPortLocode: string | null,
  loadingPortName: string | null,
  dischargingPortLocode: string | null,
  dischargingPortName: string | null,
  departureTime: number | null,
  departureTimeStatus: TimeStatus | null,
  arrivalTime: number | null,
  arrivalTimeStatus: TimeStatus | null,
];

export interface ListRowWithLegs extends ListRow {
  /** The latest history's legs by sequence; empty without a latest history. */
  legs: LegTuple[];
}

/**
 * pageQuery with each row's latest history's legs (`legs`, LegTuple[] by sequence): for an
 * answer that shows them (GraphQL's latestHistory { vessels }), the page and its legs in one
 * statement. The history is the company's own, like every row of the page.
 */
export function pageWithLegsQuery(
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  viewerId: string,
  companyId: string,
): SQL {
  const legs = sql`,
      (select coalesce(json_agg(json_build_array(v.id, v.sequence, v.vessel_name, v.imo, v.mmsi, v.voyage,
          v.loading_port_locode, v.loading_port_name, v.discharging_port_locode, v.discharging_port_name,
          ${ms("v.departure_time")}, v.departure_time_status, ${ms("v.arrival_time")}, v.arrival_time_status)
          order by v.sequence), '[]'::json)
        from shipment_histories h join history_vessels v on v.history_id = h.id
        where h.id = s.latest_history_id and h.company_id = ${companyId}) as legs`;
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
  const v = <C extends TupleColumn>(column: C) => t[at[column]] as ListRowWithLegs[C];
  return {
    id: v("id"),
    team_id: v("team_id"),
    team_name: v("team_name"),
    title: v("title"),
    tracking_number: v("tracking_number"),
    tracking_type: v("tracking_type"),
    shipping_line: v("shipping_line"),
    is_archived: v("is_archived"),
    is_failing: v("is_failing"),
    failed_reason: v("failed_reason"),
    last_failed_reason: v("last_failed_reason"),
    queue_status: v("queue_status"),
    last_scraped_at: v("last_scraped_at"),
    created_at: v("created_at"),
    remark: v("remark"),
    custom_field1: v("custom_field1"),
    custom_field2: v("custom_field2"),
    custom_field3: v("custom_field3"),
    requested_etd: v("requested_etd"),
    requested_eta: v("requested_eta"),
    initial_etd: v("initial_etd"),
    initial_eta: v("initial_eta"),
    delay_days: v("delay_days"),
    etd_delay_days: v("etd_delay_days"),
    requested_etd_delay_days: v("requested_etd_delay_days"),
    requested_eta_delay_days: v("requested_eta_delay_days"),
    owner_id: v("owner_id"),
    owner_nickname: v("owner_nickname"),
    owner_color: v("owner_color"),
    is_favorite: v("is_favorite"),
    is_subscribed: v("is_subscribed"),
    has_unread_comment: v("has_unread_comment"),
    place_of_receipt_locode: v("place_of_receipt_locode"),
    place_of_receipt_name: v("place_of_receipt_name"),
    loading_port_locode: v("loading_port_locode"),
    loading_port_name: v("loading_port_name"),
    discharging_port_locode: v("discharging_port_locode"),
    discharging_port_name: v("discharging_port_name"),
    place_of_delivery_locode: v("place_of_delivery_locode"),
    place_of_delivery_name: v("place_of_delivery_name"),
    departure_time: v("departure_time"),
    departure_time_status: v("departure_time_status"),
    arrival_time: v("arrival_time"),
    arrival_time_status: v("arrival_time_status"),
    place_of_delivery_eta: v("place_of_delivery_eta"),
    place_of_delivery_eta_status: v("place_of_delivery_eta_status"),
    vessel_name: v("vessel_name"),
    vessel_voyage: v("vessel_voyage"),
    container_numbers: v("container_numbers"),
    latest_history_id: v("latest_history_id"),
    legs: v("legs"),
  };
}

/** selectListPage for listPageOfTuplesQuery: its rows read back into objects. */
export async function selectListPageOfTuples(db: Db, query: SQL): Promise<ListPageResult<ListRowWithLegs>> {
  const { rows, ...rest } = await selectListPage(db, query);
  return { ...rest, rows: (rows as unknown as unknown[][]).map(rowOfTuple) };
}
