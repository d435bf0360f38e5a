import type { ShippingLine } from "../../../shared/enums";

// Identifiers that show which line a number belongs to. Inference reads them. The simulator uses
// them to make realistic container and B/L numbers.

/**
 * BIC owner codes (the first four letters of an ISO 6346 container number) of the lines' own
 * fleets. Boxes of lines that merged keep their old prefixes: APL's are CMA CGM's, UASC's and
 * CSAV's are Hapag-Lloyd's. NYK, MOL and K Line boxes are tracked through ONE since the three
 * merged their container business into it.
 */
export const OWNER_CODES: Record<string, ShippingLine> = {
  MSKU: "MAERSK",
  MRKU: "MAERSK",
  MAEU: "MAERSK",
  MRSU: "MAERSK",
  MNBU: "MAERSK",
  MWCU: "MAERSK",
  SUDU: "HAMBURGSUD",
  MSCU: "MSC",
  MEDU: "MSC",
  MSDU: "MSC",
  MSMU: "MSC",
  MSNU: "MSC",
  CMAU: "CMACGM",
  CGMU: "CMACGM",
  ECMU: "CMACGM",
  APLU: "CMACGM",
  APHU: "CMACGM",
  APZU: "CMACGM",
  CBHU: "COSCO",
  CCLU: "COSCO",
  CSNU: "COSCO",
  CSLU: "COSCO",
  COSU: "COSCO",
  OOLU: "OOCL",
  OOCU: "OOCL",
  EGHU: "EVERGREEN",
  EISU: "EVERGREEN",
  EMCU: "EVERGREEN",
  EGSU: "EVERGREEN",
  EITU: "EVERGREEN",
  HLCU: "HAPAGLLOYD",
  HLXU: "HAPAGLLOYD",
  HLBU: "HAPAGLLOYD",
  HAMU: "HAPAGLLOYD",
  UACU: "HAPAGLLOYD",
  CPSU: "HAPAGLLOYD",
  ONEU: "ONE",
  NYKU: "ONE",
  MOLU: "ONE",
  KKFU: "ONE",
  KKTU: "ONE",
  HDMU: "HMM",
  HMMU: "HMM",
  YMLU: "YANGMING",
  YMMU: "YANGMING",
  ZIMU: "ZIM",
  ZCSU: "ZIM",
  WHLU: "WANHAI",
  WHSU: "WANHAI",
  PCIU: "PIL",
  KMTU: "KMTC",
  SKLU: "SINOKOR",
  SKHU: "SINOKOR",
  NSSU: "NAMSUNG",
  CKLU: "CKLINE",
  PCLU: "PANCON",
  IAAU: "INTERASIA",
  TSLU: "TSLINE",
  SNTU: "STOLT",
};

/** Leasing companies' boxes travel with any line: their owner code says nothing about the carrier. */
export const LEASING_OWNER_CODES = [
  "TGHU",
  "TCNU",
  "TCLU",
  "TEMU",
  "TRHU",
  "TTNU",
  "TGBU",
  "CAIU",
  "CXDU",
  "FCIU",
  "FSCU",
  "SEGU",
  "GESU",
  "GLDU",
  "BMOU",
  "BEAU",
  "DFSU",
  "DRYU",
  "UETU",
  "TRLU",
  "CRSU",
  "INKU",
  "TCKU",
] as const;

/** The owner codes the simulator stencils on a line's boxes (forwarders and others lease). */
export function ownerCodesOf(line: ShippingLine): string[] {
  const own = Object.entries(OWNER_CODES)
    .filter(([, l]) => l === line)
    .map(([code]) => code);
  return own.length ? own : [...LEASING_OWNER_CODES];
}

/**
 * B/L number shapes: the carrier's SCAC (or B/L prefix) and what follows. At least 12 characters,
 * so a container number with a wrong check digit is never taken for a B/L.
 */
export const BILL_OF_LADING_FORMATS: { line: ShippingLine; pattern: RegExp; example: string }[] = [
  { line: "MAERSK", pattern: /^MAEU\d{9}$/, example: "MAEU240512345" },
  { line: "HAMBURGSUD", pattern: /^SUDU[A-Z0-9]{8,12}$/, example: "SUDU24051234A" },
  { line: "SEALAND", pattern: /^SEAU\d{9}$/, example: "SEAU240512345" },
  { line: "MSC", pattern: /^MEDU[A-Z0-9]{8}$/, example: "MEDUQ4051234" },
  { line: "CMACGM", pattern: /^CMDU[A-Z]{3}\d{7}$/, example: "CMDUSHZ2405123" },
  { line: "ANL", pattern: /^ANNU[A-Z]{3}\d{7}$/, example: "ANNUSYD2405123" },
  { line: "COSCO", pattern: /^COSU\d{10}$/, example: "COSU6240512345" },
  { line: "OOCL", pattern: /^OOLU\d{10}$/, example: "OOLU2405123456" },
  { line: "EVERGREEN", pattern: /^EGLV\d{12}$/, example: "EGLV142405123456" },
  { line: "HAPAGLLOYD", pattern: /^HLCU[A-Z]{3}[A-Z0-9]{9,10}$/, example: "HLCUHAM240512345" },
  { line: "ONE", pattern: /^ONEY[A-Z]{4}\d{8}$/, example: "ONEYTYOA24051200" },
  { line: "HMM", pattern: /^HDMU[A-Z]{4}\d{7,8}$/, example: "HDMUSELA2405123" },
  { line: "YANGMING", pattern: /^YMLU[A-Z]\d{9}$/, example: "YMLUE240512345" },
  { line: "ZIM", pattern: /^ZIMU[A-Z]{3}\d{7,9}$/, example: "ZIMUSHH24051234" },
  { line: "WANHAI", pattern: /^WHLC\d{3}[A-Z]\d{6}$/, example: "WHLC024A240512" },
];

/** Booking number shapes specific enough to name the line; `prefixed` ones carry the line's own letters. */
export const BOOKING_FORMATS: { line: ShippingLine; pattern: RegExp; example: string; prefixed: boolean }[] =
  [
    { line: "MAERSK", pattern: /^\d{9}$/, example: "240512345", prefixed: false },
    { line: "HAPAGLLOYD", pattern: /^\d{8}$/, example: "24051234", prefixed: false },
    { line: "EVERGREEN", pattern: /^\d{12}$/, example: "142405123456", prefixed: false },
    { line: "MSC", pattern: /^EBKG\d{8}$/, example: "EBKG24051234", prefixed: true },
    { line: "CMACGM", pattern: /^[A-Z]{3}\d{7}$/, example: "SHZ2405123", prefixed: false },
  ];

/** ONE's B/L without the ONEY prefix, the form the ONE warning asks for: a 3-letter port, a letter, 8 digits. */
export const ONE_BILL_OF_LADING = /^[A-Z]{4}\d{8}$/;

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
