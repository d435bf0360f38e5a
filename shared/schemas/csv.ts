// CSV rows (spec 01 §5). Each row is the parsed record keyed by header; the schema's messages are
// the per-line error codes of spec 01 §8 ("errors.CSV_*" keys), so the row result's error is the
// translated issue. File-level limits (100 / 10,000 rows, header, extension) are checked by the
// importer before rows are parsed.

import { z } from "zod";
import { SHIPPING_LINES, type ShippingLine, TRACKING_TYPES, type TrackingType } from "../enums";
import { addIssue, msg, noControlCharacters } from "./common";
import { parseCalendarDate } from "./dates";
import { SHIPMENT_TEXT_MAX_LENGTH } from "./shipments";

export const CSV_CREATE_COLUMNS = [
  "Liner",
  "TrackingType",
  "TrackingNumber",
  "Title",
  "CustomField1",
  "CustomField2",
  "CustomField3",
] as const;

export const CSV_BULK_UPDATE_COLUMNS = [
  "ShipmentId",
  "Title",
  "RequestedEtd",
  "RequestedEta",
  "CustomField1",
  "CustomField2",
  "CustomField3",
] as const;

export const CSV_CUSTOM_FIELD_COLUMNS = ["CustomField1", "CustomField2", "CustomField3"] as const;

export function isCsvFileName(name: string): boolean {
  return name.toLowerCase().endsWith(".csv");
}

// Every cell of either file, by the one rule of control-characters.ts: the line fails with its message.
const cell = z.string().refine(noControlCharacters.fn, { error: noControlCharacters.error }).optional();
const blankToUndefined = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
};

/** A liner cell may hold the code or the display label, in any case. */
export function parseLinerName(value: string): ShippingLine | undefined {
  const wanted = value.trim().toLowerCase();
  return SHIPPING_LINES.find((l) => l.code.toLowerCase() === wanted || l.label.toLowerCase() === wanted)
    ?.code;
}

/** A tracking type cell may use spaces instead of underscores, in any case. */
export function parseTrackingType(value: string): TrackingType | undefined {
  const wanted = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  return TRACKING_TYPES.find((t) => t === wanted);
}

/** A row of the create CSV, turned into the fields of a ShipmentInput. */
export const CsvCreateRow = z
  .object(
    Object.fromEntries(CSV_CREATE_COLUMNS.map((c) => [c, cell])) as Record<
      (typeof CSV_CREATE_COLUMNS)[number],
      typeof cell
    >,
  )
  .transform((row, ctx) => {
    const missing = (["Liner", "TrackingType", "TrackingNumber"] as const).filter(
      (c) => blankToUndefined(row[c]) === undefined,
    );
    if (missing.length > 0) {
      addIssue(ctx, msg("errors.CSV_REQUIRED_FIELDS_EMPTY"), { params: { fields: missing.join(", ") } });
      return z.NEVER;
    }
    const linerCell = row.Liner ?? "";
    const typeCell = row.TrackingType ?? "";
    const shippingLine = parseLinerName(linerCell);
    if (!shippingLine) {
      addIssue(ctx, msg("errors.CSV_INVALID_LINER"), {
        params: { liner: linerCell.trim() },
        path: ["Liner"],
      });
    }
    const trackingType = parseTrackingType(typeCell);
    if (!trackingType) {
      addIssue(ctx, msg("errors.CSV_INVALID_TRACKING_TYPE"), {
        params: { trackingType: typeCell.trim() },
        path: ["TrackingType"],
      });
    }
    if (!shippingLine || !trackingType) return z.NEVER;
    return {
      shippingLine,
      trackingType,
      trackingNumber: (row.TrackingNumber ?? "").trim(),
      title: blankToUndefined(row.Title),
      customField1: blankToUndefined(row.CustomField1),
      customField2: blankToUndefined(row.CustomField2),
      customField3: blankToUndefined(row.CustomField3),
    };
  });
export type CsvCreateRow = z.output<typeof CsvCreateRow>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A row of the bulk-update CSV. Blank cells keep existing values (they are left out, so a value
 * can never be deleted this way).
 */
export const CsvBulkUpdateRow = z
  .object(
    Object.fromEntries(CSV_BULK_UPDATE_COLUMNS.map((c) => [c, cell])) as Record<
      (typeof CSV_BULK_UPDATE_COLUMNS)[number],
      typeof cell
    >,
  )
  .transform((row, ctx) => {
    let failed = false;
    const shipmentId = blankToUndefined(row.ShipmentId);
    if (shipmentId === undefined) {
      failed = true;
      addIssue(ctx, msg("errors.CSV_SHIPMENT_ID_REQUIRED"), { path: ["ShipmentId"] });
    } else if (!GUID.test(shipmentId)) {
      failed = true;
      addIssue(ctx, msg("errors.CSV_INVALID_SHIPMENT_ID"), { path: ["ShipmentId"] });
    }
    const date = (column: "RequestedEtd" | "RequestedEta") => {
      const value = blankToUndefined(row[column]);
      if (value === undefined) return undefined;
      const parsed = parseCalendarDate(value, { allowSlash: true });
      if (parsed === null) {
        failed = true;
        const key =
          column === "RequestedEtd" ? "errors.CSV_INVALID_REQUESTED_ETD" : "errors.CSV_INVALID_REQUESTED_ETA";
        addIssue(ctx, msg(key), { path: [column] });
      }
      return parsed ?? undefined;
    };
    const requestedEtd = date("RequestedEtd");
    const requestedEta = date("RequestedEta");
    // The same length limit as the form and the API (ShipmentInput).
    const text = (column: "Title" | "CustomField1" | "CustomField2" | "CustomField3") => {
      const value = blankToUndefined(row[column]);
      if (value !== undefined && value.length > SHIPMENT_TEXT_MAX_LENGTH) {
        failed = true;
        addIssue(ctx, msg("validation.tooLong"), {
          path: [column],
          params: { max: SHIPMENT_TEXT_MAX_LENGTH },
        });
      }
      return value;
    };
    const title = text("Title");
    const customField1 = text("CustomField1");
    const customField2 = text("CustomField2");
    const customField3 = text("CustomField3");
    if (failed || shipmentId === undefined) return z.NEVER;
    return {
      shipmentId: shipmentId.toLowerCase(),
      title,
      requestedEtd,
      requestedEta,
      customField1,
      customField2,
      customField3,
    };
  });
export type CsvBulkUpdateRow = z.output<typeof CsvBulkUpdateRow>;

/** Whether a parsed row writes custom fields (refused on STARTER and STANDARD). */
export function rowSetsCustomFields(row: {
  customField1?: string | undefined;
  customField2?: string | undefined;
  customField3?: string | undefined;
}): boolean {
  return row.customField1 !== undefined || row.customField2 !== undefined || row.customField3 !== undefined;
}
