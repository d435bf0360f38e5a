import { describe, expect, it } from "vitest";
import { isPositionReport } from "../ais.types";
import { decoded, errorOf } from "./ais-decode.testkit";
import { decodeAisSentences, decodePayload } from "./ais-decoder";

// Published sentences with the values the reference decoders agree on: gpsd's AIVDM/AIVDO
// documentation and sample corpus (test/sample.aivdm) and pyais's tests/test_decode.py.

describe("Class A position reports (types 1, 2, 3)", () => {
  it("decodes type 1 (pyais test_msg_type_1_a)", () => {
    expect(decoded("!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C")).toEqual({
      type: 1,
      mmsi: 366053209,
      navStatus: 3,
      rot: 0,
      sog: 0,
      accuracy: false,
      lon: -122.341618,
      lat: 37.802118,
      cog: 219.3,
      heading: 1,
      timestamp: 59,
    });
  });

  it("decodes gpsd's first sample sentence, with speed, course and heading", () => {
    expect(decoded("!AIVDM,1,1,,A,15RTgt0PAso;90TKcjM8h6g208CQ,0*4A")).toMatchObject({
      type: 1,
      mmsi: 371798000,
      navStatus: 0,
      rot: null, // raw -127: turning left faster than the scale, no turn indicator
      sog: 12.3,
      accuracy: true,
      lon: -123.395383,
      lat: 48.381633,
      cog: 224,
      heading: 215,
      timestamp: 33,
    });
  });

  it("turns the 'not available' values into null (heading 511, course 3600, ROT -128)", () => {
    expect(decoded("!AIVDM,1,1,,A,15NPOOPP00o?b=bE`UNv4?w428D;,0*24")).toMatchObject({
      mmsi: 367533950,
      navStatus: 0,
      rot: null,
      sog: 0,
      accuracy: true,
      lat: 37.808418,
      lon: -122.408232,
      cog: null,
      heading: null,
      timestamp: 34,
    });
  });

  it("decodes type 2 (gpsd sample)", () => {
    expect(decoded("!AIVDM,1,1,,B,25Cjtd0Oj;Jp7ilG7=UkKBoB0<06,0*60")).toMatchObject({
      type: 2,
      mmsi: 356302000,
      sog: 13.9,
      lon: -71.626143,
      lat: 40.392358,
      cog: 87.7,
      heading: 91,
      timestamp: 41,
    });
  });

  it("decodes type 3 (gpsd sample and pyais test_msg_type_3)", () => {
    expect(decoded("!AIVDM,1,1,,A,38Id705000rRVJhE7cl9n;160000,0*40")).toMatchObject({
      type: 3,
      mmsi: 563808000,
      navStatus: 5,
      sog: 0,
      accuracy: true,
      lon: -76.327533,
      lat: 36.91,
      cog: 252,
      heading: 352,
      timestamp: 35,
    });
    const moored = decoded("!AIVDM,1,1,,A,35NSH95001G?wopE`beasVk@0E5:,0*6F");
    expect(moored).toMatchObject({ type: 3, mmsi: 367581220, navStatus: 5, rot: 0, sog: 0.1, cog: 254.2 });
    expect(moored).toMatchObject({ heading: 217, timestamp: 40, accuracy: false });
    if (!isPositionReport(moored)) throw new Error("not a position report");
    expect(moored.lat).toBeCloseTo(37.8107, 4);
    expect(moored.lon).toBeCloseTo(-122.3343, 4);
  });
});

describe("static and voyage data (type 5)", () => {
  it("reassembles the two sentences of gpsd's EVER DIADEM example", () => {
    expect(
      decoded(
        "!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C",
        "!AIVDM,2,2,1,A,88888888880,2*25",
      ),
    ).toEqual({
      type: 5,
      mmsi: 351759000,
      imo: 9134270,
      callsign: "3FOF8",
      shipName: "EVER DIADEM",
      shipType: 70,
      dimensions: { toBow: 225, toStern: 70, toPort: 1, toStarboard: 31 },
      eta: { month: 5, day: 15, hour: 14, minute: 0 },
      draught: 12.2,
      destination: "NEW YORK",
    });
  });

  it("decodes a one-sentence type 5 whose last two bits are fill (pyais, CASTELO OBIDOS)", () => {
    // pyais does not verify checksums, and the published sentence's is wrong: refused here, so
    // its payload is decoded directly.
    const published =
      "!AIVDM,1,1,,B,53ktrJ82>ia4=50<0020<5=@Dhv0t8T@u<0000001PV854Si0;mR@CPH13p0hDm1C3h0000,2*35";
    expect(errorOf(decodeAisSentences([published]))).toMatchObject({ code: "BAD_CHECKSUM" });
    const payload = "53ktrJ82>ia4=50<0020<5=@Dhv0t8T@u<0000001PV854Si0;mR@CPH13p0hDm1C3h0000";
    const result = decodePayload(payload, 2);
    expect(result.ok && result.message).toMatchObject({
      mmsi: 255801960,
      imo: 9356945,
      callsign: "CQPC",
      shipName: "CASTELO OBIDOS",
      shipType: null,
      dimensions: { toBow: 12, toStern: 38, toPort: 8, toStarboard: 5 },
      eta: { month: 2, day: 7, hour: 17, minute: 0 },
      draught: 4.7,
      destination: "VIANA DO CASTELO",
    });
  });

  it("assembles fragments that arrive out of order (pyais test_decode_out_of_order)", () => {
    const message = decoded(
      "!AIVDM,2,2,4,A,000000000000000,2*20",
      "!AIVDM,2,1,4,A,55O0W7`00001L@gCWGA2uItLth@DqtL5@F22220j1h742t0Ht0000000,0*08",
    );
    expect(message).toMatchObject({ type: 5, mmsi: 368060190 });
  });
});

describe("Class B (types 18, 19, 24)", () => {
  it("decodes type 18 (gpsd sample)", () => {
    expect(decoded("!AIVDM,1,1,,A,B52K>;h00Fc>jpUlNV@ikwpUoP06,0*4C")).toEqual({
      type: 18,
      mmsi: 338087471,
      sog: 0.1,
      lon: -74.072132,
      lat: 40.68454,
      cog: 79.6,
      heading: null,
      accuracy: false,
      timestamp: 49,
    });
  });

  it("decodes an AIVDO (own vessel) type 18 (pyais test_msg_type_18_speed)", () => {
    expect(decoded("!AIVDO,1,1,,A,B5NJ;PP2aUl4ot5Isbl6GwsUkP06,0*35")).toMatchObject({
      type: 18,
      mmsi: 367430530,
      sog: 67.8,
      cog: 10.1,
      lat: 37.785035,
      lon: -122.26732,
    });
  });

  it("maps the type 18 'not available' position, speed and course to null, with an empty channel", () => {
    expect(decoded("!AIVDO,1,1,,,B>qc:003wk?8mP=18D3Q3wgTiT;T,0*13")).toMatchObject({
      mmsi: 1000000000,
      sog: null,
      lat: null,
      lon: null,
      cog: null,
      heading: null,
      timestamp: 31,
    });
  });

  it("decodes type 19 with its name and ship type (gpsd sample, CAPT.J.RIMES)", () => {
    expect(decoded("!AIVDM,1,1,,B,C5N3SRgPEnJGEBT>NhWAwwo862PaLELTBJ:V00000000S0D:R220,0*0B")).toEqual({
      type: 19,
      mmsi: 367059850,
      sog: 8.7,
      accuracy: false,
      lat: 29.543695,
      lon: -88.810392,
      cog: 335.9,
      heading: null,
      timestamp: 46,
      shipName: "CAPT.J.RIMES",
      shipType: 70,
      dimensions: { toBow: 5, toStern: 21, toPort: 4, toStarboard: 4 },
    });
  });

  it("decodes type 24 part A (name) and part B (type, vendor, call sign, dimensions): gpsd's PROGUY", () => {
    expect(decoded("!AIVDM,1,1,,A,H42O55i18tMET00000000000000,2*6D")).toEqual({
      type: 24,
      part: "A",
      mmsi: 271041815,
      shipName: "PROGUY",
      imo: null,
      callsign: null,
      shipType: null,
      destination: null,
      draught: null,
      eta: null,
      dimensions: null,
    });
    expect(decoded("!AIVDM,1,1,,A,H42O55lti4hhhilD3nink000?050,0*40")).toEqual({
      type: 24,
      part: "B",
      mmsi: 271041815,
      shipType: 60,
      vendorId: "1D0",
      callsign: "TC6163",
      dimensions: { toBow: 0, toStern: 15, toPort: 0, toStarboard: 5 },
      shipName: null,
      imo: null,
      destination: null,
      draught: null,
      eta: null,
    });
  });
});
