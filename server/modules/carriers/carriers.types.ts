import type { ShippingLine, TimeStatus, TrackingFailureKind, TrackingType } from "../../../shared/enums";

// The adapter contract: every carrier integration answers a tracking request with either a
// normalized snapshot or a typed failure, never a throw. Field names are the spec's
// ShipmentHistory / Vessel / Container names (spec 01 §3) so the tracking engine stores them as is.

/** A place as the carrier gave it: its UN/LOCODE when it has one, and a display name. */
export interface Place {
  locode: string | null;
  name: string;
}

/**
 * Times are ISO 8601 strings exactly as the carrier sent them, offset included (a port's local
 * time is part of what the carrier says); compare them as instants with Date.parse. Snapshots are
 * compared with their times in UTC (snapshot.ts `inUtc`), so a new way of writing one is no change.
 */
export type IsoTime = string;

export interface VesselLeg {
  vesselName: string | null;
  imo: string | null;
  /** DCSA T&T 2.2 carries no MMSI; AIS matching fills it where known. */
  mmsi: string | null;
  voyage: string | null;
  loadingPort: Place | null;
  dischargingPort: Place | null;
  departureTime: IsoTime | null;
  departureTimeStatus: TimeStatus;
  arrivalTime: IsoTime | null;
  arrivalTimeStatus: TimeStatus;
}

export interface ContainerInfo {
  containerNumber: string;
  /** Normalized size and type, e.g. "40HC", from the ISO 6346 size-type code. */
  sizeType: string | null;
  /** The ISO 6346 size-type code as the carrier sent it, e.g. "45G1". */
  sizeTypeOriginal: string | null;
  grossWeightKilograms: number | null;
  emptyContainerReleasedToShipperTime: IsoTime | null;
  gateInTime: IsoTime | null;
  gateOutTime: IsoTime | null;
  emptyContainerReturnedFromCustomerTime: IsoTime | null;
}

export interface TrackingSnapshot {
  placeOfReceipt: Place | null;
  loadingPort: Place | null;
  dischargingPort: Place | null;
  placeOfDelivery: Place | null;
  departureTime: IsoTime | null;
  departureTimeStatus: TimeStatus;
  arrivalTime: IsoTime | null;
  arrivalTimeStatus: TimeStatus;
  placeOfDeliveryEta: IsoTime | null;
  placeOfDeliveryEtaStatus: TimeStatus;
  /** "<vessel name> <voyage>" of the first leg: the vessel that loads at the port of loading. */
  vesselVoyage: string | null;
  /** One size-type, or a count per size-type ("2x40HC, 1x20GP") when the containers differ. */
  containerSizeType: string | null;
  containerGrossWeightSum: number | null;
  /** One per leg in voyage order, so transhipments show. */
  vessels: VesselLeg[];
  /** Sorted by container number. */
  containers: ContainerInfo[];
  /** The carrier voided or rejected the booking; the adapter answers CANCELLED for it. */
  cancelled?: boolean;
  /** Every container left the terminal to the consignee (or, without containers, the cargo arrived). */
  delivered?: boolean;
}

export interface TrackingFailure {
  kind: TrackingFailureKind;
  /** For operators and logs (English, not shown to users as is). */
  message: string;
  retryAfterSeconds?: number;
}

export type TrackingResult =
  | {
      ok: true;
      snapshot: TrackingSnapshot;
      /**
       * The carrier's answer as JSON text: the list of events as it came (one page byte for byte,
       * several pages' lists joined), kept as text so it is stored without being built again.
       */
      raw?: string;
    }
  | { ok: false; failure: TrackingFailure };

export interface FetchTrackingOptions {
  /** The HTTP client; the benchmark and tests pass one that reaches Fastify's inject. */
  fetch?: typeof fetch;
  /** Environment record with CARRIER_<LINE>_URL etc.; defaults to envSnapshot(). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Base of the simulator route when a line has no URL; defaults to the configured APP_URL. */
  appUrl?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Reads the time to turn a Retry-After date into seconds; default the system clock. */
  now?: () => Date;
}

export type FetchTracking = (
  line: ShippingLine,
  trackingType: TrackingType,
  trackingNumber: string,
  opts?: FetchTrackingOptions,
) => Promise<TrackingResult>;
