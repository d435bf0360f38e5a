import { describe, expect, it } from "vitest";
import { hasWrongCheckDigit, isValidContainerNumber, normalizeTrackingNumber } from "./container-number";

describe("hasWrongCheckDigit", () => {
  it.each(["EGHU9012347", "MSCU7188213", "MSKU1234567", " mskU 1234567 ", "ＭＳＫＵ１２３４５６７"])(
    "%s as a container number is a typo",
    (n) => {
      expect(hasWrongCheckDigit("CONTAINER_NUMBER", n)).toBe(true);
    },
  );

  it.each(["MSKU1234565", "mskU 123456 5", "EGHU9012345", "CSQU3054383"])("%s holds its check digit", (n) => {
    expect(hasWrongCheckDigit("CONTAINER_NUMBER", n)).toBe(false);
  });

  it("judges only container numbers in the ISO 6346 shape", () => {
    expect(hasWrongCheckDigit("BOOKING_NUMBER", "MSKU1234567")).toBe(false);
    expect(hasWrongCheckDigit("BILL_OF_LADING_NUMBER", "MSKU1234567")).toBe(false);
    expect(hasWrongCheckDigit("", "MSKU1234567")).toBe(false);
    expect(hasWrongCheckDigit("CONTAINER_NUMBER", "CONT1234567")).toBe(false);
    expect(hasWrongCheckDigit("CONTAINER_NUMBER", "MSKU123456")).toBe(false);
  });

  it("normalizes as the stored number is", () => {
    expect(normalizeTrackingNumber(" mskU 1234565\t")).toBe("MSKU1234565");
    expect(isValidContainerNumber(normalizeTrackingNumber("ＭＳＫＵ１２３４５６５"))).toBe(true);
  });
});
