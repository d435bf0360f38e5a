import { describe, expect, it } from "vitest";
import { carriesContainers, isTrackingTypeAllowed } from "../../../../shared/carrier-rules";
import { SHIPPING_LINES, type ShippingLine } from "../../../../shared/enums";
import { withCheckDigit } from "../inference/container-codes";
import { inferTrackingType } from "../inference/inference";
import { LEASING_OWNER_CODES, ownerCodesOf } from "../inference/line-codes";
import { CARRIER_OWNER_CODES } from "./carrier-owner-codes";
import { NON_CARRIER_OWNER_CODES } from "./non-carrier-owner-codes";

// The owner-code tables themselves: well-formed, disjoint, consistent with the carrier rules, and
// every code answered the way the table says. Their sources are in data/SOURCE.md.

const carrierCodes = CARRIER_OWNER_CODES.flatMap((g) => g.codes.map((code) => ({ code, line: g.line })));
const nonCarrierCodes = NON_CARRIER_OWNER_CODES.flatMap((o) => o.codes);

describe("owner code tables", () => {
  it("hold ISO 6346 owner codes of freight containers (three letters and U), each once", () => {
    const all = [...carrierCodes.map((c) => c.code), ...nonCarrierCodes];
    for (const code of all) expect(code, code).toMatch(/^[A-Z]{3}U$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it("name only lines that take container numbers", () => {
    for (const group of CARRIER_OWNER_CODES) {
      expect(isTrackingTypeAllowed(group.line, "CONTAINER_NUMBER"), group.fleet).toBe(true);
      if (group.stencilledFor) expect(carriesContainers(group.stencilledFor), group.fleet).toBe(true);
    }
  });

  it("cover the lessors the brief names", () => {
    for (const code of [
      "TCNU",
      "TRHU",
      "TRLU",
      "TLLU",
      "TEMU",
      "TGHU",
      "TXGU",
      "FSCU",
      "CAIU",
      "SEGU",
      "BEAU",
    ]) {
      expect(nonCarrierCodes, code).toContain(code);
    }
  });

  it("give every box of a listed fleet its line, whatever the serial", () => {
    for (const { code, line } of carrierCodes) {
      for (const serial of ["000000", "512345", "999999"]) {
        const number = withCheckDigit(`${code}${serial}`);
        expect(inferTrackingType(number), number).toEqual({
          shippingLine: line,
          trackingType: "CONTAINER_NUMBER",
        });
      }
    }
  });

  it("give no line for the boxes of lessors, tank operators and forwarders", () => {
    for (const code of nonCarrierCodes) {
      const number = withCheckDigit(`${code}402518`);
      expect(inferTrackingType(number), number).toEqual({
        shippingLine: null,
        trackingType: "CONTAINER_NUMBER",
      });
    }
  });

  it("cover every container line in the fixed list that has a registered fleet of its own", () => {
    const withFleet = new Set<ShippingLine>(CARRIER_OWNER_CODES.map((g) => g.stencilledFor ?? g.line));
    // JJ Shipping and MSSCO have no owner code in the register snapshot: they run on leased boxes.
    const expected = SHIPPING_LINES.map((l) => l.code).filter(
      (line) => isTrackingTypeAllowed(line, "CONTAINER_NUMBER") && !["JJ", "MSSCO"].includes(line),
    );
    for (const line of expected) expect(withFleet.has(line), line).toBe(true);
  });
});

describe("ownerCodesOf (the simulator's stencils)", () => {
  it("stencils a line's current codes, the old brand's for a merged brand, leased boxes otherwise", () => {
    expect(ownerCodesOf("MAERSK")).toContain("MSKU");
    expect(ownerCodesOf("MAERSK")).not.toContain("PONU");
    expect(ownerCodesOf("HAMBURGSUD")).toContain("SUDU");
    expect(ownerCodesOf("ONE")).toEqual(["ONEU"]);
    expect(ownerCodesOf("KLINE")).toContain("KKFU");
    expect(ownerCodesOf("DSV")).toEqual([...LEASING_OWNER_CODES]);
    expect(LEASING_OWNER_CODES.length).toBeGreaterThan(10);
  });
});
