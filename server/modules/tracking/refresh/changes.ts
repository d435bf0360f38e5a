import type { ShipmentChangeKind, TimeStatus } from "../../../../shared/enums";
import type { HistoryState, LegState } from "./history-rows";

// What changed between two histories of a shipment, as the notification and webhook work will
// send it: each record names its kind and carries the old and the new value (times in UTC ISO).
// Only the carrier's word on the schedule, the vessels and the milestones counts; a re-worded port
// name or a container's weight is not a change anyone is told about.

export interface DetectedChange {
  kind: ShipmentChangeKind;
  oldValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const sameInstant = (a: Date | null, b: Date | null) =>
  a === null ? b === null : b !== null && a.getTime() === b.getTime();
const timeValue = (time: Date | null, status: TimeStatus | null) => ({ time: iso(time), status });
const placeKey = (code: string | null, name: string | null) => code ?? name?.trim().toUpperCase() ?? null;

function legValue(leg: LegState) {
  return {
    vesselName: leg.vesselName,
    imo: leg.imo,
    voyage: leg.voyage,
    loadingPort: leg.loadingPortLocode ?? leg.loadingPortName,
    dischargingPort: leg.dischargingPortLocode ?? leg.dischargingPortName,
  };
}

/** The vessels and voyages in order: a rollover, a swap or an added transhipment changes it. */
const vesselPlan = (s: HistoryState) =>
  s.vessels.map((l) => `${l.imo ?? l.vesselName?.trim().toUpperCase() ?? ""}/${l.voyage ?? ""}`).join(">");

/** The delivery ETA is its own figure only where delivery is inland of the port of discharge. */
const deliveryBeyondPort = (s: HistoryState) =>
  placeKey(s.placeOfDeliveryLocode, s.placeOfDeliveryName) !==
    placeKey(s.dischargingPortLocode, s.dischargingPortName) ||
  !sameInstant(s.placeOfDeliveryEta, s.arrivalTime);

export function detectChanges(prev: HistoryState, next: HistoryState): DetectedChange[] {
  const changes: DetectedChange[] = [];
  const add = (
    kind: ShipmentChangeKind,
    oldValue: DetectedChange["oldValue"],
    newValue: DetectedChange["newValue"],
  ) => changes.push({ kind, oldValue, newValue });

  if (!sameInstant(prev.departureTime, next.departureTime)) {
    add(
      "ETD",
      timeValue(prev.departureTime, prev.departureTimeStatus),
      timeValue(next.departureTime, next.departureTimeStatus),
    );
  }
  if (!sameInstant(prev.arrivalTime, next.arrivalTime)) {
    add(
      "ETA",
      timeValue(prev.arrivalTime, prev.arrivalTimeStatus),
      timeValue(next.arrivalTime, next.arrivalTimeStatus),
    );
  }
  if (
    !sameInstant(prev.placeOfDeliveryEta, next.placeOfDeliveryEta) &&
    (deliveryBeyondPort(prev) || deliveryBeyondPort(next))
  ) {
    add(
      "PLACE_OF_DELIVERY_ETA",
      {
        ...timeValue(prev.placeOfDeliveryEta, prev.placeOfDeliveryEtaStatus),
        place: prev.placeOfDeliveryName,
      },
      {
        ...timeValue(next.placeOfDeliveryEta, next.placeOfDeliveryEtaStatus),
        place: next.placeOfDeliveryName,
      },
    );
  }
  if (vesselPlan(prev) !== vesselPlan(next) && (prev.vessels.length > 0 || next.vessels.length > 0)) {
    add("VESSEL", { vessels: prev.vessels.map(legValue) }, { vessels: next.vessels.map(legValue) });
  }
  // Transhipped: a later leg's vessel left with the cargo (its departure became actual).
  next.vessels.forEach((leg, i) => {
    if (i === 0 || leg.departureTimeStatus !== "ACTUAL") return;
    const before = prev.vessels[i];
    const sameLeg =
      before && vesselPlan({ ...prev, vessels: [before] }) === vesselPlan({ ...next, vessels: [leg] });
    if (sameLeg && before.departureTimeStatus === "ACTUAL") return;
    const from = next.vessels[i - 1];
    add(
      "TRANSHIPMENT",
      from ? { ...legValue(from), arrival: timeValue(from.arrivalTime, from.arrivalTimeStatus) } : null,
      { ...legValue(leg), departure: timeValue(leg.departureTime, leg.departureTimeStatus), leg: i },
    );
  });
  if (next.arrivalTimeStatus === "ACTUAL" && prev.arrivalTimeStatus !== "ACTUAL") {
    add("ARRIVAL", timeValue(prev.arrivalTime, prev.arrivalTimeStatus), {
      ...timeValue(next.arrivalTime, next.arrivalTimeStatus),
      port: next.dischargingPortName,
    });
  }
  if (next.delivered && !prev.delivered) {
    add(
      "DELIVERY",
      { delivered: false },
      {
        delivered: true,
        place: next.placeOfDeliveryName,
        ...timeValue(next.placeOfDeliveryEta, next.placeOfDeliveryEtaStatus),
      },
    );
  }
  return changes;
}
