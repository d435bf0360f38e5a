import { seaport } from "../ports";
import { type LatLon, pathLengthNm, pointAlong } from "./geo";
import { SERVICES, type ServiceDef } from "./network";
import { utcOffsetMinutes } from "./places";
import { Rng, unit } from "./random";
import { newVesselIdentity, type VesselIdentity } from "./vessels";

// Service schedules: each service is a weekly loop sailed by `vesselCount` ships a week apart.
// A sailing is numbered by its week (V): it starts at call 0 at EPOCH + phase + V weeks, and ship
// slot V mod vesselCount sails it. Actual times differ from the schedule by delays drawn per
// sailing, bounded by what the ship can make up at full speed, so that every loop ends on time.

export const HOUR_MS = 3_600_000;
export const WEEK_MS = 168 * HOUR_MS;
/** A Monday; sailing weeks count from here. */
export const EPOCH_MS = Date.UTC(2020, 0, 6);
const DESIGN_SPEED_KN = 16.5;
const MAX_SPEED_KN = 22;
const DWELL_H = 20;
const MIN_DWELL_H = 8;

export interface Call {
  locode: string;
  name: string;
  lat: number;
  lon: number;
  offsetMinutes: number;
  /** This call, the waypoints, then the next call. */
  path: LatLon[];
  distNm: number;
}

export interface Service {
  def: ServiceDef;
  calls: Call[];
  /** Planned arrival and departure at each call, in hours from the sailing's start. */
  arrH: number[];
  depH: number[];
  loopH: number;
  vesselCount: number;
  phaseMs: number;
  vessels: VesselIdentity[];
  /** Hours a sailing can make up between each call and the loop's end. */
  slackH: number[];
}

const LOCODE = /^[A-Z]{2}[A-Z0-9]{3}$/;

function parseCalls(def: ServiceDef): Call[] {
  const calls: { locode: string; name: string; lat: number; lon: number; waypoints: LatLon[] }[] = [];
  for (const token of def.rotation.split(/\s+/).filter(Boolean)) {
    if (LOCODE.test(token)) {
      const port = seaport(token);
      if (!port) throw new Error(`service ${def.code}: ${token} is not in the seaport table`);
      calls.push({ locode: token, name: port.name, lat: port.lat, lon: port.lon, waypoints: [] });
    } else {
      const [lat, lon] = token.split(",").map(Number);
      const last = calls[calls.length - 1];
      if (!last || lat === undefined || lon === undefined || Number.isNaN(lat) || Number.isNaN(lon)) {
        throw new Error(`service ${def.code}: bad token ${token}`);
      }
      last.waypoints.push({ lat, lon });
    }
  }
  return calls.map((c, i) => {
    const next = calls[(i + 1) % calls.length] as (typeof calls)[number];
    const path = [{ lat: c.lat, lon: c.lon }, ...c.waypoints, { lat: next.lat, lon: next.lon }];
    return {
      locode: c.locode,
      name: c.name,
      lat: c.lat,
      lon: c.lon,
      offsetMinutes: utcOffsetMinutes(c.locode, c.lon),
      path,
      distNm: pathLengthNm(path),
    };
  });
}

function buildService(def: ServiceDef): Omit<Service, "vessels"> {
  const calls = parseCalls(def);
  const arrH: number[] = [];
  const depH: number[] = [];
  let t = 0;
  // Published schedules are in whole hours.
  calls.forEach((c, j) => {
    arrH[j] = Math.round(t);
    depH[j] = Math.round(t) + DWELL_H;
    t = (depH[j] as number) + c.distNm / DESIGN_SPEED_KN;
  });
  // The loop rounds up to whole weeks (plus a margin): the difference is the schedule's buffer.
  const vesselCount = Math.max(1, Math.ceil((t * 1.06) / 168));
  const loopH = vesselCount * 168;
  const slackH: number[] = [];
  let slack = loopH - t;
  for (let j = calls.length - 1; j >= 0; j -= 1) {
    const c = calls[j] as Call;
    slack += c.distNm / DESIGN_SPEED_KN - c.distNm / MAX_SPEED_KN;
    slackH[j] = slack;
    slack += DWELL_H - MIN_DWELL_H;
  }
  const phaseMs = Math.floor(unit(`phase|${def.code}`) * 168) * HOUR_MS;
  return { def, calls, arrH, depH, loopH, vesselCount, phaseMs, slackH };
}

let fleet: Service[] | null = null;

/** Every simulated service with its ships; built once (ship identities are assigned in order). */
export function allServices(): Service[] {
  if (!fleet) {
    fleet = SERVICES.map((def) => {
      const s = buildService(def);
      const vessels = Array.from({ length: s.vesselCount }, (_, slot) =>
        newVesselIdentity(def.operator, `${def.code}|${slot}`),
      );
      return { ...s, vessels };
    });
  }
  return fleet;
}

export function serviceByCode(code: string): Service {
  const s = allServices().find((x) => x.def.code === code);
  if (!s) throw new Error(`unknown service ${code}`);
  return s;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

export function sailingStartMs(svc: Service, V: number): number {
  return EPOCH_MS + svc.phaseMs + V * WEEK_MS;
}

export function vesselOf(svc: Service, V: number): VesselIdentity {
  return svc.vessels[mod(V, svc.vesselCount)] as VesselIdentity;
}

/** Delay in hours at each call's arrival and departure for one sailing. */
interface Delays {
  arr: number[];
  dep: number[];
}

const delayCache = new Map<string, Delays>();

function delays(svc: Service, V: number): Delays {
  const key = `${svc.def.code}|${V}`;
  const cached = delayCache.get(key);
  if (cached) return cached;
  const rng = new Rng(`sail|${key}`);
  const n = svc.calls.length;
  const arr = [0];
  const dep = [Math.min(rng.range(-2, 8), svc.slackH[0] as number)];
  for (let j = 1; j < n; j += 1) {
    const prev = svc.calls[j - 1] as Call;
    const plannedLeg = (svc.arrH[j] as number) - (svc.depH[j - 1] as number);
    const fastest = prev.distNm / MAX_SPEED_KN;
    const r = rng.next();
    const noise = r < 0.7 ? rng.range(-6, 10) : r < 0.93 ? rng.range(10, 30) : rng.range(30, 72);
    const cap = (svc.slackH[j] as number) + DWELL_H - MIN_DWELL_H;
    let d = Math.max((dep[j - 1] as number) * 0.6 + noise, (dep[j - 1] as number) - (plannedLeg - fastest));
    d = Math.min(Math.max(d, -12), cap);
    arr[j] = d;
    const minDep = d - (DWELL_H - MIN_DWELL_H);
    dep[j] = Math.min(Math.max(minDep, d + rng.range(-4, 8)), svc.slackH[j] as number);
  }
  const result = { arr, dep };
  if (delayCache.size > 20_000) delayCache.clear();
  delayCache.set(key, result);
  return result;
}

export interface CallTimes {
  call: Call;
  /** The sailing's call index within its loop, and the sailing the call belongs to. */
  index: number;
  sailing: number;
  plannedArr: number;
  plannedDep: number;
  actualArr: number;
  actualDep: number;
}

const roundMinute = (ms: number) => Math.round(ms / 60_000) * 60_000;

/** Times of call `idx` of sailing V; idx past the loop's end continues on the ship's next sailing. */
export function callTimes(svc: Service, V: number, idx: number): CallTimes {
  const n = svc.calls.length;
  const j = mod(idx, n);
  const sailing = V + Math.floor(idx / n) * svc.vesselCount;
  const start = sailingStartMs(svc, sailing);
  const d = delays(svc, sailing);
  const plannedArr = start + (svc.arrH[j] as number) * HOUR_MS;
  const plannedDep = start + (svc.depH[j] as number) * HOUR_MS;
  return {
    call: svc.calls[j] as Call,
    index: j,
    sailing,
    plannedArr,
    plannedDep,
    actualArr: roundMinute(plannedArr + (d.arr[j] as number) * HOUR_MS),
    actualDep: roundMinute(plannedDep + (d.dep[j] as number) * HOUR_MS),
  };
}

/** The first sailing whose planned (or actual) departure from call `idx` is at or after `notBefore`. */
export function nextSailing(svc: Service, idx: number, notBefore: number, by: "planned" | "actual"): number {
  const offset = (svc.depH[mod(idx, svc.calls.length)] as number) * HOUR_MS;
  let V = Math.ceil((notBefore - EPOCH_MS - svc.phaseMs - offset) / WEEK_MS);
  if (by === "planned") return V;
  V -= 2;
  while (callTimes(svc, V, idx).actualDep < notBefore) V += 1;
  return V;
}

/** A voyage's direction letter at call k of a service's loop. */
function voyageLetter(svc: Service, k: number): string {
  return k < svc.def.turnAt ? svc.def.directions[0] : svc.def.directions[1];
}

/** A sailing's three-digit voyage number. */
const voyageDigits = (s: number) => String(mod(s, 900) + 100);

export function voyageNumber(svc: Service, V: number, idx: number, kind: "export" | "import"): string {
  const n = svc.calls.length;
  const j = mod(idx, n);
  const sailing = V + Math.floor(idx / n) * svc.vesselCount;
  if (kind === "export") return `${voyageDigits(sailing)}${voyageLetter(svc, j)}`;
  return j === 0
    ? `${voyageDigits(sailing - svc.vesselCount)}${voyageLetter(svc, n - 1)}`
    : `${voyageDigits(sailing)}${voyageLetter(svc, j - 1)}`;
}

export interface FleetPosition {
  service: Service;
  sailing: number;
  vessel: VesselIdentity;
  lat: number;
  lon: number;
  /** Knots over ground and course in degrees; 0 and the last course while alongside. */
  sog: number;
  cog: number;
  atPort: string | null;
}

/** Where ship `slot` of a service is at `at`, from the sailing's actual times. */
export function shipPosition(svc: Service, slot: number, at: number): FleetPosition {
  const base = EPOCH_MS + svc.phaseMs + slot * WEEK_MS;
  const k = Math.floor((at - base) / (svc.loopH * HOUR_MS));
  const V = k * svc.vesselCount + slot;
  const vessel = vesselOf(svc, V);
  const n = svc.calls.length;
  for (let j = 0; j < n; j += 1) {
    const t = callTimes(svc, V, j);
    const nextArr = j + 1 < n ? callTimes(svc, V, j + 1).actualArr : sailingStartMs(svc, V + svc.vesselCount);
    const c = t.call;
    if (at < t.actualDep) {
      return { service: svc, sailing: V, vessel, lat: c.lat, lon: c.lon, sog: 0, cog: 0, atPort: c.locode };
    }
    if (at < nextArr) {
      const hours = (nextArr - t.actualDep) / HOUR_MS;
      const along = ((at - t.actualDep) / (nextArr - t.actualDep)) * c.distNm;
      const { point, course } = pointAlong(c.path, along);
      const sog = Math.round((c.distNm / hours) * 10) / 10;
      return {
        service: svc,
        sailing: V,
        vessel,
        ...point,
        sog,
        cog: Math.round(course * 10) / 10,
        atPort: null,
      };
    }
  }
  const c = svc.calls[0] as Call;
  return { service: svc, sailing: V, vessel, lat: c.lat, lon: c.lon, sog: 0, cog: 0, atPort: c.locode };
}
