import { describe, expect, it } from "vitest";
import {
  BulkShipmentsInput,
  CreateCommentInput,
  ShipmentInput,
  ShipmentUpdateInput,
  trackingWarnings,
} from "./shipments";
import { keysByPath, parsed, reported } from "./testkit";

const valid = { trackingNumber: " ABCU1234560 ", shippingLine: "ONE", trackingType: "CONTAINER_NUMBER" };

describe("shipment input", () => {
  it("trims the tracking number and keeps optional fields optional", () => {
    expect(parsed(ShipmentInput, valid)).toEqual({ ...valid, trackingNumber: "ABCU1234560" });
  });

  it("requires a tracking number, a liner and a type", () => {
    expect(keysByPath(ShipmentInput, { trackingNumber: "   " })).toEqual({
      trackingNumber: ["validation.required"],
      shippingLine: ["validation.linerRequired"],
      trackingType: ["validation.trackingTypeRequired"],
    });
    expect(keysByPath(ShipmentInput, { ...valid, shippingLine: "" }).shippingLine).toEqual([
      "validation.linerRequired",
    ]);
  });

  it("takes the liner and type from the fixed lists", () => {
    expect(
      keysByPath(ShipmentInput, { ...valid, shippingLine: "NOPE", trackingType: "ORDER_NUMBER" }),
    ).toEqual({
      shippingLine: ["validation.invalidOption"],
      trackingType: ["validation.invalidOption"],
    });
    for (const line of ["EVERGREEN", "MSC", "ZIM", "HOEGH"]) {
      expect(reported(ShipmentInput, { ...valid, shippingLine: line })).toEqual([]);
    }
  });

  it("saves requested dates as YYYY-MM-DD, null when cleared, an error when invalid", () => {
    expect(parsed(ShipmentInput, { ...valid, requestedEtd: "2025-05-01", requestedEta: "" })).toMatchObject({
      requestedEtd: "2025-05-01",
      requestedEta: null,
    });
    expect(
      keysByPath(ShipmentInput, { ...valid, requestedEtd: "2025-02-30", requestedEta: "05/01/2025" }),
    ).toEqual({
      requestedEtd: ["validation.invalidDate"],
      requestedEta: ["validation.invalidDate"],
    });
  });

  it("limits text lengths", () => {
    expect(reported(ShipmentInput, { ...valid, title: "x".repeat(256) })).toEqual([
      { path: "title", key: "validation.tooLong", params: { max: 255 } },
    ]);
  });
});

describe("shipment update", () => {
  it("accepts an empty update and null to clear dates", () => {
    expect(parsed(ShipmentUpdateInput, {})).toEqual({});
    expect(parsed(ShipmentUpdateInput, { requestedEtd: null, isArchived: true })).toEqual({
      requestedEtd: null,
      isArchived: true,
    });
  });

  it("refuses a blank tracking number when one is sent", () => {
    expect(keysByPath(ShipmentUpdateInput, { trackingNumber: " " })).toEqual({
      trackingNumber: ["validation.required"],
    });
  });

  it("checks the team id and the switch types", () => {
    expect(keysByPath(ShipmentUpdateInput, { teamId: "HEADQUARTER", isArchived: "yes" })).toEqual({
      teamId: ["validation.invalidId"],
      isArchived: ["validation.invalid"],
    });
  });
});

describe("comments and selections", () => {
  it("needs comment content", () => {
    expect(
      keysByPath(CreateCommentInput, { shipmentId: "7c1e1f1e-8d3b-4c51-9a57-0b6f0f2b8a11", content: "  " }),
    ).toEqual({ content: ["validation.required"] });
  });
  it("needs at least one selected shipment", () => {
    expect(keysByPath(BulkShipmentsInput, { shipmentIds: [] })).toEqual({
      shipmentIds: ["validation.selectionRequired"],
    });
  });
});

describe("tracking warnings (spec 01 §5)", () => {
  it.each([
    ["EVERGREEN", "CONTAINER_NUMBER", "X", ["tracking.warnings.evergreenContainerNumber"]],
    ["COSCO", "CONTAINER_NUMBER", "X", ["tracking.warnings.coscoContainerNumber"]],
    ["EVERGREEN", "BOOKING_NUMBER", "X", []],
    ["MSSCO", "CONTAINER_NUMBER", "X", ["tracking.warnings.msscoExperimental"]],
    ["MSSCO", "BILL_OF_LADING_NUMBER", "X", ["tracking.warnings.msscoExperimental"]],
    ["MSSCO", "BOOKING_NUMBER", "X", []],
    ["ONE", "BILL_OF_LADING_NUMBER", " oneyTYOA12345600", ["tracking.warnings.oneyPrefix"]],
    ["ONE", "BILL_OF_LADING_NUMBER", "TYOA12345600", []],
    ["MAERSK", "CONTAINER_NUMBER", "ONEY1", []],
  ] as const)("%s %s %j", (shippingLine, trackingType, trackingNumber, expected) => {
    expect(trackingWarnings({ shippingLine, trackingType, trackingNumber })).toEqual(expected);
  });
});
