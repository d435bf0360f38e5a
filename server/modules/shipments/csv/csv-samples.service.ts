import { z } from "zod";
import { encodeShiftJis, toCsvText } from "../../../../shared/csv-file";
import { planAllows } from "../../../../shared/permissions";
import { AppError } from "../../../core/app-error";
import { authorize, currentPlan } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";

// The sample files of the Multiple tab (spec 01 §2): one for Excel in Japan (Shift JIS, which Excel
// opens without asking) and one UTF-8 with a byte-order mark (so Excel elsewhere reads it as UTF-8
// too), each with or without the custom-field columns. Every row is a real, importable reference:
// check-digit-valid container numbers of the lines' own fleets and numbers in each line's format.

export const CsvSampleQuery = z.object({
  encoding: z.enum(["sjis", "utf8"]).default("utf8"),
  customFields: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
});
export type CsvSampleQuery = z.output<typeof CsvSampleQuery>;

export interface CsvSampleFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

const HEADER = ["Liner", "TrackingType", "TrackingNumber", "Title"] as const;
const CUSTOM_HEADER = ["CustomField1", "CustomField2", "CustomField3"] as const;

interface SampleRow {
  cells: [string, string, string];
  title: { ja: string; en: string };
  custom: { ja: [string, string, string]; en: [string, string, string] };
}

export const CSV_SAMPLE_ROWS: readonly SampleRow[] = [
  {
    cells: ["MSC", "CONTAINER_NUMBER", "MSCU7188200"],
    title: { ja: "冷凍マグロ 東京港向け", en: "Frozen tuna to Tokyo" },
    custom: { ja: ["PO-24051", "東京DC", "冷凍"], en: ["PO-24051", "Tokyo DC", "Reefer"] },
  },
  {
    cells: ["MAERSK", "BILL_OF_LADING_NUMBER", "MAEU240512345"],
    title: { ja: "横浜 雑貨 第二便", en: "Sundries to Yokohama, 2nd lot" },
    custom: { ja: ["PO-24052", "横浜DC", "ドライ"], en: ["PO-24052", "Yokohama DC", "Dry"] },
  },
  {
    cells: ["HAPAGLLOYD", "CONTAINER_NUMBER", "HLXU8123451"],
    title: { ja: "ハンブルク 機械部品", en: "Machine parts from Hamburg" },
    custom: { ja: ["PO-24053", "大阪DC", "ドライ"], en: ["PO-24053", "Osaka DC", "Dry"] },
  },
];

/** GET /samples/shipments.csv: for anyone who may add shipments; the custom-field variant where the plan takes it. */
export async function getCsvSample(ctx: ServiceContext, query: CsvSampleQuery): Promise<CsvSampleFile> {
  const actor = await authorize(ctx, "shipment.create");
  if (query.customFields && !planAllows(await currentPlan(ctx, actor.companyId), "customFields.csv")) {
    throw new AppError("UPGRADE_REQUIRED");
  }
  const lang = query.encoding === "sjis" ? "ja" : "en";
  const header: string[] = [...HEADER, ...(query.customFields ? CUSTOM_HEADER : [])];
  const rows = CSV_SAMPLE_ROWS.map((row) => [
    ...row.cells,
    row.title[lang],
    ...(query.customFields ? row.custom[lang] : []),
  ]);
  const text = toCsvText([header, ...rows], { neutralize: true });
  const variant = `${query.customFields ? "-custom-fields" : ""}-${query.encoding === "sjis" ? "excel-sjis" : "utf8"}`;
  const body =
    query.encoding === "sjis"
      ? encodeShiftJis(text)
      : new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
  return {
    fileName: `shipments-sample${variant}.csv`,
    contentType: `text/csv; charset=${query.encoding === "sjis" ? "Shift_JIS" : "utf-8"}`,
    body,
  };
}
