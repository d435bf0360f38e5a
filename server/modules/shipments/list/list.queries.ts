import { type SQL, sql } from "drizzle-orm";
import type { QueueStatus, ShippingLine, TimeStatus, TrackingType } from "../../../../shared/enums";
import type { Db } from "../../../db/client";

// The list's SQL. A page is found by ids first (the WHERE and ORDER BY over the shipments indexes,
// LIMIT/OFFSET walking index entries only), then the 100 rows are joined with their details.

/** Epoch milliseconds as a JS number (the driver hands timestamps over as text otherwise). */
export const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

export interface ListRow {
  id: string;
  team_id: string;
  team_name: string;
  title: string | null;
  tracking_number: string;
  tracking_type: TrackingType;
  shipping_line: ShippingLine;
  is_archived: boolean;
  is_failing: boolean;
  failed_reason: string | null;
  last_failed_reason: string | null;
  queue_status: QueueStatus;
  last_scraped_at: number | null;
  created_at: number;
  remark: string | null;
  custom_field1: string | null;
  custom_field2: string | null;
  custom_field3: string | null;
  requested_etd: string | null;
  requested_eta: string | null;
  initial_etd: number | null;
  initial_eta: number | null;
  delay_days: number | null;
  etd_delay_days: number | null;
  requested_etd_delay_days: number | null;
  requested_eta_delay_days: number | null;
  owner_id: string | null;
  owner_nickname: string | null;
  owner_color: string | null;
  is_favorite: boolean;
  is_subscribed: boolean;
  has_unread_comment: boolean;
  place_of_receipt_locode: string | null;
  place_of_receipt_name: string | null;
  loading_port_locode: string | null;
  loading_port_name: string | null;
  discharging_port_locode: string | null;
  discharging_port_name: string | null;
  place_of_delivery_locode: string | null;
  place_of_delivery_name: string | null;
  departure_time: number | null;
  departure_time_status: TimeStatus | null;
  arrival_time: number | null;
  arrival_time_status: TimeStatus | null;
  place_of_delivery_eta: number | null;
  place_of_delivery_eta_status: TimeStatus | null;
  vessel_name: string | null;
  vessel_voyage: string | null;
  container_numbers: string[];
  latest_history_id: string | null;
}

/** The SELECT of one page: ids by index, then the details of just those rows, in page order. */
export function pageQuery(where: SQL, order: SQL, limit: number, offset: number, viewerId: string): SQL {
  return pageSelect(where, order, limit, offset, viewerId, sql``);
}

/** A page's SELECT with `extra` columns after the list's own (list-tuples.queries.ts adds the legs). */
export function pageSelect(
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  viewerId: string,
  extra: SQL,
): SQL {
  return sql`
    with page as (
      select p.id, p.ord
      from unnest(array(
        select s.id from shipments s where ${where} order by ${order} limit ${limit} offset ${offset}
      )) with ordinality as p(id, ord)
    )
    select s.id, s.team_id, t.name as team_name, s.title, s.tracking_number, s.tracking_type,
      s.shipping_line, s.is_archived, s.is_failing, s.failed_reason, s.last_failed_reason, s.queue_status,
      ${ms("s.last_scraped_at")} as last_scraped_at, ${ms("s.created_at")} as created_at, s.remark,
      s.custom_field1, s.custom_field2, s.custom_field3, s.requested_etd::text as requested_etd,
      s.requested_eta::text as requested_eta, ${ms("s.initial_etd")} as initial_etd,
      ${ms("s.initial_eta")} as initial_eta, s.delay_days, s.etd_delay_days,
      s.requested_etd_delay_days, s.requested_eta_delay_days,
      u.id as owner_id, u.nickname as owner_nickname, u.color as owner_color,
      exists (select 1 from favorites f where f.shipment_id = s.id and f.user_id = ${viewerId}) as is_favorite,
      exists (select 1 from subscriptions b where b.shipment_id = s.id and b.user_id = ${viewerId}) as is_subscribed,
      exists (
        select 1 from comments c
        left join comment_reads r on r.shipment_id = c.shipment_id and r.user_id = ${viewerId}
        where c.shipment_id = s.id and c.user_id is distinct from ${viewerId}
          and (r.last_read_at is null or c.created_at > r.last_read_at)
      ) as has_unread_comment,
      s.place_of_receipt_locode, s.place_of_receipt_name, s.loading_port_locode, s.loading_port_name,
      s.discharging_port_locode, s.discharging_port_name, s.place_of_delivery_locode,
      s.place_of_delivery_name, ${ms("s.departure_time")} as departure_time, s.departure_time_status,
      ${ms("s.arrival_time")} as arrival_time, s.arrival_time_status,
      ${ms("s.place_of_delivery_eta")} as place_of_delivery_eta, s.place_of_delivery_eta_status,
      s.vessel_name, s.vessel_voyage, s.container_numbers, s.latest_history_id${extra}
    from page p
    join shipments s on s.id = p.id
    join teams t on t.id = s.team_id
    left join users u on u.id = s.owner_user_id
    order by p.ord`;
}

export function countQuery(where: SQL): SQL {
  return sql`select count(*)::int as total from shipments s where ${where}`;
}

/** Which team a one-team list reads, and whose membership in it the answer reports. */
export interface ListTeamCheck {
  teamId: string;
  companyId: string;
  userId: string;
}

/**
 * The page, its total and (for one team) whether the team is the company's and the viewer one of
 * its members, in one statement: one round trip and one transaction per list call. The rows ride
 * along as JSON in page order (an aggregate over the ordered page keeps its order, as the
 * calendar's does).
 */
export function listPageQuery(page: SQL, count: SQL, team: ListTeamCheck | null): SQL {
  return listPageSelect(page, count, team, sql`r`);
}

/** The page, its total and the team's checks in one statement, each page row as `row` makes it. */
export function listPageSelect(page: SQL, count: SQL, team: ListTeamCheck | null, row: SQL): SQL {
  const found = team
    ? sql`exists (select 1 from teams t where t.id = ${team.teamId} and t.company_id = ${team.companyId})`
    : sql`true`;
  const member = team
    ? sql`exists (select 1 from team_members m where m.team_id = ${team.teamId} and m.user_id = ${team.userId})`
    : sql`false`;
  return sql`
    with counted as (${count}), page_rows as (${page})
    select (select total from counted) as total,
      coalesce((select json_agg(${row}) from page_rows r), '[]'::json) as items,
      ${found} as team_found, ${member} as is_member`;
}

export interface ListPageResult<R extends ListRow = ListRow> {
  rows: R[];
  total: number;
  teamFound: boolean;
  isMember: boolean;
}

export async function selectListPage(db: Db, query: SQL): Promise<ListPageResult> {
  const [row] = await db.execute<{
    total: number;
    items: ListRow[] | string;
    team_found: boolean;
    is_member: boolean;
  }>(query);
  if (!row) throw new Error("the list statement answered no row");
  return {
    rows: typeof row.items === "string" ? JSON.parse(row.items) : row.items,
    total: row.total,
    teamFound: row.team_found,
    isMember: row.is_member,
  };
}

export async function selectPage(db: Db, query: SQL): Promise<ListRow[]> {
  return [...(await db.execute<ListRow & Record<string, unknown>>(query))];
}

export async function selectCount(db: Db, query: SQL): Promise<number> {
  const [row] = await db.execute<{ total: number }>(query);
  return row?.total ?? 0;
}

/**
 * The calendar/timeline answer built by Postgres as one JSON document of columns, so 100,000
 * items cost one row over the wire and one JSON.parse instead of 100,000 row objects. With
 * `order`, the aggregates read the sorted subquery in its order (Postgres keeps it for a plain
 * aggregate over a sorted subquery); an ORDER BY in each of the 13 aggregates would sort 13 times.
 */
export function calendarQuery(where: SQL, order: SQL | null, limit: number): SQL {
  const status = (column: string) =>
    sql.raw(`case ${column} when 'ACTUAL' then 'A' when 'ESTIMATED' then 'E' when 'UNKNOWN' then 'U' end`);
  return sql`
    select json_build_object(
      'id', coalesce(json_agg(s.id), '[]'),
      'title', coalesce(json_agg(s.title), '[]'),
      'trackingNumber', coalesce(json_agg(s.tracking_number), '[]'),
      'shippingLine', coalesce(json_agg(s.shipping_line), '[]'),
      'isArchived', coalesce(json_agg(s.is_archived), '[]'),
      'departureTime', coalesce(json_agg(s.departure_time), '[]'),
      'departureTimeStatus', coalesce(json_agg(s.departure_time_status), '[]'),
      'arrivalTime', coalesce(json_agg(s.arrival_time), '[]'),
      'arrivalTimeStatus', coalesce(json_agg(s.arrival_time_status), '[]'),
      'placeOfDeliveryEta', coalesce(json_agg(s.place_of_delivery_eta), '[]'),
      'placeOfDeliveryEtaStatus', coalesce(json_agg(s.place_of_delivery_eta_status), '[]'),
      'loadingPort', coalesce(json_agg(s.loading_port), '[]'),
      'dischargingPort', coalesce(json_agg(s.discharging_port), '[]')
    )::text as doc
    from (
      select s.id, s.title, s.tracking_number,
        s.shipping_line, s.is_archived,
        (extract(epoch from s.departure_time) * 1000)::int8 as departure_time,
        ${status("s.departure_time_status")} as departure_time_status,
        (extract(epoch from s.arrival_time) * 1000)::int8 as arrival_time,
        ${status("s.arrival_time_status")} as arrival_time_status,
        (extract(epoch from s.place_of_delivery_eta) * 1000)::int8 as place_of_delivery_eta,
        ${status("s.place_of_delivery_eta_status")} as place_of_delivery_eta_status,
        coalesce(s.loading_port_name, s.loading_port_locode) as loading_port,
        coalesce(s.discharging_port_name, s.discharging_port_locode) as discharging_port
      from shipments s where ${where} ${order === null ? sql`` : sql`order by ${order}`} limit ${limit}
    ) s`;
}

export async function selectCalendarDocument(db: Db, query: SQL): Promise<string> {
  const [row] = await db.execute<{ doc: string }>(query);
  return row?.doc ?? "{}";
}
