import type { ShippingLine, TimeStatus } from "../../../shared/enums";
import type { CarrierClient } from "../carriers/carriers.client";
import type { TrackingResult, TrackingSnapshot, VesselLeg } from "../carriers/carriers.types";
import { type TrackingSettings, trackingSettings } from "./tracking.config";

// Test helpers: a carrier that answers from a script, and snapshots written by hand.

export const TEST_SETTINGS: TrackingSettings = trackingSettings({
  REFRESH_INTERVAL: 6 * 3_600_000,
  REFRESH_JITTER: 30 * 60_000,
  REFRESH_FAILURE_THRESHOLD: 3,
  REFRESH_CONCURRENCY: 2,
  REFRESH_BATCH_SIZE: 20,
  REFRESH_RATE_PER_MINUTE: 0,
});

export type Answer = (line: ShippingLine, trackingNumber: string) => TrackingResult | Promise<TrackingResult>;

/** A carrier client whose answers a test sets (and changes) per tracking number. */
export function scriptedCarriers(answer: Answer): CarrierClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async fetchTracking(line, _type, trackingNumber) {
      calls.push(trackingNumber);
      return answer(line, trackingNumber);
    },
    endpoint: (line) => ({
      line,
      baseUrl: "http://carrier.invalid",
      apiKey: null,
      apiKeyHeader: "API-Key",
      simulated: false,
    }),
  };
}

const port = (locode: string, name: string) => ({ locode, name });

export interface SnapshotSpec {
  departure?: string | null;
  departureStatus?: TimeStatus;
  arrival?: string | null;
  arrivalStatus?: TimeStatus;
  vessels?: Partial<VesselLeg>[];
  gateOut?: string | null;
}

/** A Yokohama → Los Angeles shipment in one container, with the times the test gives. */
export function snapshot(spec: SnapshotSpec = {}): TrackingSnapshot {
  const departure = spec.departure === undefined ? "2026-02-01T10:00:00+09:00" : spec.departure;
  const arrival = spec.arrival === undefined ? "2026-02-15T08:00:00-08:00" : spec.arrival;
  const departureTimeStatus = spec.departureStatus ?? "ESTIMATED";
  const arrivalTimeStatus = spec.arrivalStatus ?? "ESTIMATED";
  const vessels: VesselLeg[] = (spec.vessels ?? [{}]).map((v) => ({
    vesselName: "ONE APUS",
    imo: "9806079",
    mmsi: null,
    voyage: "012E",
    loadingPort: port("JPYOK", "Yokohama"),
    dischargingPort: port("USLAX", "Los Angeles"),
    departureTime: departure,
    departureTimeStatus,
    arrivalTime: arrival,
    arrivalTimeStatus,
    ...v,
  }));
  return {
    placeOfReceipt: port("JPYOK", "Yokohama"),
    loadingPort: port("JPYOK", "Yokohama"),
    dischargingPort: port("USLAX", "Los Angeles"),
    placeOfDelivery: port("USLAX", "Los Angeles"),
    departureTime: departure,
    departureTimeStatus,
    arrivalTime: arrival,
    arrivalTimeStatus,
    placeOfDeliveryEta: arrival,
    placeOfDeliveryEtaStatus: arrivalTimeStatus,
    vesselVoyage: vessels[0] ? `${vessels[0].vesselName} ${vessels[0].voyage}` : null,
    containerSizeType: "40HC",
    containerGrossWeightSum: null,
    vessels,
    containers: [
      {
        containerNumber: "TCLU1234568",
        sizeType: "40HC",
        sizeTypeOriginal: "45G1",
        grossWeightKilograms: null,
        emptyContainerReleasedToShipperTime: null,
        gateInTime: null,
        gateOutTime: spec.gateOut ?? null,
        emptyContainerReturnedFromCustomerTime: null,
      },
    ],
    delivered: spec.gateOut != null,
  };
}

export const ok = (s: TrackingSnapshot): TrackingResult => ({
  ok: true,
  snapshot: s,
  raw: '[{"test":true}]',
});
export const failure = (kind: Extract<TrackingResult, { ok: false }>["failure"]["kind"]): TrackingResult => ({
  ok: false,
  failure: { kind, message: `test ${kind}` },
});
