import { describe, expect, it } from "vitest";
import {
  allowedTrackingTypes,
  carriesContainers,
  defaultTrackingType,
  isTrackingTypeAllowed,
  trackingWarnings,
} from "./carrier-rules";
import { SHIPPING_LINE_CODES, TRACKING_TYPES } from "./enums";
import { en } from "./i18n/en";

describe("allowedTrackingTypes", () => {
  it("gives every line at least two distinct types, the first being the default", () => {
    for (const line of SHIPPING_LINE_CODES) {
      const types = allowedTrackingTypes(line);
      expect(types.length, line).toBeGreaterThanOrEqual(2);
      expect(new Set(types).size).toBe(types.length);
      for (const t of types) expect(TRACKING_TYPES).toContain(t);
      expect(defaultTrackingType(line)).toBe(types[0]);
    }
  });

  it.each([
    ["EVERGREEN", ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER", "CONTAINER_NUMBER"]],
    ["COSCO", ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER", "CONTAINER_NUMBER"]],
    ["DSV", ["BILL_OF_LADING_NUMBER", "BOOKING_NUMBER"]],
    ["EXPEDITORS", ["BILL_OF_LADING_NUMBER", "BOOKING_NUMBER"]],
    ["KUEHNENAGEL", ["BILL_OF_LADING_NUMBER", "BOOKING_NUMBER"]],
    ["WALLENIUS", ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER"]],
    ["HOEGH", ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER"]],
    ["EUKOR", ["BOOKING_NUMBER", "BILL_OF_LADING_NUMBER"]],
  ] as const)("%s: %j", (line, types) => {
    expect(allowedTrackingTypes(line)).toEqual(types);
  });

  it("MSSCO defaults to booking number and ONE (the spec's sample line) takes container numbers", () => {
    expect(defaultTrackingType("MSSCO")).toBe("BOOKING_NUMBER");
    expect(isTrackingTypeAllowed("ONE", "CONTAINER_NUMBER")).toBe(true);
  });

  it("ro-ro carriers and parcel tankers carry no containers; forwarders do, without tracking by box", () => {
    expect(["WALLENIUS", "HOEGH", "EUKOR", "STOLT"].map((l) => carriesContainers(l as never))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(carriesContainers("DSV")).toBe(true);
    expect(isTrackingTypeAllowed("DSV", "CONTAINER_NUMBER")).toBe(false);
  });
});

describe("trackingWarnings", () => {
  it.each([
    ["EVERGREEN", "CONTAINER_NUMBER", "EGHU9304120", ["tracking.warnings.evergreenContainerNumber"]],
    ["COSCO", "CONTAINER_NUMBER", "CBHU9001118", ["tracking.warnings.coscoContainerNumber"]],
    ["EVERGREEN", "BOOKING_NUMBER", "142405123456", []],
    ["MSSCO", "BILL_OF_LADING_NUMBER", "X1", ["tracking.warnings.msscoExperimental"]],
    ["MSSCO", "CONTAINER_NUMBER", "X1", ["tracking.warnings.msscoExperimental"]],
    ["MSSCO", "BOOKING_NUMBER", "X1", []],
    ["ONE", "BILL_OF_LADING_NUMBER", "ONEYTYOA24051200", ["tracking.warnings.oneyPrefix"]],
    ["ONE", "BILL_OF_LADING_NUMBER", "TYOA24051200", []],
    ["MAERSK", "BILL_OF_LADING_NUMBER", "ONEYTYOA24051200", []],
  ] as const)("%s %s %s", (line, type, number, expected) => {
    expect(trackingWarnings(line, type, number)).toEqual(expected);
  });

  it("names keys that exist in the tracking messages", () => {
    const keys = Object.keys(en.tracking.warnings).map((k) => `tracking.warnings.${k}`);
    for (const [line, type] of [
      ["EVERGREEN", "CONTAINER_NUMBER"],
      ["COSCO", "CONTAINER_NUMBER"],
      ["MSSCO", "CONTAINER_NUMBER"],
      ["ONE", "BOOKING_NUMBER"],
    ] as const) {
      for (const key of trackingWarnings(line, type, "ONEY1")) expect(keys).toContain(key);
    }
  });
});
