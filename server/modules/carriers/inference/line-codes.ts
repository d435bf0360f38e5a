import type { ShippingLine } from "../../../../shared/enums";
import { CARRIER_OWNER_CODES } from "../data/carrier-owner-codes";
import { NON_CARRIER_OWNER_CODES } from "../data/non-carrier-owner-codes";
import { BARE_SHAPES, PREFIXED_FORMATS, type ReferenceFormat } from "../data/reference-formats";

// Identifiers that show which line a number belongs to, built from the cited tables in data/.
// Inference reads them; the simulator uses them to make realistic container and B/L numbers.

/** Owner code → the listed line whose tracking finds that box today. */
export const OWNER_CODES: Readonly<Record<string, ShippingLine>> = Object.fromEntries(
  CARRIER_OWNER_CODES.flatMap((group) => group.codes.map((code) => [code, group.line])),
);

/** The leasing companies' codes, for boxes the simulator puts on lines without a fleet of their own. */
export const LEASING_OWNER_CODES: readonly string[] = NON_CARRIER_OWNER_CODES.filter(
  (owner) => owner.kind === "lessor",
).flatMap((owner) => owner.codes.slice(0, 2));

/**
 * The owner codes stencilled on a line's boxes today (absorbed fleets' codes excluded), for the
 * simulator; a line without a fleet of its own gets leased boxes.
 */
export function ownerCodesOf(line: ShippingLine): string[] {
  const own = CARRIER_OWNER_CODES.filter((g) => (g.stencilledFor ?? g.line) === line && !g.legacy).flatMap(
    (g) => g.codes,
  );
  return own.length ? own : [...LEASING_OWNER_CODES];
}

export type { ReferenceFormat };

/** B/L number formats, prefixed ones first. */
export const BILL_OF_LADING_FORMATS: readonly ReferenceFormat[] = [
  ...PREFIXED_FORMATS,
  ...BARE_SHAPES,
].filter((f) => f.type === "BILL_OF_LADING_NUMBER");

/** Booking number formats, prefixed ones first. */
export const BOOKING_FORMATS: readonly ReferenceFormat[] = [...PREFIXED_FORMATS, ...BARE_SHAPES].filter(
  (f) => f.type === "BOOKING_NUMBER",
);

export { BARE_SHAPES, PREFIXED_FORMATS };

/**
 * Four letters that name a line wherever they start a number: fleet owner codes and the SCAC or
 * B/L prefixes of the formats. A bare shape never outvotes them.
 */
export const LINE_PREFIXES: Readonly<Record<string, ShippingLine>> = {
  ...OWNER_CODES,
  ...Object.fromEntries(PREFIXED_FORMATS.flatMap((f) => f.prefixes.map((p) => [p, f.line]))),
};

/** SCAC of each operating line, for the vessel operator in DCSA transport calls. */
export const SCAC: Partial<Record<ShippingLine, string>> = {
  MAERSK: "MAEU",
  SEALAND: "SEAU",
  HAMBURGSUD: "SUDU",
  MSC: "MSCU",
  CMACGM: "CMDU",
  ANL: "ANNU",
  COSCO: "COSU",
  OOCL: "OOLU",
  EVERGREEN: "EGLV",
  HAPAGLLOYD: "HLCU",
  ONE: "ONEY",
  HMM: "HDMU",
  YANGMING: "YMLU",
  ZIM: "ZIMU",
  WANHAI: "WHLC",
  PIL: "PCIU",
  KMTC: "KMTU",
};
