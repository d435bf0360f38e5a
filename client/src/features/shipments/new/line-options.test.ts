import { describe, expect, it } from "vitest";
import { inferTrackingType } from "../../../../../server/modules/carriers/inference/inference";
import { allowedTrackingTypes } from "../../../../../shared/carrier-rules";
import {
  isSampleNumber,
  linerOptions,
  SAMPLE,
  trackingTypeOptions,
  typeAfterLineChange,
} from "./line-options";

const t = (key: string) => key;

describe("the Liner and type dropdowns", () => {
  it("start with 'Choose Liner' and label Beta lines", () => {
    const options = linerOptions((key) => (key === "shipment.beta" ? "Beta" : key));
    expect(options[0]).toEqual({ value: "", label: "shipmentNew.single.chooseLiner" });
    expect(options.find((o) => o.value === "HOEGH")?.label).toMatch(/\(Beta\)$/);
    expect(options.find((o) => o.value === "MAERSK")?.label).toBe("Maersk");
  });

  it("offer only the types the line takes", () => {
    expect(trackingTypeOptions("DSV", t).map((o) => o.value)).toEqual(["", ...allowedTrackingTypes("DSV")]);
    expect(trackingTypeOptions("", t)).toHaveLength(4);
  });

  it("reset the type to the line's first type when the line changes, unless the number proved it", () => {
    expect(typeAfterLineChange("EVERGREEN", "CONTAINER_NUMBER", null)).toBe("BOOKING_NUMBER");
    expect(typeAfterLineChange("MSC", "BOOKING_NUMBER", null)).toBe("BILL_OF_LADING_NUMBER");
    expect(typeAfterLineChange("MSC", "CONTAINER_NUMBER", "CONTAINER_NUMBER")).toBe("CONTAINER_NUMBER");
    // A line that carries no containers cannot keep a container number, proved or not.
    expect(typeAfterLineChange("WALLENIUS", "CONTAINER_NUMBER", "CONTAINER_NUMBER")).toBe("BOOKING_NUMBER");
    expect(typeAfterLineChange("", "BOOKING_NUMBER", null)).toBe("BOOKING_NUMBER");
  });
});

describe("the sample number", () => {
  it("is a real ONE container number, recognised however it is typed", () => {
    expect(inferTrackingType(SAMPLE.trackingNumber)).toEqual({
      shippingLine: SAMPLE.shippingLine,
      trackingType: SAMPLE.trackingType,
    });
    expect(isSampleNumber(" oneu 0240517 ")).toBe(true);
    expect(isSampleNumber("ONEU0240518")).toBe(false);
  });
});
