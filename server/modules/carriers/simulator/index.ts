import type { ShippingLine, TrackingType } from "../../../../shared/enums";
import { CONTAINER_NUMBER_PATTERN, isValidContainerNumber } from "../inference/container-codes";
import { allServices, shipPosition } from "./fleet";
import { unit } from "./random";
import { legsAt, type ShipmentRef, scenarioAt } from "./voyage";

// What the rest of the product may use from the simulator: which numbers it knows, and where its
// ships are (the AIS simulation and the tracking engine's vessel position).

export { simulatedEvents } from "./events";
export { legsAt, type Scenario, type ShipmentRef, scenarioAt } from "./voyage";

/** DCSA maxLength of each reference. */
const MAX_LENGTH: Record<TrackingType, number> = {
  BOOKING_NUMBER: 35,
  BILL_OF_LADING_NUMBER: 20,
  CONTAINER_NUMBER: 15,
};
/** Unknown to the carrier: about 1 in 40 booking and B/L numbers, 1 in 70 valid container numbers. */
const UNKNOWN_SHARE: Record<TrackingType, number> = {
  BOOKING_NUMBER: 0.025,
  BILL_OF_LADING_NUMBER: 0.025,
  CONTAINER_NUMBER: 0.015,
};

export type SimulatorLookup = "OK" | "INVALID" | "UNKNOWN";

/** How the simulated carrier answers a number: malformed (400), unknown (404) or known. */
export function simulatorLookup(line: ShippingLine, type: TrackingType, number: string): SimulatorLookup {
  if (number.length === 0 || number.length > MAX_LENGTH[type] || !/^[A-Z0-9]+$/.test(number))
    return "INVALID";
  if (type === "CONTAINER_NUMBER") {
    if (!CONTAINER_NUMBER_PATTERN.test(number)) return "INVALID";
    if (!isValidContainerNumber(number)) return "UNKNOWN";
  }
  return unit(`unknown|${line}|${type}|${number}`) < UNKNOWN_SHARE[type] ? "UNKNOWN" : "OK";
}

/** A deterministic share of requests fails with a 5xx, per number and clock hour. */
export function isTransientFailure(line: ShippingLine, number: string, at: Date, rate: number): boolean {
  if (rate <= 0) return false;
  return unit(`fault|${line}|${number}|${Math.floor(at.getTime() / 3_600_000)}`) < rate;
}

export interface SimulatedVesselPosition {
  imo: string;
  mmsi: string;
  name: string;
  lat: number;
  lon: number;
  /** Knots, and degrees true; 0 and 0 while alongside. */
  sog: number;
  cog: number;
}

/** Every simulated ship's position at `at`, interpolated along great circles between its calls. */
export function simulatedVesselPositions(at: Date): SimulatedVesselPosition[] {
  const out: SimulatedVesselPosition[] = [];
  for (const svc of allServices()) {
    for (let slot = 0; slot < svc.vesselCount; slot += 1) {
      const p = shipPosition(svc, slot, at.getTime());
      out.push({
        imo: p.vessel.imo,
        mmsi: p.vessel.mmsi,
        name: p.vessel.name,
        lat: p.lat,
        lon: p.lon,
        sog: p.sog,
        cog: p.cog,
      });
    }
  }
  return out;
}

/** The ship carrying a tracked number's cargo at `at`, or null while it is ashore (or unknown). */
export function simulatedShipmentPosition(ref: ShipmentRef, at: Date): SimulatedVesselPosition | null {
  if (simulatorLookup(ref.line, ref.type, ref.number) !== "OK") return null;
  const ms = at.getTime();
  const sc = scenarioAt(ref, ms);
  if (sc.cancelledAt !== null && ms >= sc.cancelledAt) return null;
  const leg = legsAt(sc, ms).find((l) => l.dep.actualDep <= ms && ms < l.arr.actualArr);
  if (!leg) return null;
  const p = shipPosition(
    leg.svc,
    ((leg.sailing % leg.svc.vesselCount) + leg.svc.vesselCount) % leg.svc.vesselCount,
    ms,
  );
  return {
    imo: p.vessel.imo,
    mmsi: p.vessel.mmsi,
    name: p.vessel.name,
    lat: p.lat,
    lon: p.lon,
    sog: p.sog,
    cog: p.cog,
  };
}
