import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type ACTIVITY_FIELDS, SHIPMENT_ACTIVITY } from "../../../../shared/activities";
import { CSV_BULK_UPDATE_MAX_ROWS } from "../../../../shared/constants";
import { decodeCsvBytes, parseCsvText } from "../../../../shared/csv-file";
import { errorMessage, translate } from "../../../../shared/i18n";
import { planAllows } from "../../../../shared/permissions";
import { issueMessage } from "../../../../shared/schemas";
import { CsvBulkUpdateRow, isCsvFileName, rowSetsCustomFields } from "../../../../shared/schemas/csv";
import type {
  BulkUpdateCsvInput,
  BulkUpdateCsvOutput,
  BulkUpdateCsvRowResult,
} from "../../../../shared/schemas/list";
import { AppError } from "../../../core/app-error";
import { currentPlan } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { activities } from "../../../db/schema";
import { computeDelays } from "../../tracking/refresh/delays";
import { uuidArray, visibleShipmentIds } from "../list/bulk.visibility";
import { authorizeListScope } from "../list/list.scope";

// CSV bulk update (spec 01 §5, §8): Title, the requested dates and custom fields of existing
// shipments, by ShipmentId. Every line is checked on its own and reported with the spec's message;
// the valid lines are written in one transaction. Blank cells keep the stored value.

type Change = CsvBulkUpdateRow;
type Field = Exclude<(typeof ACTIVITY_FIELDS)[number], "remark">;
const EDITABLE: Field[] = [
  "title",
  "requestedEtd",
  "requestedEta",
  "customField1",
  "customField2",
  "customField3",
];

interface Current {
  id: string;
  company_id: string;
  title: string | null;
  requested_etd: string | null;
  requested_eta: string | null;
  custom_field1: string | null;
  custom_field2: string | null;
  custom_field3: string | null;
  departure_time: number | null;
  arrival_time: number | null;
  initial_etd: number | null;
  initial_eta: number | null;
}

const COLUMN: Record<Field, keyof Current> = {
  title: "title",
  requestedEtd: "requested_etd",
  requestedEta: "requested_eta",
  customField1: "custom_field1",
  customField2: "custom_field2",
  customField3: "custom_field3",
};

function readFile(input: z.output<typeof BulkUpdateCsvInput>) {
  if (!isCsvFileName(input.fileName)) throw new AppError("CSV_NOT_CSV_FILE");
  const table = parseCsvText(decodeCsvBytes(Buffer.from(input.fileBase64, "base64")));
  if (!table.header.includes("ShipmentId")) throw new AppError("CSV_HEADER_REQUIRED");
  if (table.records.length > CSV_BULK_UPDATE_MAX_ROWS) throw new AppError("CSV_TOO_MANY_ROWS");
  return table;
}

export async function bulkUpdateCsv(
  ctx: ServiceContext,
  input: z.output<typeof BulkUpdateCsvInput>,
): Promise<BulkUpdateCsvOutput> {
  const scope = await authorizeListScope(ctx, input.teamId, "shipment.edit");
  const table = readFile(input);
  const plan = await currentPlan(ctx, scope.companyId);
  const customFieldsAllowed = planAllows(plan, "customFields.csv");
  const badLines = new Set(table.parseErrors.map((e) => e.lineNo));

  const results: BulkUpdateCsvRowResult[] = [];
  const valid: { result: BulkUpdateCsvRowResult; change: Change }[] = [];
  for (const record of table.records) {
    const result: BulkUpdateCsvRowResult = {
      lineNo: record.lineNo,
      status: "failed",
      shipmentId: null,
      error: null,
    };
    results.push(result);
    if (badLines.has(record.lineNo)) {
      result.error = errorMessage(ctx.lang, "CSV_PARSE_ERROR");
      continue;
    }
    const parsed = CsvBulkUpdateRow.safeParse(record.values);
    if (!parsed.success) {
      result.shipmentId = record.values.ShipmentId?.trim() || null;
      result.error = parsed.error.issues
        .map((i) => issueMessage(i, (key, params) => translate(ctx.lang, key, params)))
        .join(" ");
      continue;
    }
    result.shipmentId = parsed.data.shipmentId;
    if (!customFieldsAllowed && rowSetsCustomFields(parsed.data)) {
      result.error = errorMessage(ctx.lang, "CSV_CUSTOM_FIELDS_NOT_AVAILABLE", { plan });
      continue;
    }
    valid.push({ result, change: parsed.data });
  }

  await ctx.tx(async (tx) => {
    const ids = valid.map((v) => v.change.shipmentId);
    const visible = new Set(
      (await visibleShipmentIds(tx, scope.actor, ids, { teamId: scope.teamId })).map((r) => r.id),
    );
    const found = valid.filter((v) => {
      if (visible.has(v.change.shipmentId)) return true;
      v.result.error = errorMessage(ctx.lang, "SHIPMENT_NOT_FOUND");
      return false;
    });
    await applyChanges(
      tx,
      scope.actor.userId,
      found.map((v) => v.change),
    );
    for (const v of found) v.result.status = "success";
  });

  const succeeded = results.filter((r) => r.status === "success").length;
  return { rows: results, succeeded, failed: results.length - succeeded };
}

/** Writes the merged changes (a later line for the same shipment wins per cell) and their activities. */
async function applyChanges(ctx: ServiceContext, actorUserId: string, changes: Change[]) {
  if (changes.length === 0) return;
  const ids = [...new Set(changes.map((c) => c.shipmentId))];
  const rows = await ctx.db.execute<Current & Record<string, unknown>>(sql`
    select id, company_id, title, requested_etd::text as requested_etd, requested_eta::text as requested_eta,
      custom_field1, custom_field2, custom_field3,
      (extract(epoch from departure_time) * 1000)::float8 as departure_time,
      (extract(epoch from arrival_time) * 1000)::float8 as arrival_time,
      (extract(epoch from initial_etd) * 1000)::float8 as initial_etd,
      (extract(epoch from initial_eta) * 1000)::float8 as initial_eta
    from shipments where id = any(${uuidArray(ids)}::uuid[])`);
  const before = new Map([...rows].map((r) => [r.id, r]));
  const after = new Map([...rows].map((r) => [r.id, { ...r }]));
  for (const change of changes) {
    const next = after.get(change.shipmentId);
    if (!next) continue;
    for (const field of EDITABLE) {
      const value = change[field as keyof Change];
      if (value !== undefined) (next as Record<string, unknown>)[COLUMN[field]] = value;
    }
  }
  const now = ctx.clock.now();
  const updates: Record<string, unknown>[] = [];
  const entries: (typeof activities.$inferInsert)[] = [];
  for (const [id, next] of after) {
    const prev = before.get(id) as Current;
    const changed = EDITABLE.filter((f) => prev[COLUMN[f]] !== next[COLUMN[f]]);
    if (changed.length === 0) continue;
    const date = (v: number | null) => (v === null ? null : new Date(v));
    const delays = computeDelays({
      departureTime: date(next.departure_time),
      arrivalTime: date(next.arrival_time),
      initialEtd: date(next.initial_etd),
      initialEta: date(next.initial_eta),
      requestedEtd: next.requested_etd,
      requestedEta: next.requested_eta,
    });
    updates.push({ ...next, ...delays });
    for (const field of changed) {
      entries.push({
        shipmentId: id,
        companyId: next.company_id,
        actorUserId,
        kind: SHIPMENT_ACTIVITY.fieldChanged,
        params: { field, from: prev[COLUMN[field]], to: next[COLUMN[field]] },
        createdAt: now,
      });
    }
  }
  if (updates.length === 0) return;
  await ctx.db.execute(sql`
    update shipments s set title = u.title, requested_etd = u.requested_etd, requested_eta = u.requested_eta,
      custom_field1 = u.custom_field1, custom_field2 = u.custom_field2, custom_field3 = u.custom_field3,
      requested_etd_delay_days = u."requestedEtdDelayDays", requested_eta_delay_days = u."requestedEtaDelayDays",
      updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(
      id uuid, title text, requested_etd date, requested_eta date, custom_field1 text, custom_field2 text,
      custom_field3 text, "requestedEtdDelayDays" int, "requestedEtaDelayDays" int)
    where s.id = u.id`);
  for (let i = 0; i < entries.length; i += 5000) {
    await ctx.db.insert(activities).values(entries.slice(i, i + 5000));
  }
}
