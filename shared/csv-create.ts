// The Multiple tab of New shipment (spec 01 §2, §4, §5): a .csv file's bytes → one entry per data
// line, each either a ShipmentInput ready for shipments.create or the reason it cannot be one.
// Pure, so the browser runs it on the chosen file and tests run it on real fixture files.
// File-level problems (not a .csv, no header, more than 100 rows) stop the whole file: nothing is
// created from a file that is wrong as a whole.

import { isTrackingTypeAllowed } from "./carrier-rules";
import { CSV_CREATE_MAX_ROWS } from "./constants";
import { hasWrongCheckDigit } from "./container-number";
import { decodeCsvBytes, parseCsvText } from "./csv-file";
import type { Plan } from "./enums";
import { planAllows } from "./permissions";
import {
  CSV_CREATE_COLUMNS,
  CSV_CUSTOM_FIELD_COLUMNS,
  CsvCreateRow,
  isCsvFileName,
  issueKey,
  issueParams,
  type MessageKey,
  ShipmentInput,
} from "./schemas";

export type CsvCreateColumn = (typeof CSV_CREATE_COLUMNS)[number];

/** A translatable message: an i18n key and the values of its placeholders. */
export interface CsvMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface CsvCreateLine {
  /** The row number a spreadsheet shows (header = 1). */
  lineNo: number;
  /** The row's cells under the canonical column names, as written (for the result table). */
  values: Record<CsvCreateColumn, string>;
  /** What shipments.create receives, or null when the line cannot be created. */
  input: ShipmentInput | null;
  error: CsvMessage | null;
}

export type CsvCreateFile =
  | { ok: true; header: string[]; lines: CsvCreateLine[] }
  | { ok: false; error: CsvMessage & { lineNo?: number } };

const canonicalName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

const COLUMN_BY_NAME = new Map<string, CsvCreateColumn>(CSV_CREATE_COLUMNS.map((c) => [canonicalName(c), c]));

/** "tracking number", "TRACKING_NUMBER" and "TrackingNumber" all name the same column. */
export function csvCreateColumn(headerCell: string): CsvCreateColumn | undefined {
  return COLUMN_BY_NAME.get(canonicalName(headerCell));
}

export interface ReadCsvCreateOptions {
  /** The company's current plan: custom-field columns only where "customFields.csv" allows. */
  plan: Plan;
}

/** Reads a chosen file: its name decides whether it is a CSV at all, its bytes are decoded automatically. */
export function readCsvCreateFile(
  file: { name: string; bytes: Uint8Array },
  options: ReadCsvCreateOptions,
): CsvCreateFile {
  if (!isCsvFileName(file.name)) return { ok: false, error: { key: "errors.CSV_NOT_CSV_FILE" } };
  return readCsvCreateText(decodeCsvBytes(file.bytes), options);
}

export function readCsvCreateText(text: string, options: ReadCsvCreateOptions): CsvCreateFile {
  const table = parseCsvText(text);
  const columns = table.header.map(csvCreateColumn);
  // A file without a header row starts with data; none of its cells names a column.
  if (!columns.some((c) => c !== undefined)) {
    return { ok: false, error: { key: "errors.CSV_HEADER_REQUIRED" } };
  }
  if (table.records.length > CSV_CREATE_MAX_ROWS) {
    return { ok: false, error: { key: "errors.CSV_TOO_MANY_SHIPMENTS" } };
  }
  const recordLines = new Set(table.records.map((r) => r.lineNo));
  const brokenLines = new Set(table.parseErrors.map((e) => e.lineNo));
  const unplaced = table.parseErrors.find((e) => !recordLines.has(e.lineNo));
  if (unplaced) {
    return { ok: false, error: { key: "errors.CSV_PARSE_ERROR", lineNo: unplaced.lineNo } };
  }
  const customFieldsAllowed = planAllows(options.plan, "customFields.csv");
  const lines = table.records.map((record): CsvCreateLine => {
    const values = Object.fromEntries(CSV_CREATE_COLUMNS.map((c) => [c, ""])) as Record<
      CsvCreateColumn,
      string
    >;
    table.header.forEach((name, index) => {
      const column = columns[index];
      // The first column of a name wins, as a spreadsheet user reads left to right.
      if (column && values[column] === "") values[column] = record.values[name] ?? "";
    });
    const fail = (error: CsvMessage): CsvCreateLine => ({
      lineNo: record.lineNo,
      values,
      input: null,
      error,
    });
    if (brokenLines.has(record.lineNo)) return fail({ key: "errors.CSV_PARSE_ERROR" });
    return lineFromValues(record.lineNo, values, customFieldsAllowed, options.plan, fail);
  });
  return { ok: true, header: table.header, lines };
}

function lineFromValues(
  lineNo: number,
  values: Record<CsvCreateColumn, string>,
  customFieldsAllowed: boolean,
  plan: Plan,
  fail: (error: CsvMessage) => CsvCreateLine,
): CsvCreateLine {
  const row = CsvCreateRow.safeParse(values);
  if (!row.success) {
    const issue = row.error.issues[0];
    if (!issue) return fail({ key: "errors.CSV_PARSE_ERROR" });
    return fail({ key: issueKey(issue) as MessageKey, params: stringParams(issueParams(issue)) });
  }
  const { customField1, customField2, customField3, ...core } = row.data;
  const setsCustomFields = CSV_CUSTOM_FIELD_COLUMNS.some((c) => values[c].trim() !== "");
  if (setsCustomFields && !customFieldsAllowed) {
    return fail({ key: "errors.CSV_CUSTOM_FIELDS_NOT_AVAILABLE", params: { plan } });
  }
  if (!isTrackingTypeAllowed(core.shippingLine, core.trackingType)) {
    return fail({ key: "errors.TRACKING_TYPE_NOT_SUPPORTED" });
  }
  // The same schema the form and the server use: a number too long fails here, with its message.
  const input = ShipmentInput.safeParse({
    ...core,
    title: core.title ?? null,
    ...(customFieldsAllowed ? { customField1, customField2, customField3 } : {}),
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    const key = issue ? (issueKey(issue) as MessageKey) : "validation.invalid";
    return fail({ key, params: issue ? stringParams(issueParams(issue)) : {} });
  }
  // No one is there to confirm a typo line by line: the line is reported, as the server would.
  if (hasWrongCheckDigit(input.data.trackingType, input.data.trackingNumber)) {
    return fail({ key: "errors.CONTAINER_CHECK_DIGIT_MISMATCH" });
  }
  return { lineNo, values, input: input.data, error: null };
}

function stringParams(params: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "number" ? v : String(v)]),
  );
}
