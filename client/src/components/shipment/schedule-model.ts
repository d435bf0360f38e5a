import type { HistoryVessel, Place, ShipmentHistoryEntry } from "./types";

// The voyage as a sequence of stops and legs, from one history entry: what the schedule lists and
// what the map draws. Pure, so the rules (transhipments, missing legs) are unit-tested.

export interface TimedValue {
  time: string | null;
  status: string | null;
}

export type StopKind = "receipt" | "loading" | "transhipment" | "discharging" | "delivery";

export interface Stop {
  kind: StopKind;
  place: Place | null;
  arrival: TimedValue | null;
  departure: TimedValue | null;
}

export interface Leg {
  sequence: number;
  vesselName: string | null;
  voyage: string | null;
}

export type ScheduleItem = { type: "stop"; stop: Stop } | { type: "leg"; leg: Leg };

/** Two places are the same port when their UN/LOCODEs match, or, lacking codes, their names. */
export function samePlace(a: Place | null | undefined, b: Place | null | undefined): boolean {
  if (!a || !b) return false;
  if (a.locode && b.locode) return a.locode === b.locode;
  return !!a.name && a.name === b.name;
}

const timed = (time: string | null, status: string | null): TimedValue => ({ time, status });

function legsOf(history: ShipmentHistoryEntry): HistoryVessel[] {
  return [...history.vessels].sort((a, b) => a.sequence - b.sequence);
}

/**
 * Receipt → loading port → (transhipment ports) → discharging port → delivery. With legs, each
 * port between two legs is a transhipment with the arrival of one and the departure of the next;
 * without legs the history's own ports and times stand alone. Receipt and delivery are listed only
 * when they are somewhere else than the ports (or carry their own ETA).
 */
export function scheduleItems(history: ShipmentHistoryEntry): ScheduleItem[] {
  const items: ScheduleItem[] = [];
  const legs = legsOf(history);
  const loadingPort = legs[0]?.loadingPort ?? history.loadingPort;
  const dischargingPort = legs.at(-1)?.dischargingPort ?? history.dischargingPort;

  if (history.placeOfReceipt && !samePlace(history.placeOfReceipt, loadingPort)) {
    items.push({
      type: "stop",
      stop: { kind: "receipt", place: history.placeOfReceipt, arrival: null, departure: null },
    });
  }
  if (legs.length === 0) {
    items.push({
      type: "stop",
      stop: {
        kind: "loading",
        place: history.loadingPort,
        arrival: null,
        departure: timed(history.departureTime, history.departureTimeStatus),
      },
    });
    items.push({ type: "leg", leg: { sequence: 1, vesselName: history.vesselVoyage, voyage: null } });
    items.push({
      type: "stop",
      stop: {
        kind: "discharging",
        place: history.dischargingPort,
        arrival: timed(history.arrivalTime, history.arrivalTimeStatus),
        departure: null,
      },
    });
  } else {
    legs.forEach((leg, index) => {
      const previous = legs[index - 1];
      items.push({
        type: "stop",
        stop: {
          kind: index === 0 ? "loading" : "transhipment",
          place: leg.loadingPort ?? previous?.dischargingPort ?? null,
          arrival: previous ? timed(previous.arrivalTime, previous.arrivalTimeStatus) : null,
          departure: timed(leg.departureTime, leg.departureTimeStatus),
        },
      });
      items.push({
        type: "leg",
        leg: { sequence: index + 1, vesselName: leg.vesselName, voyage: leg.voyage },
      });
    });
    const last = legs.at(-1);
    items.push({
      type: "stop",
      stop: {
        kind: "discharging",
        place: dischargingPort,
        arrival: last ? timed(last.arrivalTime, last.arrivalTimeStatus) : null,
        departure: null,
      },
    });
  }
  const deliveryElsewhere = history.placeOfDelivery && !samePlace(history.placeOfDelivery, dischargingPort);
  if (
    deliveryElsewhere ||
    (history.placeOfDelivery &&
      history.placeOfDeliveryEta &&
      history.placeOfDeliveryEta !== history.arrivalTime)
  ) {
    items.push({
      type: "stop",
      stop: {
        kind: "delivery",
        place: history.placeOfDelivery,
        arrival: timed(history.placeOfDeliveryEta, history.placeOfDeliveryEtaStatus),
        departure: null,
      },
    });
  }
  return items;
}

/** Ports where the cargo changes vessel. */
export function transhipmentCount(history: ShipmentHistoryEntry): number {
  return Math.max(0, history.vessels.length - 1);
}

export interface RoutePoint {
  name: string;
  locode: string | null;
  longitude: number;
  latitude: number;
  kind: StopKind;
}

/** The stops that have coordinates, in order, without a port repeated back to back: the map's route. */
export function routePoints(history: ShipmentHistoryEntry): RoutePoint[] {
  const points: RoutePoint[] = [];
  for (const item of scheduleItems(history)) {
    if (item.type !== "stop") continue;
    const place = item.stop.place;
    if (!place || place.latitude === null || place.longitude === null) continue;
    const last = points.at(-1);
    if (last && last.latitude === place.latitude && last.longitude === place.longitude) continue;
    points.push({
      name: place.name ?? place.locode ?? "",
      locode: place.locode,
      longitude: place.longitude,
      latitude: place.latitude,
      kind: item.stop.kind,
    });
  }
  return points;
}
