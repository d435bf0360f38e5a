// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ShipmentUpdateInput } from "../../../../../shared/schemas/shipments";
import { shipmentDetail } from "./detail-fixtures";
import { changedFields, editValuesOf } from "./edit-values";

const ALL = { customFields: [1, 2, 3] as const, requestedEtd: true, requestedEta: true };

describe("the edit dialog's changes", () => {
  it("sends nothing when nothing changed", () => {
    const shipment = shipmentDetail();
    const parsed = ShipmentUpdateInput.parse(editValuesOf(shipment));
    expect(changedFields(shipment, parsed, ALL)).toEqual({});
  });

  it("sends only the changed fields, blanks as null, and a number only when it really changed", () => {
    const shipment = shipmentDetail();
    const parsed = ShipmentUpdateInput.parse({
      ...editValuesOf(shipment),
      title: "  ",
      trackingNumber: " bk 1234567 ",
      customField1: "PO-2",
      requestedEtd: "",
      requestedEta: "2026-03-01",
    });
    expect(changedFields(shipment, parsed, ALL)).toEqual({
      title: null,
      customField1: "PO-2",
      requestedEtd: null,
      requestedEta: "2026-03-01",
    });
    const renumbered = ShipmentUpdateInput.parse({ ...editValuesOf(shipment), trackingNumber: "BK7654321" });
    expect(changedFields(shipment, renumbered, ALL)).toEqual({ trackingNumber: "BK7654321" });
  });

  it("leaves fields the viewer may not edit (or the team does not show) untouched", () => {
    const shipment = shipmentDetail();
    const parsed = ShipmentUpdateInput.parse({
      ...editValuesOf(shipment),
      customField1: "PO-2",
      requestedEta: "2026-03-01",
    });
    expect(
      changedFields(shipment, parsed, { customFields: [], requestedEtd: true, requestedEta: false }),
    ).toEqual({});
  });
});
