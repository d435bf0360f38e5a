import { describe, expect, it } from "vitest";
import {
  containerCheckDigit,
  isValidContainerNumber,
  normalizeSizeType,
  withCheckDigit,
} from "./container-codes";

describe("ISO 6346 container numbers", () => {
  it.each(["CSQU3054383", "MSKU9070323", "TGHU8785710", "APZU4812090", "HLXU8030359"])("%s is valid", (n) => {
    expect(isValidContainerNumber(n)).toBe(true);
  });

  it.each(["CSQU3054384", "MSKU9070320", "CSQU305438", "CSQX3054383", "csqu3054383"])("%s is not", (n) => {
    expect(isValidContainerNumber(n)).toBe(false);
  });

  it("completes a number with its check digit; a remainder of 10 counts as 0", () => {
    expect(withCheckDigit("CSQU305438")).toBe("CSQU3054383");
    expect(containerCheckDigit("XXXU000000")).not.toBeNull();
    expect(() => withCheckDigit("CSQ3054383")).toThrow();
  });
});

describe("normalizeSizeType", () => {
  it.each([
    ["45G1", "40HC"],
    ["22G1", "20GP"],
    ["42G1", "40GP"],
    ["45R1", "40RH"],
    ["22R1", "20RF"],
    ["22T1", "20TK"],
    ["L5G1", "45HC"],
    ["22GP", "20GP"],
    ["45GP", "40HC"],
    ["42P1", "40FR"],
    ["22U1", "20OT"],
  ])("%s is %s", (code, expected) => {
    expect(normalizeSizeType(code)).toBe(expected);
  });

  it.each([null, "", "9XG1", "22Q1", "22G"])("%j is unknown", (code) => {
    expect(normalizeSizeType(code)).toBeNull();
  });
});
