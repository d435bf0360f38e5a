import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { toCsvText } from "../../../../shared/csv-file";
import { idField, listOf } from "../../../../shared/schemas/common";
import { CSV_BULK_UPDATE_COLUMNS } from "../../../../shared/schemas/csv";
import { BULK_MAX_SHIPMENTS } from "../../../../shared/schemas/list";
import type { ServiceContext } from "../../../core/context";
import { uuidArray, visibleShipmentIds } from "../list/bulk.visibility";
import { authorizeListScope } from "../list/list.scope";
import { orderSql } from "../list/search.sql";

// CSV export (spec 01 §4, §7): POST /csv_download_v2 (a row per shipment) and
// /csv_download_containers (a row per container of the latest history), PREMIUM/ENTERPRISE.
// Column names are the same in every language, and the shipment file starts with the bulk update's
// columns, so an exported file can be edited and uploaded back as a bulk update.

export const HEADQUARTER_TEAM_ID = "HEADQUARTER";

export const CsvExportInput = z.object({
  teamId: idField().nullable(),
  shipmentIds: listOf(idField()).min(1).max(BULK_MAX_SHIPMENTS),
});
export type CsvExportInput = z.output<typeof CsvExportInput>;

export type CsvExportKind = "shipments" | "containers";

export interface CsvExportFile {
  fileName: string;
  /** UTF-8 with a byte-order mark, so Excel opens Japanese text correctly. */
  body: Buffer;
}

const SHIPMENT_COLUMNS = [
  ...CSV_BULK_UPDATE_COLUMNS,
  "Team",
  "Liner",
  "TrackingType",
  "TrackingNumber",
  "PlaceOfReceipt",
  "POL",
  "POD",
  "PlaceOfDelivery",
  "ETD",
  "ETDStatus",
  "ETA",
  "ETAStatus",
  "PlaceOfDeliveryETA",
  "PlaceOfDeliveryETAStatus",
  "VesselName",
  "Voyage",
  "Containers",
  "DelayDays",
  "EtdDelayDays",
  "RequestedEtdDelayDays",
  "RequestedEtaDelayDays",
  "InitialEtd",
  "InitialEta",
  "Remark",
  "CreatedBy",
  "CreatedAt",
  "LastUpdatedAt",
  "Archived",
] as const;

const CONTAINER_COLUMNS = [
  "ShipmentId",
  "Title",
  "Liner",
  "TrackingNumber",
  "ContainerNumber",
  "SizeType",
  "GrossWeightKg",
  "EmptyReleasedToShipper",
  "GateIn",
  "GateOut",
  "EmptyReturned",
  "POL",
  "POD",
  "ETD",
  "ETA",
  "VesselName",
  "Voyage",
] as const;

const place = (prefix: string) => sql.raw(`coalesce(s.${prefix}_name, s.${prefix}_locode)`);
const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** Cells in column order; each gets its own alias, since several would share a name. */
function selectList(cells: SQL[]): SQL {
  return sql.join(
    cells.map((cell, i) => sql`${cell} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
}

const r = sql.raw;

function shipmentRowsQuery(ids: string[]) {
  const cells = [
    r("s.id::text"),
    r("s.title"),
    r("s.requested_etd::text"),
    r("s.requested_eta::text"),
    r("s.custom_field1"),
    r("s.custom_field2"),
    r("s.custom_field3"),
    r("t.name"),
    r("s.shipping_line::text"),
    r("s.tracking_type::text"),
    r("s.tracking_number"),
    place("place_of_receipt"),
    place("loading_port"),
    place("discharging_port"),
    place("place_of_delivery"),
    utc("s.departure_time"),
    r("s.departure_time_status::text"),
    utc("s.arrival_time"),
    r("s.arrival_time_status::text"),
    utc("s.place_of_delivery_eta"),
    r("s.place_of_delivery_eta_status::text"),
    r("s.vessel_name"),
    r("s.vessel_voyage"),
    r("array_to_string(s.container_numbers, ' ')"),
    r("s.delay_days"),
    r("s.etd_delay_days"),
    r("s.requested_etd_delay_days"),
    r("s.requested_eta_delay_days"),
    utc("s.initial_etd"),
    utc("s.initial_eta"),
    r("s.remark"),
    r("u.nickname"),
    utc("s.created_at"),
    utc("s.last_scraped_at"),
    r("case when s.is_archived then 'true' else 'false' end"),
  ];
  return sql`
    select ${selectList(cells)}
    from shipments s join teams t on t.id = s.team_id left join users u on u.id = s.owner_user_id
    where s.id = any(${uuidArray(ids)}::uuid[])
    order by ${orderSql("arrivalTime", "ASC")}`;
}

function containerRowsQuery(ids: string[]) {
  const cells = [
    r("s.id::text"),
    r("s.title"),
    r("s.shipping_line::text"),
    r("s.tracking_number"),
    r("c.container_number"),
    r("c.size_type"),
    r("c.gross_weight_kilograms"),
    utc("c.empty_container_released_to_shipper_time"),
    utc("c.gate_in_time"),
    utc("c.gate_out_time"),
    utc("c.empty_container_returned_from_customer_time"),
    place("loading_port"),
    place("discharging_port"),
    utc("s.departure_time"),
    utc("s.arrival_time"),
    r("s.vessel_name"),
    r("s.vessel_voyage"),
  ];
  return sql`
    select ${selectList(cells)}
    from shipments s join history_containers c on c.history_id = s.latest_history_id
    where s.id = any(${uuidArray(ids)}::uuid[])
    order by ${orderSql("arrivalTime", "ASC")}, c.container_number`;
}

export async function exportShipmentsCsv(
  ctx: ServiceContext,
  input: CsvExportInput,
  kind: CsvExportKind,
): Promise<CsvExportFile> {
  const scope = await authorizeListScope(ctx, input.teamId, "shipment.csvExport");
  const visible = await visibleShipmentIds(ctx, scope.actor, input.shipmentIds, { teamId: scope.teamId });
  const ids = visible.map((v) => v.id);
  const header: readonly string[] = kind === "shipments" ? SHIPMENT_COLUMNS : CONTAINER_COLUMNS;
  const rows =
    ids.length === 0
      ? []
      : await ctx.db.execute<Record<string, string | number | null>>(
          kind === "shipments" ? shipmentRowsQuery(ids) : containerRowsQuery(ids),
        );
  const cells = [...rows].map((row) => header.map((_, i) => row[`c${i}`] ?? null));
  const text = toCsvText([header, ...cells], { neutralize: true });
  const day = ctx.clock.now().toISOString().slice(0, 10).replaceAll("-", "");
  return {
    fileName: `${kind}-${day}.csv`,
    body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]),
  };
}
