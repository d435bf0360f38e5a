import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../../core/clock";
import { seaport } from "../ports";
import { legsAt, scenarioAt, simulatedShipmentPosition, simulatedVesselPositions, simulatorLookup } from ".";
import { allServices, callTimes, shipPosition, vesselOf } from "./fleet";
import { distanceNm } from "./geo";
import { INLAND_LINKS } from "./places";
import { isValidImo } from "./vessels";

// The simulated fleet: its ports are where they really are, its ships have valid identities, and
// their positions move along the legs at the speed they report.

/** Where the network's ports really are (rounded), to catch a table row geocoded somewhere else. */
const KNOWN: Record<string, [number, number]> = {
  AEJEA: [25.0, 55.1],
  ARBUE: [-34.6, -58.4],
  AUBNE: [-27.4, 153.1],
  AUFRE: [-32.05, 115.75],
  AUMEL: [-37.8, 144.9],
  AUSYD: [-33.9, 151.2],
  BEANR: [51.25, 4.4],
  BEZEE: [51.33, 3.2],
  BRRIG: [-32.05, -52.1],
  BRSSZ: [-23.95, -46.3],
  CAMTR: [45.5, -73.55],
  CATOR: [43.65, -79.4],
  CAVAN: [49.3, -123.1],
  CHBSL: [47.55, 7.6],
  CIABJ: [5.3, -4.0],
  CLSAI: [-33.6, -71.6],
  CNCQI: [29.55, 106.55],
  CNNBO: [29.9, 121.6],
  CNNHN: [30.6, 114.3],
  CNNJG: [32.05, 118.8],
  CNQDG: [36.1, 120.3],
  CNSGH: [31.2, 121.5],
  CNSZP: [22.5, 114.0],
  CNTXG: [39.0, 117.7],
  CNXMG: [24.45, 118.1],
  DEBRV: [53.55, 8.55],
  DEDUI: [51.45, 6.75],
  DEHAM: [53.55, 9.95],
  DEMHG: [49.5, 8.45],
  DENUE: [49.45, 11.1],
  EGPSD: [31.25, 32.3],
  ESALG: [36.13, -5.45],
  ESBCN: [41.35, 2.15],
  ESVLC: [39.45, -0.35],
  FJSUV: [-18.15, 178.45],
  FRLEH: [49.5, 0.1],
  FRPAR: [48.85, 2.35],
  GBFXT: [51.95, 1.3],
  GBSOU: [50.9, -1.4],
  GHTEM: [5.65, 0.0],
  GRPIR: [37.95, 23.6],
  HKHKG: [22.3, 114.15],
  HUBUD: [47.5, 19.05],
  IDJKT: [-6.1, 106.85],
  IDSUB: [-7.2, 112.75],
  INICD: [28.6, 77.2],
  INMUN: [22.75, 69.7],
  INNSA: [18.95, 72.95],
  ITGOA: [44.4, 8.9],
  JPHKT: [33.6, 130.4],
  JPMOJ: [33.95, 130.95],
  JPNGO: [35.1, 136.9],
  JPOSA: [34.65, 135.45],
  JPTYO: [35.65, 139.8],
  JPUKB: [34.7, 135.2],
  JPYOK: [35.45, 139.65],
  KEMBA: [-4.05, 39.65],
  KRINC: [37.45, 126.6],
  KRKAN: [34.9, 127.7],
  KRPTK: [36.95, 126.85],
  KRPUS: [35.1, 129.05],
  LKCMB: [6.95, 79.85],
  MXZLO: [19.05, -104.3],
  MYPKG: [3.0, 101.4],
  MYTPP: [1.35, 103.55],
  NGLOS: [6.45, 3.4],
  NLRTM: [51.9, 4.45],
  NZAKL: [-36.85, 174.75],
  PAONX: [9.35, -79.9],
  PECLL: [-12.05, -77.15],
  PGPOM: [-9.45, 147.15],
  PHMNL: [14.6, 120.95],
  PKKHI: [24.85, 67.0],
  SGSIN: [1.27, 103.8],
  THLCH: [13.1, 100.9],
  TWKEL: [25.15, 121.75],
  TWKHH: [22.6, 120.3],
  TZDAR: [-6.8, 39.3],
  USBAL: [39.27, -76.6],
  USCHI: [41.85, -87.65],
  USCHS: [32.8, -79.95],
  USCLE: [41.5, -81.7],
  USCVG: [39.1, -84.5],
  USHOU: [29.75, -95.35],
  USJAX: [30.35, -81.65],
  USKCK: [39.1, -94.6],
  USLAX: [33.75, -118.25],
  USLGB: [33.77, -118.2],
  USMEM: [35.15, -90.05],
  USMIA: [25.77, -80.17],
  USMSY: [29.95, -90.05],
  USNYC: [40.7, -74.0],
  USOAK: [37.8, -122.3],
  USORF: [36.85, -76.3],
  USPIT: [40.45, -80.0],
  USSAV: [32.08, -81.1],
  USSEA: [47.6, -122.35],
  USSTL: [38.63, -90.2],
  USTIW: [47.27, -122.42],
  VNCLI: [10.76, 106.79],
  ZADUR: [-29.87, 31.03],
};

describe("the network's ports", () => {
  it("are all in the seaport table, within 60 km of where they really are", () => {
    const codes = new Set<string>();
    for (const s of allServices()) for (const c of s.calls) codes.add(c.locode);
    for (const [port, links] of Object.entries(INLAND_LINKS)) {
      codes.add(port);
      for (const l of links) codes.add(l.locode);
    }
    for (const code of codes) {
      const known = KNOWN[code];
      const row = seaport(code);
      expect(known, `${code} needs a reference position`).toBeDefined();
      if (!known || !row) throw new Error(`${code} missing`);
      const km = distanceNm(row, { lat: known[0], lon: known[1] }) * 1.852;
      expect(km, `${code} ${row.name}`).toBeLessThan(60);
    }
  });
});

describe("the fleet", () => {
  const at = new Date("2026-03-01T00:00:00Z");
  const positions = simulatedVesselPositions(at);

  it("has unique ships with valid IMO numbers and nine-digit MMSIs", () => {
    expect(positions.length).toBeGreaterThan(150);
    expect(positions.every((p) => isValidImo(p.imo))).toBe(true);
    expect(positions.every((p) => /^\d{9}$/.test(p.mmsi))).toBe(true);
    expect(new Set(positions.map((p) => p.imo)).size).toBe(positions.length);
    expect(new Set(positions.map((p) => p.mmsi)).size).toBe(positions.length);
    expect(new Set(positions.map((p) => p.name)).size).toBe(positions.length);
    for (const p of positions) {
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.lon)).toBeLessThanOrEqual(180);
      expect(p.sog).toBeLessThan(23);
    }
  });

  it("moves each ship underway by its reported speed, and keeps a ship alongside still", () => {
    let underway = 0;
    let alongside = 0;
    for (const svc of allServices()) {
      for (let slot = 0; slot < svc.vesselCount; slot += 1) {
        const a = shipPosition(svc, slot, at.getTime());
        const b = shipPosition(svc, slot, at.getTime() + HOUR_MS);
        if (a.atPort) {
          alongside += 1;
          const port = seaport(a.atPort);
          expect([a.sog, a.lat, a.lon]).toEqual([0, port?.lat, port?.lon]);
        } else if (!b.atPort && a.sailing === b.sailing) {
          underway += 1;
          expect(distanceNm(a, b)).toBeGreaterThan(a.sog * 0.85);
          expect(distanceNm(a, b)).toBeLessThan(a.sog * 1.15 + 1);
        }
      }
    }
    expect(underway).toBeGreaterThan(100);
    expect(alongside).toBeGreaterThan(5);
  });

  it("keeps every sailing's calls in order, each departure after its arrival", () => {
    for (const svc of allServices()) {
      for (let V = 300; V < 330; V += 1) {
        let previous = 0;
        for (let j = 0; j <= svc.calls.length; j += 1) {
          const t = callTimes(svc, V, j);
          expect(t.actualArr).toBeGreaterThan(previous);
          expect(t.actualDep).toBeGreaterThanOrEqual(t.actualArr + 8 * HOUR_MS - 60_000);
          previous = t.actualDep;
        }
      }
    }
  });

  it("places a tracked shipment on the ship of the leg it is on", () => {
    let checked = 0;
    for (let i = 0; i < 40; i += 1) {
      const ref = {
        line: "HAPAGLLOYD" as const,
        type: "BOOKING_NUMBER" as const,
        number: String(24051200 + i),
      };
      if (simulatorLookup(ref.line, ref.type, ref.number) !== "OK") continue;
      const sc = scenarioAt(ref, at.getTime());
      if (sc.cancelledAt) continue;
      const leg = legsAt(sc, sc.bookedAt + sc.cycleMs - HOUR_MS)[0];
      if (!leg) continue;
      const mid = new Date((leg.dep.actualDep + leg.arr.actualArr) / 2);
      const position = simulatedShipmentPosition(ref, mid);
      // The ship may be calling at a port on the way, with the box still aboard.
      const ship = simulatedVesselPositions(mid).find((p) => p.imo === position?.imo);
      expect(position?.imo, ref.number).toBe(vesselOf(leg.svc, leg.sailing).imo);
      expect(ship).toEqual(position);
      expect(simulatedShipmentPosition(ref, new Date(sc.bookedAt + 60_000))).toBeNull();
      checked += 1;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
