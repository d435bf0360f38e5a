import { isoSeconds } from "../../../core/iso-time";
import { SCAC } from "../inference/line-codes";
import { seaport } from "../ports";
import { type CallTimes, HOUR_MS, vesselOf, voyageNumber } from "./fleet";
import { localIso, utcOffsetMinutes } from "./places";
import { Rng, sharedUnit, uuidFrom } from "./random";
import { type LegInstance, legsAt, type Scenario, type ShipmentRef, scenarioAt } from "./voyage";

// The DCSA T&T 2.2 events a carrier would have published about a number by a given time: plans
// when the booking is made, estimates revised once a day as the ship nears, actuals shortly after
// they happen. Estimates are shared by every shipment on the same sailing, as a real ship's are.

type Json = Record<string, unknown>;
const DAY_MS = 24 * HOUR_MS;
const ESTIMATES_FROM_MS = 14 * DAY_MS;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** The time to the second, written as carriers do (no milliseconds). */
const utc = (ms: number) => isoSeconds(ms, "Z");

function local(ms: number, locode: string): string {
  return localIso(ms, utcOffsetMinutes(locode, seaport(locode)?.lon ?? 0));
}

/** How long after the fact a carrier reports an actual: 15 to 90 minutes. */
const reportLag = (key: string) => Math.round(15 + sharedUnit(`lag|${key}`) * 75) * 60_000;

/**
 * The carrier's estimate of planned time P (actual A) as published in the daily revision before
 * `at`: it drifts towards the real delay from ten days out and wobbles less as the event nears (not
 * at all in the last day and a half), so ETAs slip and recover and settle on the actual time.
 */
export function estimateAt(key: string, P: number, A: number, at: number, since: number) {
  const phase = sharedUnit(`estphase|${key}`) * DAY_MS;
  const revision = Math.floor((at - phase) / DAY_MS);
  const created = Math.max(since, revision * DAY_MS + phase);
  const horizonH = (A - created) / HOUR_MS;
  const weight = clamp(1 - (horizonH - 48) / 192, 0, 1);
  const wobbleH = Math.min(18, (Math.abs(A - P) / HOUR_MS) * 0.5 + 6) * clamp((horizonH - 36) / 84, 0, 1);
  const noise = sharedUnit(`est|${key}|${revision}`) * 2 - 1;
  const value = Math.max(P + (A - P) * weight + noise * wobbleH * HOUR_MS, created + HOUR_MS);
  return { value: Math.round(value / HOUR_MS) * HOUR_MS, created };
}

class Feed {
  /** Each event with its creation time (to the second, as published), for the order of the feed. */
  readonly #entries: { created: number; event: Json }[] = [];
  /** The booking and bill of lading every event refers to (one list, serialized in each). */
  readonly docs: Json[];
  /** Each event's id is seeded from this and the event's key. */
  readonly #idSeed: string;
  constructor(
    readonly sc: Scenario,
    readonly at: number,
  ) {
    this.docs = [
      { documentReferenceType: "BKG", documentReferenceValue: sc.bookingRef },
      { documentReferenceType: "TRD", documentReferenceValue: sc.blRef },
    ];
    this.#idSeed = `ev|${sc.ref.line}|${sc.ref.type}|${sc.ref.number}|${sc.cycle}|`;
  }
  /** An event published at `created`; its body is built only when it is published by `at`. */
  add(key: string, created: number, body: () => Json) {
    if (created > this.at) return;
    const eventID = uuidFrom(`${this.#idSeed}${key}`);
    this.#entries.push({
      created: Math.floor(created / 1000) * 1000,
      event: { eventID, eventCreatedDateTime: utc(created), ...body() },
    });
  }
  /** The feed in publication order: creation time, then event id. */
  sorted(): Json[] {
    return this.#entries
      .sort((a, b) => a.created - b.created || String(a.event.eventID).localeCompare(String(b.event.eventID)))
      .map((e) => e.event);
  }
  /** A plan, then the latest estimate or the actual once reported. */
  milestone(key: string, call: Json, kind: "ARRI" | "DEPA", P: number, A: number, since: number) {
    const locode = call.UNLocationCode as string;
    const base = {
      eventType: "TRANSPORT",
      transportEventTypeCode: kind,
      transportCall: call,
      documentReferences: this.docs,
    };
    this.add(`${key}|PLN|${since}`, since, () => ({
      ...base,
      eventClassifierCode: "PLN",
      eventDateTime: local(P, locode),
    }));
    const lag = reportLag(key);
    if (this.at >= A + lag) {
      this.add(`${key}|ACT`, A + lag, () => ({
        ...base,
        eventClassifierCode: "ACT",
        eventDateTime: local(A, locode),
      }));
    } else if (this.at >= P - ESTIMATES_FROM_MS) {
      const est = estimateAt(key, P, A, this.at, since);
      this.add(`${key}|EST|${est.created}`, est.created, () => ({
        ...base,
        eventClassifierCode: "EST",
        eventDateTime: local(est.value, locode),
      }));
    }
  }
  equipment(
    key: string,
    at: number,
    code: string,
    box: { containerNumber: string; isoCode: string },
    extra: Json,
  ) {
    const time = Math.round(at / 60_000) * 60_000;
    this.add(key, time + reportLag(key), () => {
      const locode = (extra.locode as string) ?? "";
      const { locode: _, ...rest } = extra;
      return {
        eventType: "EQUIPMENT",
        eventClassifierCode: "ACT",
        eventDateTime: local(time, locode),
        equipmentEventTypeCode: code,
        equipmentReference: box.containerNumber,
        ISOEquipmentCode: box.isoCode,
        eventLocation: { UNLocationCode: locode },
        documentReferences: this.docs,
        ...rest,
      };
    });
  }
  shipment(key: string, at: number, code: string, documentTypeCode: string, documentID: string) {
    this.add(key, at, () => ({
      eventType: "SHIPMENT",
      eventClassifierCode: "ACT",
      eventDateTime: utc(at),
      shipmentEventTypeCode: code,
      documentTypeCode,
      documentID,
    }));
  }
}

const VESSEL_CALLS_MAX = 20_000;
/**
 * Transport calls by service, sailing and call, as every answer about that sailing repeats them (a
 * box's load and discharge repeat the leg's): built once and shared, never changed after. Bounded
 * like the scenarios (at most 20,000, then started again).
 */
const vesselCalls = new Map<string, Json>();

function vesselCall(leg: LegInstance, t: CallTimes): Json {
  const key = `${leg.svc.def.code}|${t.sailing}|${t.index}`;
  let call = vesselCalls.get(key);
  if (!call) {
    if (vesselCalls.size >= VESSEL_CALLS_MAX) vesselCalls.clear();
    call = newVesselCall(leg, t);
    vesselCalls.set(key, call);
  }
  return call;
}

function newVesselCall(leg: LegInstance, t: CallTimes): Json {
  const svc = leg.svc;
  const vessel = vesselOf(svc, t.sailing);
  return {
    transportCallID: uuidFrom(`tc|${svc.def.code}|${t.sailing}|${t.index}`),
    carrierServiceCode: svc.def.code,
    exportVoyageNumber: voyageNumber(svc, t.sailing, t.index, "export"),
    importVoyageNumber: voyageNumber(svc, t.sailing, t.index, "import"),
    transportCallSequenceNumber: t.index + 1,
    UNLocationCode: t.call.locode,
    facilityTypeCode: "POTE",
    modeOfTransport: "VESSEL",
    vessel: {
      vesselIMONumber: vessel.imo,
      vesselName: vessel.name,
      vesselFlag: vessel.flag,
      vesselCallSignNumber: vessel.callSign,
      vesselOperatorCarrierCode: SCAC[svc.def.operator] ?? svc.def.operator.slice(0, 10),
      vesselOperatorCarrierCodeListProvider: "NMFTA",
    },
  };
}

const milestoneKey = (leg: LegInstance, t: CallTimes, kind: string) =>
  `${leg.svc.def.code}|${t.sailing}|${t.index}|${kind}`;

/** Pre-carriage from an inland terminal to the port, timed for the sailing as first booked. */
function preCarriage(sc: Scenario, firstDep: number) {
  const link = sc.preCarriage;
  if (!link) return null;
  const rng = new Rng(`pre|${sc.ref.line}|${sc.ref.number}|${sc.cycle}`);
  const arrive = firstDep - Math.round(rng.range(24, 60)) * HOUR_MS;
  const depart = arrive - link.hours * HOUR_MS;
  if (depart - 48 * HOUR_MS < sc.bookedAt + 6 * HOUR_MS) return null;
  const slip = () => Math.round(rng.range(-120, 360)) * 60_000;
  return { link, depart, arrive, actualDepart: depart + slip(), actualArrive: arrive + slip() };
}

function carriageCall(sc: Scenario, id: string, locode: string, mode: string, facility: string): Json {
  const transportCallID = uuidFrom(`tc|${sc.ref.line}|${sc.ref.number}|${sc.cycle}|${id}`);
  return { transportCallID, UNLocationCode: locode, facilityTypeCode: facility, modeOfTransport: mode };
}

export function renderEvents(sc: Scenario, at: number): Json[] {
  // A cancelled booking stops where it was cancelled.
  const until = sc.cancelledAt !== null ? Math.min(at, sc.cancelledAt) : at;
  const feed = new Feed(sc, until);
  const legs = legsAt(sc, until);
  const first = legs[0] as LegInstance;
  const last = legs[legs.length - 1] as LegInstance;
  const rng = new Rng(`ship|${sc.ref.line}|${sc.ref.type}|${sc.ref.number}|${sc.cycle}`);

  feed.shipment("BKG|RECE", sc.bookedAt, "RECE", "BKG", sc.bookingRef);
  feed.shipment("BKG|CONF", sc.bookedAt + rng.range(2, 20) * HOUR_MS, "CONF", "BKG", sc.bookingRef);
  feed.shipment("TRD|ISSU", first.dep.actualDep + rng.range(12, 48) * HOUR_MS, "ISSU", "TRD", sc.blRef);

  for (const leg of legs) {
    const depCall = vesselCall(leg, leg.dep);
    const arrCall = vesselCall(leg, leg.arr);
    const depKey = milestoneKey(leg, leg.dep, "DEPA");
    const arrKey = milestoneKey(leg, leg.arr, "ARRI");
    feed.milestone(depKey, depCall, "DEPA", leg.dep.plannedDep, leg.dep.actualDep, leg.since);
    feed.milestone(arrKey, arrCall, "ARRI", leg.arr.plannedArr, leg.arr.actualArr, leg.since);
  }

  const booked = legsAt(sc, sc.bookedAt)[0] as LegInstance;
  const pre = preCarriage(sc, booked.dep.plannedDep);
  if (pre) {
    const from = carriageCall(sc, "pre|dep", pre.link.locode, pre.link.mode, "INTE");
    const to = carriageCall(sc, "pre|arr", first.dep.call.locode, pre.link.mode, "POTE");
    const key = `${sc.ref.line}|${sc.ref.number}|${sc.cycle}|pre`;
    feed.milestone(`${key}|DEPA`, from, "DEPA", pre.depart, pre.actualDepart, sc.bookedAt);
    feed.milestone(`${key}|ARRI`, to, "ARRI", pre.arrive, pre.actualArrive, sc.bookedAt);
  }

  const on = sc.onCarriage;
  const onGap = Math.round(rng.range(24, 72)) * HOUR_MS;
  const onDepart = last.arr.actualArr + onGap;
  const onArrive = on ? onDepart + Math.round(on.hours * rng.range(57, 69)) * 60_000 : onDepart;
  if (on) {
    const from = carriageCall(sc, "on|dep", last.arr.call.locode, on.mode, "POTE");
    const to = carriageCall(sc, "on|arr", on.locode, on.mode, "INTE");
    const plannedDepart = last.arr.plannedArr + onGap;
    const key = `${sc.ref.line}|${sc.ref.number}|${sc.cycle}|on`;
    feed.milestone(`${key}|DEPA`, from, "DEPA", plannedDepart, onDepart, last.since);
    feed.milestone(`${key}|ARRI`, to, "ARRI", plannedDepart + on.hours * HOUR_MS, onArrive, last.since);
  }

  sc.boxes.forEach((box, i) => {
    const r = new Rng(`box|${sc.ref.line}|${sc.ref.number}|${sc.cycle}|${i}`);
    const k = `box${i}`;
    const origin = pre ? pre.link.locode : first.dep.call.locode;
    const gateIn = Math.max(
      sc.bookedAt + 12 * HOUR_MS,
      pre ? pre.depart - r.range(6, 18) * HOUR_MS : booked.dep.plannedDep - r.range(36, 96) * HOUR_MS,
    );
    const release = Math.max(sc.bookedAt + 6 * HOUR_MS, gateIn - r.range(24, 96) * HOUR_MS);
    feed.equipment(`${k}|release`, release, "GTOT", box, { locode: origin, emptyIndicatorCode: "EMPTY" });
    feed.equipment(`${k}|gatein`, gateIn, "GTIN", box, { locode: origin, emptyIndicatorCode: "LADEN" });
    let disc = 0;
    legs.forEach((leg, n) => {
      const load = Math.max(leg.dep.actualDep - r.range(4, 12) * HOUR_MS, disc + HOUR_MS);
      disc = leg.arr.actualArr + r.range(4, n === legs.length - 1 ? 20 : 16) * HOUR_MS;
      const laden = { emptyIndicatorCode: "LADEN" };
      feed.equipment(`${k}|load${n}`, load, "LOAD", box, {
        ...laden,
        locode: leg.dep.call.locode,
        transportCall: vesselCall(leg, leg.dep),
      });
      feed.equipment(`${k}|disc${n}`, disc, "DISC", box, {
        ...laden,
        locode: leg.arr.call.locode,
        transportCall: vesselCall(leg, leg.arr),
      });
    });
    const deliveredAt = on ? on.locode : last.arr.call.locode;
    const gateOut = on ? onArrive + r.range(12, 72) * HOUR_MS : disc + r.range(24, 120) * HOUR_MS;
    const returned = gateOut + r.range(48, 216) * HOUR_MS;
    feed.equipment(`${k}|gateout`, gateOut, "GTOT", box, {
      locode: deliveredAt,
      emptyIndicatorCode: "LADEN",
    });
    feed.equipment(`${k}|return`, returned, "GTIN", box, {
      locode: deliveredAt,
      emptyIndicatorCode: "EMPTY",
    });
  });

  if (sc.cancelledAt !== null && at >= sc.cancelledAt) {
    const cancelledAt = sc.cancelledAt;
    feed.add("BKG|VOID", cancelledAt, () => ({
      eventType: "SHIPMENT",
      eventClassifierCode: "ACT",
      eventDateTime: utc(cancelledAt),
      shipmentEventTypeCode: "VOID",
      documentTypeCode: "BKG",
      documentID: sc.bookingRef,
      reason: "Booking cancelled",
    }));
  }
  return feed.sorted();
}

/** Every event the carrier has published about the number by `at`. */
export function simulatedEvents(ref: ShipmentRef, at: Date): Json[] {
  return renderEvents(scenarioAt(ref, at.getTime()), at.getTime());
}
