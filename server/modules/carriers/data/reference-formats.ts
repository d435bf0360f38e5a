import type { ShippingLine } from "../../../../shared/enums";

// The B/L and booking numbers each line prints. A master B/L is the carrier's SCAC (or its own
// B/L prefix) followed by the number its system issued; many people paste the number without the
// prefix, so the bare shapes count too, but only when no prefixed format matched and the number
// does not start with another line's letters. data/SOURCE.md ("reference-formats.ts") cites
// where each format is documented.

export type ReferenceType = "BILL_OF_LADING_NUMBER" | "BOOKING_NUMBER";

export interface ReferenceFormat {
  line: ShippingLine;
  type: ReferenceType;
  pattern: RegExp;
  /** The line's own letters the number starts with; empty for a bare shape. */
  prefixes: readonly string[];
  example: string;
}

const BL = "BILL_OF_LADING_NUMBER" as const;
const BKG = "BOOKING_NUMBER" as const;

export const PREFIXED_FORMATS: readonly ReferenceFormat[] = [
  { line: "MAERSK", type: BL, pattern: /^MAEU\d{9}$/, prefixes: ["MAEU"], example: "MAEU241234567" },
  { line: "SEALAND", type: BL, pattern: /^SEAU\d{9}$/, prefixes: ["SEAU"], example: "SEAU241234567" },
  {
    line: "HAMBURGSUD",
    type: BL,
    pattern: /^SUDU(?=[A-Z0-9]*\d)[A-Z0-9]{12}$/,
    prefixes: ["SUDU"],
    example: "SUDU21345ABCDE12",
  },
  { line: "MSC", type: BL, pattern: /^MEDU[A-Z0-9]{2}\d{6}$/, prefixes: ["MEDU"], example: "MEDUH9024256" },
  { line: "MSC", type: BL, pattern: /^MSCU[A-Z][A-Z0-9]\d{6}$/, prefixes: ["MSCU"], example: "MSCUTW123456" },
  { line: "MSC", type: BKG, pattern: /^EBKG\d{8}$/, prefixes: ["EBKG"], example: "EBKG04512345" },
  { line: "CMACGM", type: BL, pattern: /^CMDU[A-Z]{3}\d{7}$/, prefixes: ["CMDU"], example: "CMDUSHZ2405123" },
  // APL's B/Ls: the APLU SCAC and either CMA CGM's office-and-serial form or APL's older 9 digits.
  {
    line: "CMACGM",
    type: BL,
    pattern: /^APLU(?:[A-Z]{3}\d{7}|\d{9})$/,
    prefixes: ["APLU"],
    example: "APLU012345678",
  },
  { line: "ANL", type: BL, pattern: /^ANNU[A-Z]{3}\d{7}$/, prefixes: ["ANNU"], example: "ANNUMEL2405123" },
  {
    line: "COSCO",
    type: BL,
    pattern: /^(?:COSU|CBHU|CCLU|CSLU)\d{10}$/,
    prefixes: ["COSU", "CBHU", "CCLU", "CSLU"],
    example: "COSU6301234560",
  },
  { line: "OOCL", type: BL, pattern: /^OOLU\d{10}$/, prefixes: ["OOLU"], example: "OOLU2712345670" },
  { line: "EVERGREEN", type: BL, pattern: /^EGLV\d{12}$/, prefixes: ["EGLV"], example: "EGLV142400123456" },
  {
    line: "HAPAGLLOYD",
    type: BL,
    pattern: /^HLCU[A-Z]{2}[A-Z0-9][A-Z0-9]{9}$/,
    prefixes: ["HLCU"],
    example: "HLCURUH220700151",
  },
  {
    line: "ONE",
    type: BL,
    pattern: /^ONEY[A-Z0-9]{6}\d{6}$/,
    prefixes: ["ONEY"],
    example: "ONEYHAMA71223610",
  },
  { line: "HMM", type: BL, pattern: /^HDMU[A-Z]{4}\d{7,8}$/, prefixes: ["HDMU"], example: "HDMUSELA2405123" },
  { line: "YANGMING", type: BL, pattern: /^YMLU[A-Z]\d{9}$/, prefixes: ["YMLU"], example: "YMLUI490123456" },
  { line: "ZIM", type: BL, pattern: /^ZIMU[A-Z]{3}\d{4,9}$/, prefixes: ["ZIMU"], example: "ZIMUSNH1234567" },
  { line: "ZIM", type: BL, pattern: /^SSPH[A-Z]{3}\d{4,9}$/, prefixes: ["SSPH"], example: "SSPHLAX1234567" },
  {
    line: "WANHAI",
    type: BL,
    pattern: /^WHLC[A-Z0-9]{8,12}$/,
    prefixes: ["WHLC"],
    example: "WHLC024C506712",
  },
  { line: "PIL", type: BL, pattern: /^PCIU[A-Z0-9]{8,12}$/, prefixes: ["PCIU"], example: "PCIUSHAE12345600" },
  {
    line: "KMTC",
    type: BL,
    pattern: /^KMT[UC](?:[A-Z]{3}\d{7}|[A-Z]{4}\d{6})$/,
    prefixes: ["KMTU", "KMTC"],
    example: "KMTCPUS1234567",
  },
  { line: "CKLINE", type: BL, pattern: /^CKCO[A-Z]{3}\d{7}$/, prefixes: ["CKCO"], example: "CKCOTAO1234567" },
  {
    line: "DONGJIN",
    type: BL,
    pattern: /^DJSC[A-Z]{3}\d{9}$/,
    prefixes: ["DJSC"],
    example: "DJSCPUS123456789",
  },
  {
    line: "HEUNGA",
    type: BL,
    pattern: /^HASL(?=[A-Z0-9]*\d)[A-Z0-9]{8,12}$/,
    prefixes: ["HASL"],
    example: "HASLK01230400123",
  },
  {
    line: "NAMSUNG",
    type: BL,
    pattern: /^NSSL(?=[A-Z0-9]*\d)[A-Z0-9]{10,14}$/,
    prefixes: ["NSSL"],
    example: "NSSLHSCQB5012003",
  },
  {
    line: "PANOCEAN",
    type: BL,
    pattern: /^POBU[A-Z]{3}\d{9}$/,
    prefixes: ["POBU"],
    example: "POBUTAO123456789",
  },
];

/**
 * Numbers without the line's letters. Each is the form one line prints; where several lines
 * print the same shape (ten digits: COSCO, OOCL) there is no entry, and the number stays unsure.
 */
export const BARE_SHAPES: readonly ReferenceFormat[] = [
  // Maersk's booking and B/L are the same nine digits.
  { line: "MAERSK", type: BKG, pattern: /^\d{9}$/, prefixes: [], example: "241234567" },
  { line: "HAPAGLLOYD", type: BKG, pattern: /^\d{8}$/, prefixes: [], example: "24051234" },
  { line: "EVERGREEN", type: BKG, pattern: /^\d{12}$/, prefixes: [], example: "142400123456" },
  // CMA CGM's office code and seven digits; ANL's and APL's bookings live in the same system.
  { line: "CMACGM", type: BKG, pattern: /^[A-Z]{3}\d{7}$/, prefixes: [], example: "SHZ2405123" },
  // The last 12 characters of a ONE B/L, the form the ONEY warning asks for (spec 01 §5).
  { line: "ONE", type: BL, pattern: /^[A-Z]{3}[A-Z0-9]{3}\d{6}$/, prefixes: [], example: "TYOA24051200" },
];
