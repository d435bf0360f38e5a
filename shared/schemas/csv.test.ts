import { describe, expect, it } from "vitest";
import { CsvBulkUpdateRow, CsvCreateRow, isCsvFileName, rowSetsCustomFields } from "./csv";
import { parsed, reported } from "./testkit";

const ID = "7C1E1F1E-8D3B-4C51-9A57-0B6F0F2B8A11";

describe("CSV create rows", () => {
  it("turns a row into shipment input, accepting liner labels and loose type spelling", () => {
    expect(
      parsed(CsvCreateRow, {
        Liner: "Hapag-Lloyd",
        TrackingType: "bill of lading number",
        TrackingNumber: " HLCU1 ",
        Title: "",
      }),
    ).toEqual({
      shippingLine: "HAPAGLLOYD",
      trackingType: "BILL_OF_LADING_NUMBER",
      trackingNumber: "HLCU1",
      title: undefined,
      customField1: undefined,
      customField2: undefined,
      customField3: undefined,
    });
    expect(
      parsed(CsvCreateRow, { Liner: "one", TrackingType: "CONTAINER_NUMBER", TrackingNumber: "X" })
        .shippingLine,
    ).toBe("ONE");
  });

  it("names the empty required fields", () => {
    expect(reported(CsvCreateRow, { Liner: "ONE", TrackingType: " ", Title: "t" })).toEqual([
      {
        path: "",
        key: "errors.CSV_REQUIRED_FIELDS_EMPTY",
        params: { fields: "TrackingType, TrackingNumber" },
      },
    ]);
  });

  it("reports an invalid liner name and tracking type", () => {
    expect(
      reported(CsvCreateRow, { Liner: "Titanic Line", TrackingType: "ORDER", TrackingNumber: "X" }),
    ).toEqual([
      { path: "Liner", key: "errors.CSV_INVALID_LINER", params: { liner: "Titanic Line" } },
      { path: "TrackingType", key: "errors.CSV_INVALID_TRACKING_TYPE", params: { trackingType: "ORDER" } },
    ]);
  });
});

describe("CSV bulk update rows", () => {
  it("requires a ShipmentId in UUID format", () => {
    expect(reported(CsvBulkUpdateRow, { Title: "x" })).toEqual([
      { path: "ShipmentId", key: "errors.CSV_SHIPMENT_ID_REQUIRED", params: {} },
    ]);
    expect(reported(CsvBulkUpdateRow, { ShipmentId: "12345" })).toEqual([
      { path: "ShipmentId", key: "errors.CSV_INVALID_SHIPMENT_ID", params: {} },
    ]);
  });

  it("accepts real dates with dashes or slashes and normalises them", () => {
    expect(
      parsed(CsvBulkUpdateRow, { ShipmentId: ID, RequestedEtd: "2025/03/04", RequestedEta: "2024-02-29" }),
    ).toMatchObject({
      shipmentId: ID.toLowerCase(),
      requestedEtd: "2025-03-04",
      requestedEta: "2024-02-29",
    });
  });

  it("rejects impossible or malformed dates per column", () => {
    expect(
      reported(CsvBulkUpdateRow, { ShipmentId: ID, RequestedEtd: "2025-02-30", RequestedEta: "04/03/2025" }),
    ).toEqual([
      { path: "RequestedEtd", key: "errors.CSV_INVALID_REQUESTED_ETD", params: {} },
      { path: "RequestedEta", key: "errors.CSV_INVALID_REQUESTED_ETA", params: {} },
    ]);
  });

  it("holds titles and custom fields to the form's 255 characters", () => {
    expect(
      reported(CsvBulkUpdateRow, { ShipmentId: ID, Title: "x".repeat(256), CustomField3: "y".repeat(256) }),
    ).toEqual([
      { path: "Title", key: "validation.tooLong", params: { max: 255 } },
      { path: "CustomField3", key: "validation.tooLong", params: { max: 255 } },
    ]);
    expect(parsed(CsvBulkUpdateRow, { ShipmentId: ID, Title: "x".repeat(255) }).title).toHaveLength(255);
  });

  it("leaves blank cells out so existing values are kept", () => {
    const row = parsed(CsvBulkUpdateRow, { ShipmentId: ID, Title: " ", RequestedEtd: "", CustomField1: "" });
    expect(row).toEqual({
      shipmentId: ID.toLowerCase(),
      title: undefined,
      requestedEtd: undefined,
      requestedEta: undefined,
      customField1: undefined,
      customField2: undefined,
      customField3: undefined,
    });
    expect(rowSetsCustomFields(row)).toBe(false);
    expect(rowSetsCustomFields(parsed(CsvBulkUpdateRow, { ShipmentId: ID, CustomField2: "v" }))).toBe(true);
  });

  it("only takes .csv files", () => {
    expect(isCsvFileName("shipments.CSV")).toBe(true);
    expect(isCsvFileName("shipments.xlsx")).toBe(false);
  });
});
