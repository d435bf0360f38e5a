import { describe, expect, it } from "vitest";
import { isTrackingTypeAllowed } from "../../../../shared/carrier-rules";
import { withCheckDigit } from "./container-codes";
import { inferTrackingType } from "./inference";
import { BILL_OF_LADING_FORMATS, BOOKING_FORMATS } from "./line-codes";

// Where the numbers come from (the prefixes themselves are cited in data/SOURCE.md):
// - "real" numbers were printed by the carriers and published in public repositories' tracking
//   fixtures: frozosea/fmc container-tracking/tests (Maersk, MSC, KMTC, Sinokor, SITC, FESCO
//   and the lessors' boxes they carried), kzmfhm/cargo-project-fs src/db/static-data/shipment.ts
//   (Hapag-Lloyd B/L HLCURUH220700151 and its boxes), an MSC B/L draft in a public B/L-parser
//   test (MEDUH9024256); CSQU3054383 is the worked check-digit example used to explain ISO 6346
//   (Wikipedia "ISO 6346", OceanIO's validation note).
// - the other container numbers are check-digit-valid serials on each fleet's registered code.

const box = (line: string | null) => ({ shippingLine: line, trackingType: "CONTAINER_NUMBER" });

describe("container numbers of the lines' own fleets", () => {
  it.each([
    ["MSKU6874333", "MAERSK"],
    ["MSKU9070323", "MAERSK"],
    ["MEDU3170580", "MSC"],
    ["MSCU7188200", "MSC"],
    ["KMTU7381545", "KMTC"],
    ["SKLU1327134", "SINOKOR"],
    ["SKLU3503021", "SINOKOR"],
    ["SITU9130070", "SITC"],
    ["HLBU1421293", "HAPAGLLOYD"],
    ["FANU1407126", "HAPAGLLOYD"],
    ["CSQU3054383", "HAPAGLLOYD"],
  ])("real box %s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual(box(line));
  });

  it.each([
    ["MRKU0000004", "MAERSK"],
    ["CMAU5201126", "CMACGM"],
    ["CGMU5123459", "CMACGM"],
    ["ECMU9876542", "CMACGM"],
    ["CBHU9001118", "COSCO"],
    ["CSNU8123450", "COSCO"],
    ["OOLU6180334", "OOCL"],
    ["OOCU7123456", "OOCL"],
    ["EGHU9304120", "EVERGREEN"],
    ["EISU5554448", "EVERGREEN"],
    ["EMCU1234567", "EVERGREEN"],
    ["HLXU8030359", "HAPAGLLOYD"],
    ["ONEU0123450", "ONE"],
    ["HDMU6123452", "HMM"],
    ["YMLU8880009", "YANGMING"],
    ["ZIMU3131317", "ZIM"],
    ["WHLU5123457", "WANHAI"],
    ["PCIU8123450", "PIL"],
    ["ANNU4001235", "ANL"],
    ["CNCU2103453", "CNC"],
    ["HALU5123457", "HEUNGA"],
    ["NSSU6123450", "NAMSUNG"],
    ["CKSU5123458", "CKLINE"],
    ["DJLU3123452", "DONGJIN"],
    ["DYLU4123458", "DONGYOUNG"],
    ["PCLU3123451", "PANCON"],
    ["POLU6123459", "PANOCEAN"],
    ["IAAU2123457", "INTERASIA"],
    ["TSSU3123451", "TSLINE"],
    ["SNBU7123454", "SINOTRANS"],
    ["JSSU3123451", "SWIRE"],
    ["WSLU4123454", "WESTWOOD"],
    ["KMBU3123456", "KAMBARA"],
  ])("%s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual(box(line));
  });

  it.each([
    ["SUDU5123455", "MAERSK", "Hamburg Süd"],
    ["CNIU2203454", "MAERSK", "CCNI, through Hamburg Süd"],
    ["SEAU8734560", "MAERSK", "Sea-Land"],
    ["MCPU1029387", "MAERSK", "Sealand Maersk Asia"],
    ["PONU7812341", "MAERSK", "P&O Nedlloyd"],
    ["APLU7123450", "CMACGM", "APL"],
    ["APZU4812090", "CMACGM", "APL"],
    ["NOLU1234566", "CMACGM", "NOL"],
    ["CCLU7123457", "COSCO", "China Shipping"],
    ["CSLU6123453", "COSCO", "China Shipping"],
    ["UACU5123453", "HAPAGLLOYD", "UASC"],
    ["CSVU7123458", "HAPAGLLOYD", "CSAV"],
    ["NIDU2123453", "HAPAGLLOYD", "NileDutch"],
    ["NYKU7123454", "ONE", "NYK"],
    ["MOLU8123455", "ONE", "MOL"],
    ["KKFU7123453", "ONE", "K Line"],
    ["GSLU6123457", "ZIM", "Gold Star Line"],
  ])("a box of a merged fleet, %s → %s (%s)", (number, line) => {
    expect(inferTrackingType(number)).toEqual(box(line));
  });

  it("reads container numbers the way people paste them", () => {
    expect(inferTrackingType(" mscu 718820-0 ")).toEqual(box("MSC"));
    expect(inferTrackingType("HLBU 142129 3")).toEqual(box("HAPAGLLOYD"));
    expect(inferTrackingType("HLBU\u2010142129\u20103")).toEqual(box("HAPAGLLOYD"));
  });

  it("reads the full-width letters and digits Japanese input methods type", () => {
    expect(inferTrackingType("ＭＳＣＵ７１８８２００")).toEqual(box("MSC"));
    expect(inferTrackingType("ＯＮＥＵ　０１２３４５０")).toEqual(box("ONE"));
  });
});

describe("container numbers that do not name the line", () => {
  it.each([
    ["TLLU8445302", "Triton (real)"],
    ["TRHU3368865", "Triton (real)"],
    ["TCNU1234565", "Triton"],
    ["UETU5790574", "UES (real)"],
    ["UETU7319687", "UES (real)"],
    ["DFSU7102780", "Florens (real)"],
    ["FSCU7123454", "Florens"],
    ["TXGU6625349", "Textainer (real)"],
    ["TGHU8785710", "Textainer"],
    ["TEMU7123450", "Textainer"],
    ["WFHU1427130", "Waterfront (real)"],
    ["KOCU4025180", "KOBC Container Leasing"],
    ["CAIU7123457", "CAI"],
    ["SEGU4123450", "Seaco"],
    ["CRSU9123450", "Cronos, now Seaco"],
    ["BMOU4123453", "Beacon"],
    ["DRYU9123457", "SeaCube"],
    ["GLDU9123455", "Touax"],
    ["FESU2219270", "FESCO, a line that is not listed (real)"],
    ["HJCU8123452", "Hanjin, bankrupt in 2017: its codes left the register and its boxes went to lessors"],
    ["SNTU7123453", "Stolt's tank containers, and Stolt takes no container numbers"],
    ["WWLU7123457", "Wallenius Wilhelmsen, which takes no container numbers"],
  ])("%s is a container number without a line (%s)", (number) => {
    expect(inferTrackingType(number)).toEqual(box(null));
  });
});

describe("numbers that stay unsure", () => {
  it("a wrong check digit is never a container number (nor anything else)", () => {
    expect(inferTrackingType("MSCU7188201")).toBeNull();
    expect(inferTrackingType("MSKU9070324")).toBeNull();
    expect(inferTrackingType("TCNU1234566")).toBeNull();
  });

  it("equipment (J) and chassis (Z) numbers are not tracked containers", () => {
    expect(inferTrackingType(withCheckDigit("MSKJ123456"))).toBeNull();
    expect(inferTrackingType(withCheckDigit("MSKZ123456"))).toBeNull();
  });

  it.each([
    "",
    "12345",
    "6240512345",
    "1234567890",
    "HELLO-WORLD!",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "MAEU12345",
    "MSKU907032",
    "ONEY1234",
    "COSU12345678",
    "HDMU12345678",
  ])("%j is too unsure to answer", (number) => {
    expect(inferTrackingType(number)).toBeNull();
  });
});

describe("B/L numbers", () => {
  it.each([
    ["MAEU241234567", "MAERSK"],
    ["SEAU241234567", "SEALAND"],
    ["SUDU21345ABCDE12", "HAMBURGSUD"],
    ["MEDUH9024256", "MSC"],
    ["MEDUQ4051234", "MSC"],
    ["CMDUSHZ2405123", "CMACGM"],
    ["APLU012345678", "CMACGM"],
    ["ANNUMEL2405123", "ANL"],
    ["COSU6240512345", "COSCO"],
    ["CBHU6240512345", "COSCO"],
    ["OOLU2405123456", "OOCL"],
    ["EGLV142405123456", "EVERGREEN"],
    ["HLCURUH220700151", "HAPAGLLOYD"],
    ["HLCUHAM240512345", "HAPAGLLOYD"],
    ["ONEYHAMA71223610", "ONE"],
    ["ONEYTYOA24051200", "ONE"],
    ["ONEYRTM123456789", "ONE"],
    ["ONEYA1B2C3123456", "ONE"],
    ["TYOA24051200", "ONE"],
    ["HDMUSELA2405123", "HMM"],
    ["YMLUE240512345", "YANGMING"],
    ["ZIMUSHH24051234", "ZIM"],
    ["WHLC024C506712", "WANHAI"],
    ["KMTCPUS1234567", "KMTC"],
    ["CKCOTAO1234567", "CKLINE"],
    ["DJSCPUS123456789", "DONGJIN"],
  ])("%s → %s", (number, line) => {
    expect(inferTrackingType(number)).toEqual({ shippingLine: line, trackingType: "BILL_OF_LADING_NUMBER" });
  });

  it("reads a B/L pasted with spaces and in lower case", () => {
    expect(inferTrackingType("hlcu ruh 220700151")).toEqual({
      shippingLine: "HAPAGLLOYD",
      trackingType: "BILL_OF_LADING_NUMBER",
    });
  });
});

describe("booking numbers", () => {
  it.each([
    ["240512345", "MAERSK", "nine digits"],
    ["24051234", "HAPAGLLOYD", "eight digits"],
    ["142405123456", "EVERGREEN", "twelve digits"],
    ["EBKG24051234", "MSC", "MSC's e-booking prefix"],
    ["SHZ2405123", "CMACGM", "office code and seven digits"],
  ])("%s → %s (%s)", (number, line) => {
    expect(inferTrackingType(number)).toEqual({ shippingLine: line, trackingType: "BOOKING_NUMBER" });
  });
});

describe("the format tables", () => {
  it("every documented example infers its own line and type, a type the line allows", () => {
    for (const f of [...BILL_OF_LADING_FORMATS, ...BOOKING_FORMATS]) {
      expect(inferTrackingType(f.example), f.example).toEqual({ shippingLine: f.line, trackingType: f.type });
      expect(isTrackingTypeAllowed(f.line, f.type), f.example).toBe(true);
    }
  });

  it("covers the SCAC prefixes people paste", () => {
    const prefixes = new Set(BILL_OF_LADING_FORMATS.flatMap((f) => f.prefixes));
    for (const p of [
      "MAEU",
      "MEDU",
      "CMDU",
      "COSU",
      "HLCU",
      "ONEY",
      "EGLV",
      "YMLU",
      "ZIMU",
      "OOLU",
      "HDMU",
    ]) {
      expect(prefixes.has(p), p).toBe(true);
    }
  });
});
