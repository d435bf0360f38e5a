import { carriesContainers } from "../../../../shared/carrier-rules";
import type { ShippingLine, TrackingType } from "../../../../shared/enums";
import { withCheckDigit } from "../inference/container-codes";
import { ownerCodesOf, SCAC } from "../inference/line-codes";
import { type Seaport, seaport } from "../ports";
import { type CallTimes, callTimes, HOUR_MS, nextSailing, type Service, serviceByCode } from "./fleet";
import { distanceNm } from "./geo";
import { servicesSoldBy } from "./network";
import { INLAND_LINKS, type InlandLink } from "./places";
import { Rng } from "./random";

// One tracked number's story, a pure function of (line, type, number) and the time: the route
// (services and transhipment ports) is fixed per number; the bookings repeat in cycles, each with
// its own sailings, rollover, cancellation and inland legs, so a number is always somewhere in a
// plausible life: booked, sailing, delivered, or done and waiting for the next booking.

const DAY_MS = 24 * HOUR_MS;

export interface ShipmentRef {
  line: ShippingLine;
  type: TrackingType;
  number: string;
}

export interface RouteLeg {
  svc: Service;
  /** Call indices on the service's loop; `to` may pass the loop's end (the ship's next sailing). */
  from: number;
  to: number;
}

export interface Box {
  containerNumber: string;
  isoCode: string;
}

export interface Scenario {
  ref: ShipmentRef;
  cycle: number;
  bookedAt: number;
  /** The next booking of the same number starts this much after this one. */
  cycleMs: number;
  route: RouteLeg[];
  /** The first leg's sailing as booked, and when (if ever) the cargo is rolled to the next one. */
  firstSailing: number;
  rolledAt: number | null;
  cancelledAt: number | null;
  preCarriage: InlandLink | null;
  onCarriage: InlandLink | null;
  boxes: Box[];
  bookingRef: string;
  blRef: string;
}

export interface LegInstance extends RouteLeg {
  sailing: number;
  /** Since when this sailing is the plan (booking, rollover or a missed connection). */
  since: number;
  dep: CallTimes;
  arr: CallTimes;
}

const locodeAt = (svc: Service, idx: number) => svc.calls[idx % svc.calls.length]?.locode as string;

/**
 * Whether a call's passage to the next one comes within 400 nm of a port, by service, call and
 * port. Bounded like the routes (at most 200,000, then started again).
 */
const passesNear = new Map<string, boolean>();
const PASSES_NEAR_MAX = 200_000;

function sailsPast(leg: RouteLeg, place: Seaport, wholeLeg: boolean): boolean {
  const n = leg.svc.calls.length;
  for (let i = leg.from; i < leg.to - (wholeLeg ? 0 : 1); i += 1) {
    const key = `${leg.svc.def.code}|${i % n}|${place.locode}`;
    let near = passesNear.get(key);
    if (near === undefined) {
      const path = leg.svc.calls[i % n]?.path ?? [];
      near = path.some((p) => distanceNm(p, place) < 400);
      if (passesNear.size >= PASSES_NEAR_MAX) passesNear.clear();
      passesNear.set(key, near);
    }
    if (near) return true;
  }
  return false;
}

/**
 * For each call of a service, where a line's other services call at the same port (each at its
 * first call there), in the order of the line's services: the transhipments tryRoute can choose.
 */
const connections = new Map<string, { svc: Service; from: number }[][]>();

function connectionsAt(line: ShippingLine, services: Service[], svc: Service) {
  const key = `${line}|${svc.def.code}`;
  let table = connections.get(key);
  if (!table) {
    table = svc.calls.map((call) =>
      services.flatMap((other) => {
        const from = other.calls.findIndex((c) => c.locode === call.locode);
        return from >= 0 ? [{ svc: other, from }] : [];
      }),
    );
    connections.set(key, table);
  }
  return table;
}

/** Scheduled hours from departure at `from` to arrival at `to`. */
function legHours(l: RouteLeg): number {
  const n = l.svc.calls.length;
  return (l.svc.arrH[l.to % n] as number) + (l.to >= n ? l.svc.loopH : 0) - (l.svc.depH[l.from] as number);
}

function legDistanceNm(leg: RouteLeg): number {
  let d = 0;
  for (let i = leg.from; i < leg.to; i += 1) d += leg.svc.calls[i % leg.svc.calls.length]?.distNm ?? 0;
  return d;
}

function tryRoute(
  line: ShippingLine,
  rng: Rng,
  services: Service[],
  transhipments: number,
): RouteLeg[] | null {
  let svc = rng.pick(services);
  let from = rng.int(0, svc.calls.length - 1);
  const pol = locodeAt(svc, from);
  const visited = new Set([pol]);
  const used = new Set([svc.def.code]);
  const legs: RouteLeg[] = [];
  for (let k = 0; k <= transhipments; k += 1) {
    const last = k === transhipments;
    const options: { to: number; next?: { svc: Service; from: number } }[] = [];
    const table = connectionsAt(line, services, svc);
    for (let to = from + 1; to < from + svc.calls.length; to += 1) {
      const code = locodeAt(svc, to);
      if (visited.has(code)) continue;
      if (last) options.push({ to });
      else
        for (const next of table[to % svc.calls.length] ?? [])
          if (!used.has(next.svc.def.code)) options.push({ to, next });
    }
    if (options.length === 0) return null;
    const choice = rng.pick(options);
    legs.push({ svc, from, to: choice.to });
    visited.add(locodeAt(svc, choice.to));
    if (choice.next) {
      svc = choice.next.svc;
      from = choice.next.from;
      used.add(svc.def.code);
    }
  }
  const a = seaport(pol);
  const b = seaport(locodeAt(svc, (legs[legs.length - 1] as RouteLeg).to));
  if (!a || !b || !plausible(line, legs, a, b)) return null;
  return legs;
}

/**
 * No detours and no cabotage: the ports are in different countries (except on Kambara's Japanese
 * coastal feeders), every leg is a real sea passage, every transhipment port lies between origin and
 * destination, the sea route stays within a sane multiple of the great-circle distance (Asia to
 * Europe by sea is 2.2 times it) and the whole passage within seven weeks.
 */
function plausible(line: ShippingLine, legs: RouteLeg[], pol: Seaport, pod: Seaport): boolean {
  if (pol.locode.slice(0, 2) === pod.locode.slice(0, 2) && line !== "KAMBARA") return false;
  const direct = distanceNm(pol, pod);
  let previous = pol;
  for (const leg of legs) {
    const to = seaport(locodeAt(leg.svc, leg.to));
    const from = seaport(locodeAt(leg.svc, leg.from));
    if (!to || !from || distanceNm(from, to) < 200) return false;
    const isHub = to !== pod;
    if (isHub && (distanceNm(to, pod) >= distanceNm(previous, pod) || distanceNm(pol, to) >= direct))
      return false;
    // A leg that sails past the destination and comes back to it later is a detour.
    if (sailsPast(leg, pod, isHub)) return false;
    previous = to;
  }
  const sea = legs.reduce((sum, l) => sum + legDistanceNm(l), 0);
  const days = legs.reduce((sum, l) => sum + legHours(l), 0) / 24 + 3 * (legs.length - 1);
  return sea <= (legs.length > 1 ? 2.3 : 2.6) * direct + 600 && days <= (legs.length > 1 ? 45 : 50);
}

const routeCache = new Map<string, RouteLeg[]>();

/** The number's route: direct for about half, one transhipment for a third, two for the rest. */
export function chooseRoute(ref: ShipmentRef): RouteLeg[] {
  const key = `${ref.line}|${ref.type}|${ref.number}`;
  const cached = routeCache.get(key);
  if (cached) return cached;
  if (routeCache.size > 50_000) routeCache.clear();
  const route = findRoute(ref);
  routeCache.set(key, route);
  return route;
}

function findRoute(ref: ShipmentRef): RouteLeg[] {
  const rng = new Rng(`route|${ref.line}|${ref.type}|${ref.number}`);
  const services = servicesSoldBy(ref.line).map((d) => serviceByCode(d.code));
  for (let ts = rng.weighted([55, 35, 10]); ts >= 0; ts -= 1) {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const route = tryRoute(ref.line, rng, services, ts);
      if (route) return route;
    }
  }
  const svc = services[0] as Service;
  return [{ svc, from: 0, to: 1 }];
}

function cycleLength(route: RouteLeg[]): number {
  const sailingH = route.reduce((h, l) => h + legHours(l), 0);
  // Cut-off, connections, a rollover week, delays, inland legs, delivery and empty return, then a tail.
  return Math.ceil(sailingH / 24 + 74 + 8 * (route.length - 1)) * DAY_MS;
}

const ISO_CODES = ["45G1", "22G1", "42G1", "45R1", "22T1"];

function boxesFor(ref: ShipmentRef): Box[] {
  if (!carriesContainers(ref.line)) return [];
  const rng = new Rng(`boxes|${ref.line}|${ref.type}|${ref.number}`);
  const main = ISO_CODES[rng.weighted([50, 25, 15, 7, 3])] as string;
  if (ref.type === "CONTAINER_NUMBER") return [{ containerNumber: ref.number, isoCode: main }];
  const count = 1 + rng.weighted([45, 25, 15, 10, 5]);
  const owners = ownerCodesOf(ref.line);
  return Array.from({ length: count }, () => ({
    containerNumber: withCheckDigit(`${rng.pick(owners)}${String(rng.int(0, 999999)).padStart(6, "0")}`),
    isoCode: rng.chance(0.85) ? main : (rng.pick(ISO_CODES) as string),
  }));
}

function references(ref: ShipmentRef): { bookingRef: string; blRef: string } {
  const rng = new Rng(`refs|${ref.line}|${ref.type}|${ref.number}`);
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join("");
  const scac = SCAC[ref.line] ?? ref.line.slice(0, 4);
  const bookingRef = ref.type === "BOOKING_NUMBER" ? ref.number : digits(10);
  const blRef = ref.type === "BILL_OF_LADING_NUMBER" ? ref.number : `${scac}${digits(10)}`.slice(0, 20);
  return { bookingRef, blRef };
}

/**
 * Each number's cycle length and offset, and its scenario of the cycle last asked for: a scenario
 * is a function of the number and the cycle only, and a carrier is asked about the same booking
 * again and again within one cycle. Bounded like the routes.
 */
const scenarioCache = new Map<string, { cycleMs: number; offset: number; cycle?: number; sc?: Scenario }>();

/** The booking cycle running at `at`. */
export function scenarioAt(ref: ShipmentRef, at: number): Scenario {
  const key = `${ref.line}|${ref.type}|${ref.number}`;
  let cached = scenarioCache.get(key);
  if (!cached) {
    const cycleMs = cycleLength(chooseRoute(ref));
    const minutes = Math.floor(
      new Rng(`offset|${ref.line}|${ref.type}|${ref.number}`).next() * (cycleMs / 60_000),
    );
    if (scenarioCache.size > 50_000) scenarioCache.clear();
    cached = { cycleMs, offset: minutes * 60_000 };
    scenarioCache.set(key, cached);
  }
  const cycle = Math.floor((at - cached.offset) / cached.cycleMs);
  if (cached.cycle !== cycle || !cached.sc) {
    cached.sc = scenarioOf(ref, cycle, cached.cycleMs, cached.offset);
    cached.cycle = cycle;
  }
  return cached.sc;
}

function scenarioOf(ref: ShipmentRef, cycle: number, cycleMs: number, offset: number): Scenario {
  const route = chooseRoute(ref);
  const bookedAt = cycle * cycleMs + offset;
  const rng = new Rng(`cycle|${ref.line}|${ref.type}|${ref.number}|${cycle}`);
  const first = route[0] as RouteLeg;
  const firstSailing = nextSailing(first.svc, first.from, bookedAt + rng.range(3, 10) * DAY_MS, "planned");
  const plannedDep = callTimes(first.svc, firstSailing, first.from).plannedDep;
  const rolledAt = rng.chance(0.07)
    ? Math.max(bookedAt + 12 * HOUR_MS, plannedDep - rng.range(24, 96) * HOUR_MS)
    : null;
  const cancelDraw = rng.next();
  const cancelledAt =
    ref.type === "BOOKING_NUMBER" && cancelDraw < 0.03
      ? bookedAt + 6 * HOUR_MS + rng.next() * Math.max(0, plannedDep - DAY_MS - bookedAt - 6 * HOUR_MS)
      : null;
  const boxes = boxesFor(ref);
  const pol = locodeAt(first.svc, first.from);
  const lastLeg = route[route.length - 1] as RouteLeg;
  const pod = locodeAt(lastLeg.svc, lastLeg.to);
  const pre = boxes.length && rng.chance(0.2) ? (INLAND_LINKS[pol] ?? []) : [];
  const on = boxes.length && rng.chance(0.25) ? (INLAND_LINKS[pod] ?? []) : [];
  return {
    ref,
    cycle,
    bookedAt,
    cycleMs,
    route,
    firstSailing,
    rolledAt,
    cancelledAt: cancelledAt === null ? null : Math.floor(cancelledAt / 60_000) * 60_000,
    preCarriage: pre.length ? rng.pick(pre) : null,
    onCarriage: on.length ? rng.pick(on) : null,
    boxes,
    ...references(ref),
  };
}

/**
 * The legs as the carrier sees them at `at`: the first on the booked sailing until a rollover moves
 * it a week later; each next one on the first connection by schedule, until two days before the
 * ship actually reaches the transhipment port, when a missed connection shows and the cargo moves
 * to the first sailing it can really make.
 */
export function legsAt(sc: Scenario, at: number): LegInstance[] {
  const legs: LegInstance[] = [];
  sc.route.forEach((leg, k) => {
    let sailing: number;
    let since: number;
    if (k === 0) {
      const rolled = sc.rolledAt !== null && at >= sc.rolledAt;
      sailing = sc.firstSailing + (rolled ? 1 : 0);
      since = rolled ? (sc.rolledAt as number) : sc.bookedAt;
    } else {
      const prev = legs[k - 1] as LegInstance;
      const planned = nextSailing(leg.svc, leg.from, prev.arr.plannedArr + DAY_MS, "planned");
      const actual = Math.max(
        planned,
        nextSailing(leg.svc, leg.from, prev.arr.actualArr + 12 * HOUR_MS, "actual"),
      );
      const decided = prev.arr.actualArr - 2 * DAY_MS;
      sailing = at < decided ? planned : actual;
      since = at >= decided && actual !== planned ? decided : prev.since;
    }
    legs.push({
      ...leg,
      sailing,
      since,
      dep: callTimes(leg.svc, sailing, leg.from),
      arr: callTimes(leg.svc, sailing, leg.to),
    });
  });
  return legs;
}
