import type { TimeStatus } from "../../../../shared/enums";
import type { IsoTime, Place, TrackingSnapshot, VesselLeg } from "../carriers.types";
import { placeFor } from "../ports";
import { normalizeSnapshot } from "../snapshot";
import { buildContainers, sizeTypeSummary } from "./dcsa.containers";
import { instant, rememberingInstants } from "./dcsa.instants";
import type {
  DcsaEquipmentEvent,
  DcsaEvent,
  DcsaShipmentEvent,
  DcsaTransportCall,
  DcsaTransportEvent,
  EventClassifierCode,
} from "./dcsa.schema";

// DCSA T&T 2.2 events → the normalized snapshot. Events are immutable facts and plans; for each
// transport call and direction the best one wins: an actual over an estimate over a plan, and among
// equals the one created last (the carrier's newest word).

interface BestTime {
  time: IsoTime;
  classifier: EventClassifierCode;
  created: number;
}

interface CallInfo {
  id: string;
  call: DcsaTransportCall;
  created: number;
  arrival: BestTime | null;
  departure: BestTime | null;
  loads: boolean;
  discharges: boolean;
  /** The call's earliest time (callTime), once its times are known. */
  time?: number;
}

const RANK: Record<EventClassifierCode, number> = { PLN: 1, EST: 2, ACT: 3 };

function better(current: BestTime | null, candidate: BestTime): BestTime {
  if (!current) return candidate;
  const byRank = RANK[candidate.classifier] - RANK[current.classifier];
  if (byRank !== 0) return byRank > 0 ? candidate : current;
  return candidate.created > current.created ? candidate : current;
}

export function timeStatus(best: BestTime | null | undefined): TimeStatus {
  if (!best) return "UNKNOWN";
  return best.classifier === "ACT" ? "ACTUAL" : "ESTIMATED";
}

function collectCalls(transport: DcsaTransportEvent[], equipment: DcsaEquipmentEvent[]) {
  const calls = new Map<string, CallInfo>();
  const touch = (call: DcsaTransportCall, created: number): CallInfo => {
    let info = calls.get(call.transportCallID);
    if (!info) {
      info = {
        id: call.transportCallID,
        call,
        created,
        arrival: null,
        departure: null,
        loads: false,
        discharges: false,
      };
      calls.set(call.transportCallID, info);
    } else if (created > info.created) {
      info.call = call;
      info.created = created;
    }
    return info;
  };
  for (const e of transport) {
    const created = instant(e.eventCreatedDateTime);
    const info = touch(e.transportCall, created);
    const best: BestTime = { time: e.eventDateTime, classifier: e.eventClassifierCode, created };
    if (e.transportEventTypeCode === "ARRI") info.arrival = better(info.arrival, best);
    else info.departure = better(info.departure, best);
  }
  for (const e of equipment) {
    if (!e.transportCall) continue;
    const info = touch(e.transportCall, instant(e.eventCreatedDateTime));
    if (e.equipmentEventTypeCode === "LOAD") info.loads = true;
    if (e.equipmentEventTypeCode === "DISC") info.discharges = true;
  }
  return [...calls.values()];
}

function callTime(c: CallInfo): number {
  if (c.time === undefined) {
    const times = [c.arrival, c.departure]
      .filter((t): t is BestTime => t !== null)
      .map((t) => instant(t.time));
    c.time = times.length ? Math.min(...times) : Number.POSITIVE_INFINITY;
  }
  return c.time;
}

const byCallOrder = (a: CallInfo, b: CallInfo) =>
  callTime(a) - callTime(b) ||
  (a.call.transportCallSequenceNumber ?? 0) - (b.call.transportCallSequenceNumber ?? 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const isVesselCall = (c: CallInfo) =>
  c.call.modeOfTransport === "VESSEL" || (c.call.modeOfTransport === "BARGE" && !!c.call.vessel);

function callPlace(c: CallInfo | null | undefined): Place | null {
  if (!c) return null;
  const code = c.call.UNLocationCode ?? c.call.location?.UNLocationCode;
  return placeFor(code, c.call.location?.locationName ?? c.call.otherFacility);
}

/** A vessel's calls form one leg: loaded at the first loading call, discharged at the last after it. */
function legOf(calls: CallInfo[]): VesselLeg {
  const sorted = [...calls].sort(byCallOrder);
  let loadIdx = sorted.findIndex((c) => c.loads);
  if (loadIdx === -1) loadIdx = sorted.findIndex((c) => c.departure !== null);
  const after = sorted.map((c, i) => ({ c, i })).filter(({ i }) => i > loadIdx);
  const pick = (pred: (c: CallInfo) => boolean) => after.filter(({ c }) => pred(c)).pop()?.c;
  let discharge = pick((c) => c.discharges) ?? pick((c) => c.arrival !== null);
  let loading = loadIdx >= 0 ? sorted[loadIdx] : undefined;
  if (!loading && !discharge && sorted.length > 1) {
    loading = sorted[0];
    discharge = sorted[sorted.length - 1];
  }
  if (!loading && !discharge) discharge = sorted[0];
  const vessel = (loading ?? discharge)?.call.vessel;
  const voyage =
    loading?.call.exportVoyageNumber ??
    loading?.call.carrierVoyageNumber ??
    discharge?.call.importVoyageNumber ??
    discharge?.call.carrierVoyageNumber ??
    discharge?.call.exportVoyageNumber ??
    null;
  return {
    vesselName: vessel?.vesselName ?? null,
    imo: vessel?.vesselIMONumber ?? null,
    mmsi: null,
    voyage,
    loadingPort: callPlace(loading),
    dischargingPort: callPlace(discharge),
    departureTime: loading?.departure?.time ?? null,
    departureTimeStatus: timeStatus(loading?.departure),
    arrivalTime: discharge?.arrival?.time ?? null,
    arrivalTimeStatus: timeStatus(discharge?.arrival),
  };
}

const legTime = (l: VesselLeg) =>
  l.departureTime
    ? instant(l.departureTime)
    : l.arrivalTime
      ? instant(l.arrivalTime)
      : Number.POSITIVE_INFINITY;

function buildLegs(calls: CallInfo[]): VesselLeg[] {
  const groups = new Map<string, CallInfo[]>();
  for (const c of calls.filter(isVesselCall)) {
    const v = c.call.vessel;
    const key = v?.vesselIMONumber ?? (v?.vesselName ? `name:${v.vesselName}` : `call:${c.id}`);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()].map(legOf).sort((a, b) => legTime(a) - legTime(b));
}

/**
 * T&T 2.2 has no "cancelled" code: a booking the carrier withdrew is VOID (or REJE, refused) on the
 * booking documents. Only the newest booking-document event counts, so a re-confirmed booking is live.
 */
function isCancelled(shipment: DcsaShipmentEvent[]): boolean {
  const booking = shipment
    .filter((e) => e.documentTypeCode === "BKG" || e.documentTypeCode === "CBR")
    .sort(
      (a, b) =>
        instant(a.eventDateTime) - instant(b.eventDateTime) ||
        instant(a.eventCreatedDateTime) - instant(b.eventCreatedDateTime),
    );
  const last = booking[booking.length - 1];
  return (
    last !== undefined && (last.shipmentEventTypeCode === "VOID" || last.shipmentEventTypeCode === "REJE")
  );
}

export function mapEventsToSnapshot(events: DcsaEvent[]): TrackingSnapshot {
  return rememberingInstants(() => mapEvents(events));
}

function mapEvents(events: DcsaEvent[]): TrackingSnapshot {
  const transport = events.filter((e): e is DcsaTransportEvent => e.eventType === "TRANSPORT");
  const equipment = events.filter((e): e is DcsaEquipmentEvent => e.eventType === "EQUIPMENT");
  const shipment = events.filter((e): e is DcsaShipmentEvent => e.eventType === "SHIPMENT");

  const calls = collectCalls(transport, equipment);
  const legs = buildLegs(calls);
  const first = legs[0];
  const last = legs[legs.length - 1];
  const start = first ? legTime(first) : Number.POSITIVE_INFINITY;
  const end = last?.arrivalTime ? instant(last.arrivalTime) : last ? legTime(last) : Number.NEGATIVE_INFINITY;

  // Pre- and on-carriage (rail, truck, barge without a vessel) reach beyond the ports.
  const carriage = calls.filter((c) => !isVesselCall(c)).sort(byCallOrder);
  const preCarriage = carriage.find((c) => c.departure && (!first || instant(c.departure.time) < start));
  const onCarriage = carriage.filter((c) => c.arrival && (!last || instant(c.arrival.time) > end)).pop();

  const { containers, gateInPlace, gateOutPlace } = buildContainers(equipment);
  const loadingPort = first?.loadingPort ?? null;
  const dischargingPort = last?.dischargingPort ?? null;
  const placeOfDelivery = callPlace(onCarriage) ?? gateOutPlace ?? dischargingPort;
  const deliveryEta = onCarriage?.arrival ?? null;
  const placeOfDeliveryEta = deliveryEta ? deliveryEta.time : (last?.arrivalTime ?? null);
  const placeOfDeliveryEtaStatus = deliveryEta
    ? timeStatus(deliveryEta)
    : (last?.arrivalTimeStatus ?? "UNKNOWN");
  const weights = containers.map((c) => c.grossWeightKilograms).filter((w): w is number => w !== null);

  return normalizeSnapshot({
    placeOfReceipt: callPlace(preCarriage) ?? gateInPlace ?? loadingPort,
    loadingPort,
    dischargingPort,
    placeOfDelivery,
    departureTime: first?.departureTime ?? null,
    departureTimeStatus: first?.departureTimeStatus ?? "UNKNOWN",
    arrivalTime: last?.arrivalTime ?? null,
    arrivalTimeStatus: last?.arrivalTimeStatus ?? "UNKNOWN",
    placeOfDeliveryEta,
    placeOfDeliveryEtaStatus,
    vesselVoyage: first ? [first.vesselName, first.voyage].filter(Boolean).join(" ") || null : null,
    containerSizeType: sizeTypeSummary(containers),
    containerGrossWeightSum: weights.length ? weights.reduce((a, b) => a + b, 0) : null,
    vessels: legs,
    containers,
    cancelled: isCancelled(shipment),
    delivered: containers.length
      ? containers.every((c) => c.gateOutTime !== null)
      : placeOfDeliveryEtaStatus === "ACTUAL",
  });
}
