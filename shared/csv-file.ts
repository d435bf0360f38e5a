// CSV files as people bring them: Excel in Japan saves Shift JIS, everything else UTF-8 (often
// with a byte-order mark). Used by the browser (CSV create) and the server (bulk update, export,
// samples) alike, so a file is read the same way wherever it is handled.

import Encoding from "encoding-japanese";
import Papa from "papaparse";

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * Bytes of a .csv file → text. Valid UTF-8 (with or without BOM) is read as UTF-8; anything else
 * as Shift JIS (Windows-31J, as Excel writes it). Japanese Shift JIS text is practically never
 * valid UTF-8, so the strict UTF-8 check decides reliably.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const hasBom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    // The platform's decoder (browsers and Node with ICU): WHATWG "shift_jis" is Windows-31J.
    return new TextDecoder("shift_jis").decode(body);
  }
}

export interface CsvRecord {
  /** The row number a spreadsheet shows: the header is 1, the first data row 2. */
  lineNo: number;
  values: Record<string, string>;
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
  parseErrors: { lineNo: number; message: string }[];
}

const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === "");

/**
 * The cells export neutralizes against CSV injection: one starting with = + - @, a tab or a
 * carriage return, after any single quotes already there. Export puts one more quote before
 * them and import takes exactly that one away, so export → import gives back every cell as it
 * was, a cell that really began with a quote included.
 */
const NEUTRALIZED_ON_EXPORT = /^'*[=+\-@\t\r]/;
const NEUTRALIZED_ON_IMPORT = /^''*[=+\-@\t\r]/;

/** A cell as it was before export neutralized it. */
export function unneutralizeCell(cell: string): string {
  return NEUTRALIZED_ON_IMPORT.test(cell) ? cell.slice(1) : cell;
}

/** The first non-blank row is the header (cells trimmed); blank rows are skipped but keep their numbers. */
export function parseCsvText(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text, { header: false, delimiter: ",", skipEmptyLines: false });
  const rows = parsed.data;
  const headerIndex = rows.findIndex((row) => !isBlankRow(row));
  const parseErrors = parsed.errors.map((e) => ({ lineNo: (e.row ?? 0) + 1, message: e.message }));
  if (headerIndex < 0) return { header: [], records: [], parseErrors };
  const header = (rows[headerIndex] ?? []).map((cell) => cell.trim());
  const records: CsvRecord[] = [];
  rows.forEach((row, index) => {
    if (index <= headerIndex || isBlankRow(row)) return;
    const values: Record<string, string> = {};
    header.forEach((name, column) => {
      if (name !== "") values[name] = unneutralizeCell(row[column] ?? "");
    });
    records.push({ lineNo: index + 1, values });
  });
  return { header, records, parseErrors };
}

/**
 * CSV text with RFC 4180 quoting and CRLF line ends. With `neutralize`, a cell starting with
 * = + - @ (or a tab or carriage return), after any quotes, is prefixed with a single quote, so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection); parseCsvText
 * takes that quote away again.
 */
export function toCsvText(
  rows: readonly (readonly (string | number | null | undefined)[])[],
  options: { neutralize?: boolean } = {},
): string {
  const cells = rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))),
  );
  return Papa.unparse(cells, {
    newline: "\r\n",
    escapeFormulae: options.neutralize === true ? NEUTRALIZED_ON_EXPORT : false,
  });
}

/** Text → Shift JIS bytes (the sample files for Excel). Characters Shift JIS lacks become "?". */
export function encodeShiftJis(text: string): Uint8Array {
  return Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }));
}
