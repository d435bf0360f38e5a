import { describe, expect, it } from "vitest";
import { isTrackingTypeAllowed } from "../../../shared/carrier-rules";
import { inferTrackingType } from "./inference";
import { BILL_OF_LADING_FORMATS, BOOKING_FORMATS } from "./line-codes";

describe("inferTrackingType", () => {
  it.each([
    ["MSKU9070323", "MAERSK"],
    ["MRKU0000004", "MAERSK"],
    ["MSCU7188200", "MSC"],
    ["CMAU5201126", "CMACGM"],
    ["APZU4812090", "CMACGM"],
    ["CBHU9001118", "COSCO"],
    ["OOLU6180334", "OOCL"],
    ["EGHU9304120", "EVERGREEN"],
    ["EISU5554448", "EVERGREEN"],
    ["HLXU8030359", "HAPAGLLOYD"],
    ["ONEU0123450", "ONE"],
    ["HDMU6123452", "HMM"],
    ["ZIMU3131317", "ZIM"],
    ["YMLU8880009", "YANGMING"],
  ])("container %s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual({ shippingLine: line, trackingType: "CONTAINER_NUMBER" });
  });

  it("reads container numbers the way people paste them", () => {
    expect(inferTrackingType(" mscu 718820-0 ")).toEqual({
      shippingLine: "MSC",
      trackingType: "CONTAINER_NUMBER",
    });
  });

  it("a wrong check digit is never a container number (nor anything else)", () => {
    expect(inferTrackingType("MSCU7188201")).toBeNull();
    expect(inferTrackingType("MSKU9070324")).toBeNull();
  });

  it("a leasing company's box says nothing about the line", () => {
    expect(inferTrackingType("TCNU1234565")).toBeNull();
    expect(inferTrackingType("TGHU8785710")).toBeNull();
  });

  it.each([
    ["MAEU240512345", "MAERSK"],
    ["MEDUQ4051234", "MSC"],
    ["CMDUSHZ2405123", "CMACGM"],
    ["COSU6240512345", "COSCO"],
    ["OOLU2405123456", "OOCL"],
    ["EGLV142405123456", "EVERGREEN"],
    ["HLCUHAM240512345", "HAPAGLLOYD"],
    ["ONEYTYOA24051200", "ONE"],
    ["TYOA24051200", "ONE"],
    ["HDMUSELA2405123", "HMM"],
    ["YMLUE240512345", "YANGMING"],
    ["ZIMUSHH24051234", "ZIM"],
  ])("B/L %s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual({ shippingLine: line, trackingType: "BILL_OF_LADING_NUMBER" });
  });

  it.each([
    ["240512345", "MAERSK"],
    ["24051234", "HAPAGLLOYD"],
    ["142405123456", "EVERGREEN"],
    ["EBKG24051234", "MSC"],
    ["SHZ2405123", "CMACGM"],
  ])("booking %s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual({ shippingLine: line, trackingType: "BOOKING_NUMBER" });
  });

  it.each(["", "12345", "6240512345", "HELLO-WORLD!", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "MAEU12345"])(
    "%j is too unsure to answer",
    (number) => {
      expect(inferTrackingType(number)).toBeNull();
    },
  );

  it("every documented format example infers its own line, with a type the line allows", () => {
    for (const f of [...BILL_OF_LADING_FORMATS, ...BOOKING_FORMATS]) {
      const inferred = inferTrackingType(f.example);
      expect(inferred?.shippingLine, f.example).toBe(f.line);
      if (inferred) expect(isTrackingTypeAllowed(inferred.shippingLine, inferred.trackingType)).toBe(true);
    }
  });
});
