import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CsvCreateFile, csvCreateColumn, readCsvCreateFile, readCsvCreateText } from "./csv-create";
import { translate } from "./i18n";

// The Multiple tab's pipeline on real files (tests/fixtures/csv): a Shift JIS file as Excel saves
// it in Japan, a UTF-8 file with a byte-order mark, and the broken files people bring.

const fixture = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(path.join(__dirname, "../tests/fixtures/csv", name))),
});

function lines(file: CsvCreateFile) {
  if (!file.ok) throw new Error(`file refused: ${file.error.key}`);
  return file.lines;
}

/** Each line as the result table shows it: line number and English error (or "ok"). */
function outcomes(file: CsvCreateFile) {
  return lines(file).map((l) => [l.lineNo, l.error ? translate("en", l.error.key, l.error.params) : "ok"]);
}

describe("readCsvCreateFile", () => {
  it("reads a Shift JIS file with Japanese titles", () => {
    const read = lines(readCsvCreateFile(fixture("sjis-japanese-titles.csv"), { plan: "FREE" }));
    expect(read.map((l) => l.input)).toEqual([
      {
        shippingLine: "MSC",
        trackingType: "CONTAINER_NUMBER",
        trackingNumber: "MSCU7188200",
        title: "冷凍マグロ 東京港向け",
      },
      {
        shippingLine: "MAERSK",
        trackingType: "BOOKING_NUMBER",
        trackingNumber: "240512345",
        title: "横浜 雑貨 第二便",
      },
      {
        shippingLine: "ONE",
        trackingType: "BILL_OF_LADING_NUMBER",
        trackingNumber: "TYOA24051200",
        title: "大阪―釜山 機械部品（至急）",
      },
    ]);
    expect(read.map((l) => l.lineNo)).toEqual([2, 3, 4]);
  });

  it("reads a UTF-8 file with a BOM, labels and spaced types, keeping line numbers across blank lines", () => {
    const file = readCsvCreateFile(fixture("utf8-bom.csv"), { plan: "FREE" });
    expect(file.ok && file.header[0]).toBe("Liner");
    const read = lines(file);
    expect(read.map((l) => [l.lineNo, l.input?.shippingLine, l.input?.trackingType, l.input?.title])).toEqual(
      [
        [2, "HAPAGLLOYD", "CONTAINER_NUMBER", "Café beans — Santos → Hamburg"],
        [3, "OOCL", "CONTAINER_NUMBER", "神戸 樹脂ペレット"],
        [5, "CMACGM", "BOOKING_NUMBER", null],
      ],
    );
    expect(read[0]?.values.Liner).toBe("Hapag-Lloyd");
  });

  it("refuses a file of 101 rows as a whole: 'more than 100 shipments'", () => {
    const file = readCsvCreateFile(fixture("101-rows.csv"), { plan: "FREE" });
    expect(file).toEqual({ ok: false, error: { key: "errors.CSV_TOO_MANY_SHIPMENTS" } });
    expect(translate("en", "errors.CSV_TOO_MANY_SHIPMENTS")).toContain("more than 100 shipments");
    const hundred = readFileSync(path.join(__dirname, "../tests/fixtures/csv/101-rows.csv"), "utf8")
      .trimEnd()
      .split("\r\n")
      .slice(0, 101)
      .join("\r\n");
    expect(lines(readCsvCreateText(hundred, { plan: "FREE" }))).toHaveLength(100);
  });

  it("fails unknown lines and types, and types a line does not take, each on its own line", () => {
    expect(outcomes(readCsvCreateFile(fixture("unknown-lines-and-types.csv"), { plan: "FREE" }))).toEqual([
      [2, "ok"],
      [3, "Invalid liner name: BLUESTAR"],
      [4, "Invalid tracking type: PALLET_NUMBER"],
      [5, "This tracking type is not available for the selected liner."],
    ]);
  });

  it("names the missing required column on every line", () => {
    expect(outcomes(readCsvCreateFile(fixture("missing-required-columns.csv"), { plan: "FREE" }))).toEqual([
      [2, "Required fields are empty: TrackingNumber"],
      [3, "Required fields are empty: TrackingNumber"],
    ]);
  });

  it("names the empty required cells of each line", () => {
    expect(outcomes(readCsvCreateFile(fixture("missing-required-cells.csv"), { plan: "FREE" }))).toEqual([
      [2, "Required fields are empty: Liner"],
      [3, "Required fields are empty: TrackingType"],
      [4, "Required fields are empty: TrackingNumber"],
      [5, "Required fields are empty: Liner, TrackingType, TrackingNumber"],
      [6, "ok"],
    ]);
  });

  it("gives Japanese per-line messages too", () => {
    const file = readCsvCreateFile(fixture("unknown-lines-and-types.csv"), { plan: "FREE" });
    const error = lines(file)[1]?.error;
    expect(error && translate("ja", error.key, error.params)).toBe("船会社名が正しくありません: BLUESTAR");
  });

  it("refuses files that are not CSV or have no header row", () => {
    expect(
      readCsvCreateFile({ name: "shipments.xlsx", bytes: new Uint8Array([80, 75, 3, 4]) }, { plan: "FREE" }),
    ).toEqual({ ok: false, error: { key: "errors.CSV_NOT_CSV_FILE" } });
    expect(readCsvCreateFile(fixture("no-header.csv"), { plan: "FREE" })).toEqual({
      ok: false,
      error: { key: "errors.CSV_HEADER_REQUIRED" },
    });
    expect(readCsvCreateText("", { plan: "FREE" })).toEqual({
      ok: false,
      error: { key: "errors.CSV_HEADER_REQUIRED" },
    });
    expect(readCsvCreateFile({ name: "SHIPMENTS.CSV", bytes: new Uint8Array() }, { plan: "FREE" }).ok).toBe(
      false,
    );
  });

  it("reports a parse error on the line it happened, keeping the good lines", () => {
    expect(outcomes(readCsvCreateFile(fixture("parse-error.csv"), { plan: "FREE" }))).toEqual([
      [2, "ok"],
      [3, "CSV parse error. Please check the format of this line."],
    ]);
  });

  it("takes custom-field columns on FREE, PREMIUM and ENTERPRISE and refuses them per line elsewhere", () => {
    for (const plan of ["FREE", "PREMIUM", "ENTERPRISE"] as const) {
      const read = lines(readCsvCreateFile(fixture("custom-fields.csv"), { plan }));
      expect(read[0]?.input).toMatchObject({
        customField1: "PO-2024-001",
        customField2: "Osaka DC",
        customField3: "Reefer",
      });
    }
    for (const plan of ["STARTER", "STANDARD"] as const) {
      expect(outcomes(readCsvCreateFile(fixture("custom-fields.csv"), { plan }))).toEqual([
        [2, `Custom fields are not available for plan ${plan}. Please upgrade to Premium or Enterprise plan`],
        [3, "ok"],
      ]);
    }
  });

  it("checks each line with the shipment schema (a number too long)", () => {
    const text = `Liner,TrackingType,TrackingNumber\r\nMSC,BOOKING_NUMBER,${"1".repeat(65)}\r\n`;
    const [line] = lines(readCsvCreateText(text, { plan: "FREE" }));
    expect(line?.error?.key).toBe("validation.tooLong");
  });

  it("reports a container number whose check digit does not match on its line, in both languages", () => {
    const text = [
      "Liner,TrackingType,TrackingNumber",
      "EVERGREEN,CONTAINER_NUMBER,EGHU9012347",
      "MSC,CONTAINER_NUMBER,MSCU7188213",
      "MAERSK,CONTAINER_NUMBER,MSKU1234565",
      // Booking and B/L numbers are the line's own format: no check digit to hold them to.
      "MAERSK,BOOKING_NUMBER,MSKU1234567",
      "",
    ].join("\r\n");
    const file = readCsvCreateText(text, { plan: "FREE" });
    expect(outcomes(file)).toEqual([
      [2, "The check digit does not match: please check the number"],
      [3, "The check digit does not match: please check the number"],
      [4, "ok"],
      [5, "ok"],
    ]);
    const error = lines(file)[0]?.error;
    expect(error && translate("ja", error.key, error.params)).toBe(
      "チェックディジットが一致しません。番号をご確認ください。",
    );
  });

  it("matches header names loosely", () => {
    expect(
      ["Liner", "liner", " Tracking Number ", "TRACKING_TYPE", "custom field 2"].map(csvCreateColumn),
    ).toEqual(["Liner", "Liner", "TrackingNumber", "TrackingType", "CustomField2"]);
    expect(csvCreateColumn("Remarks")).toBeUndefined();
  });
});
