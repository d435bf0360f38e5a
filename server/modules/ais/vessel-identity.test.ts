import { describe, expect, it } from "vitest";
import { etaDate, identityUpdate, mergeIdentity, reportedAt } from "./ais-rows";
import { normalizeImo, normalizeMmsi, normalizeVesselName } from "./vessel-identity";
import { AisVesselDirectory } from "./vessel-match";

describe("normal forms", () => {
  it("writes MMSIs as nine digits", () => {
    expect(normalizeMmsi(3669702)).toBe("003669702");
    expect(normalizeMmsi(" 351759000 ")).toBe("351759000");
    expect(normalizeMmsi("0")).toBeNull();
    expect(normalizeMmsi("35175900A")).toBeNull();
    expect(normalizeMmsi(null)).toBeNull();
  });

  it("keeps IMO numbers whose check digit holds", () => {
    expect(normalizeImo(9134270)).toBe("9134270"); // EVER DIADEM
    expect(normalizeImo("IMO 9356945")).toBe("9356945"); // CASTELO OBIDOS
    expect(normalizeImo("IMO9074729")).toBe("9074729"); // the example in the IMO's own rules
    expect(normalizeImo("9134271")).toBeNull();
    expect(normalizeImo(123)).toBeNull();
  });

  it("compares vessel names without case, punctuation or an M/V prefix", () => {
    expect(normalizeVesselName("M/V Ever  Diadem")).toBe("EVER DIADEM");
    expect(normalizeVesselName("MV EVER-DIADEM.")).toBe("EVER DIADEM");
    expect(normalizeVesselName("CAPT.J.RIMES")).toBe("CAPT J RIMES");
    expect(normalizeVesselName("MVELI")).toBe("MVELI");
    expect(normalizeVesselName(" - ")).toBeNull();
  });
});

describe("rows from messages", () => {
  it("places the reported UTC second at or before the receive time", () => {
    const received = new Date("2026-03-01T10:20:30.700Z");
    expect(reportedAt(30, received).toISOString()).toBe("2026-03-01T10:20:30.000Z");
    expect(reportedAt(25, received).toISOString()).toBe("2026-03-01T10:20:25.000Z");
    expect(reportedAt(59, received).toISOString()).toBe("2026-03-01T10:19:59.000Z");
    expect(reportedAt(null, received)).toBe(received);
  });

  it("puts the crew's ETA in the year that makes it ahead of the report", () => {
    const eta = { month: 5, day: 15, hour: 14, minute: 0 };
    expect(etaDate(eta, new Date("2026-05-01T00:00:00Z"))?.toISOString()).toBe("2026-05-15T14:00:00.000Z");
    expect(etaDate({ ...eta, month: 1, day: 3 }, new Date("2026-12-28T00:00:00Z"))?.toISOString()).toBe(
      "2027-01-03T14:00:00.000Z",
    );
    // A week late is still this year's ETA, not next year's.
    expect(etaDate(eta, new Date("2026-05-22T00:00:00Z"))?.getUTCFullYear()).toBe(2026);
    expect(etaDate({ month: 2, day: 30, hour: 0, minute: 0 }, new Date("2026-01-01T00:00:00Z"))).toBeNull();
    expect(etaDate({ month: null, day: null, hour: null, minute: null }, new Date())).toBeNull();
  });

  it("merges the two parts of a type 24 report into one identity", () => {
    const at = new Date("2026-03-01T00:00:00Z");
    const base = {
      mmsi: 271041815,
      imo: null,
      destination: null,
      draught: null,
      eta: null,
      dimensions: null,
    };
    const a = identityUpdate(
      { type: 24, part: "A", ...base, shipName: "PROGUY", callsign: null, shipType: null },
      at,
    );
    const b = identityUpdate(
      { type: 24, part: "B", ...base, shipName: null, callsign: "TC6163", shipType: 60 },
      at,
    );
    expect(mergeIdentity(a ?? undefined, b!)).toMatchObject({
      mmsi: "271041815",
      name: "PROGUY",
      normalizedName: "PROGUY",
      callsign: "TC6163",
      shipType: 60,
    });
  });
});

describe("which AIS vessel a carrier's vessel is", () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  const directory = new AisVesselDirectory([
    { mmsi: "351759000", imo: "9134270", normalizedName: "EVER DIADEM", updatedAt: at(1) },
    { mmsi: "353000000", imo: "9134270", normalizedName: "EVER DIADEM", updatedAt: at(5) }, // re-flagged
    { mmsi: "211000001", imo: "9356945", normalizedName: "TWIN", updatedAt: at(1) },
    { mmsi: "211000002", imo: "9074729", normalizedName: "TWIN", updatedAt: at(1) },
    { mmsi: "211000003", imo: null, normalizedName: "SOLO", updatedAt: at(1) },
  ]);

  it("takes the carrier's MMSI as given, else the newest station with the IMO number", () => {
    expect(directory.mmsiFor({ mmsi: "1234567", imo: "9134270", vesselName: null })).toBe("001234567");
    expect(directory.mmsiFor({ mmsi: null, imo: "IMO 9134270", vesselName: null })).toBe("353000000");
  });

  it("matches a name only when it names one ship", () => {
    expect(directory.mmsiFor({ mmsi: null, imo: null, vesselName: "Ever Diadem" })).toBe("353000000");
    expect(directory.mmsiFor({ mmsi: null, imo: null, vesselName: "M/V Solo" })).toBe("211000003");
    expect(directory.mmsiFor({ mmsi: null, imo: null, vesselName: "TWIN" })).toBeNull();
    // With the IMO known, the namesake with another IMO is ruled out.
    expect(directory.mmsiFor({ mmsi: null, imo: "9074729", vesselName: "TWIN" })).toBe("211000002");
    expect(directory.mmsiFor({ mmsi: null, imo: "9387425", vesselName: "SOLO" })).toBe("211000003");
    expect(directory.mmsiFor({ mmsi: null, imo: null, vesselName: "UNKNOWN" })).toBeNull();
  });
});
