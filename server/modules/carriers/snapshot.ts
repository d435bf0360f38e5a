import crypto, { createHash } from "node:crypto";
import { isoUtc, parseIsoTime } from "../../core/iso-time";
import type { ContainerInfo, TrackingSnapshot } from "./carriers.types";

// The tracking engine writes a history row only when a snapshot changed, so equal content must
// hash equally whatever order the carrier listed things in or the keys were built in.

/** JSON with object keys sorted at every level; undefined members are left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** Containers in container-number order (vessels keep voyage order, which is meaningful). */
export function normalizeSnapshot(snapshot: TrackingSnapshot): TrackingSnapshot {
  const containers = [...snapshot.containers].sort(byContainerNumber);
  return { ...snapshot, containers };
}

/** The snapshot's time fields: departureTime, gateInTime, placeOfDeliveryEta and the like. */
const TIME_KEY = /(Time|Eta)$/;

function utcTimes(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    if (!TIME_KEY.test(key)) return value;
    const at = Date.parse(value);
    return Number.isNaN(at) ? value : new Date(at).toISOString();
  }
  if (Array.isArray(value)) return value.map((v) => utcTimes(v, key));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, utcTimes(v, k)]));
}

/**
 * The snapshot with every time written in UTC. The same instant written with another offset
 * (`-08:00` one day, `Z` the next) is no change; the snapshot the engine keeps still carries the
 * port's offset, which dates a requested-date delay at the port.
 */
export function inUtc(snapshot: TrackingSnapshot): TrackingSnapshot {
  return utcTimes(snapshot) as TrackingSnapshot;
}

/**
 * The text the hash is taken of: the canonical JSON of the normalized snapshot, its times in UTC.
 * Every stored history's hash is of this text, so it must never change for the same snapshot
 * (a different text would write a new history, and tell every subscriber, once for every shipment).
 */
export function canonicalSnapshotJson(snapshot: TrackingSnapshot): string {
  return canonicalJson(normalizeSnapshot(inUtc(snapshot)));
}

/** Hex sha256 of canonicalSnapshotJson. */
export function snapshotHash(snapshot: TrackingSnapshot): string {
  return sha256Hex(fastCanonicalSnapshotJson(snapshot) ?? canonicalSnapshotJson(snapshot));
}

const sha256Hex: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "hex")
    : (text) => createHash("sha256").update(text).digest("hex");

// canonicalSnapshotJson written out for the snapshot's own shape: the same text, built in one pass
// without the copies the generic path makes (it cost a refresh more than the rest of its mapping).
// Keys are sorted by the generic path's own rule once, at load. Anything the shapes below do not
// describe (another key, a value of another kind) makes it answer undefined, and the generic path
// decides; snapshot.test.ts compares both on generated snapshots.

interface Shape {
  /** Sorted as canonicalJson sorts, each with its JSON-quoted form. */
  keys: { key: string; quoted: string; time: boolean; object?: Shape; list?: Shape }[];
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function shape(
  keys: string[],
  objects: Record<string, Shape> = {},
  lists: Record<string, Shape> = {},
): Shape {
  return {
    keys: [...keys].sort(byKey).map((key) => ({
      key,
      quoted: JSON.stringify(key),
      time: TIME_KEY.test(key),
      ...(objects[key] ? { object: objects[key] } : {}),
      ...(lists[key] ? { list: lists[key] } : {}),
    })),
  };
}

const PLACE = shape(["locode", "name"]);
const LEG = shape(
  [
    "vesselName",
    "imo",
    "mmsi",
    "voyage",
    "loadingPort",
    "dischargingPort",
    "departureTime",
    "departureTimeStatus",
    "arrivalTime",
    "arrivalTimeStatus",
  ],
  { loadingPort: PLACE, dischargingPort: PLACE },
);
const CONTAINER = shape([
  "containerNumber",
  "sizeType",
  "sizeTypeOriginal",
  "grossWeightKilograms",
  "emptyContainerReleasedToShipperTime",
  "gateInTime",
  "gateOutTime",
  "emptyContainerReturnedFromCustomerTime",
]);
const SNAPSHOT = shape(
  [
    "placeOfReceipt",
    "loadingPort",
    "dischargingPort",
    "placeOfDelivery",
    "departureTime",
    "departureTimeStatus",
    "arrivalTime",
    "arrivalTimeStatus",
    "placeOfDeliveryEta",
    "placeOfDeliveryEtaStatus",
    "vesselVoyage",
    "containerSizeType",
    "containerGrossWeightSum",
    "vessels",
    "containers",
    "cancelled",
    "delivered",
  ],
  { placeOfReceipt: PLACE, loadingPort: PLACE, dischargingPort: PLACE, placeOfDelivery: PLACE },
  { vessels: LEG, containers: CONTAINER },
);

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

/** Thrown inside the fast path when the value is not of the shape; caught at its entry. */
const NOT_THE_SHAPE = Symbol("not the shape");

/** A snapshot repeats its times (a leg's and the voyage's, the ETA's): each converted once a hash. */
const utcJson = new Map<string, string>();

function scalarJson(value: unknown, time: boolean): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string": {
      if (!time) return JSON.stringify(value);
      let json = utcJson.get(value);
      if (json === undefined) {
        const at = parseIsoTime(value);
        // An ISO time holds nothing JSON escapes.
        json = Number.isNaN(at) ? JSON.stringify(value) : `"${isoUtc(at)}"`;
        utcJson.set(value, json);
      }
      return json;
    }
    case "number":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    default:
      throw NOT_THE_SHAPE;
  }
}

function objectJson(value: unknown, s: Shape): string {
  if (value === null) return "null";
  if (typeof value !== "object" || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype)
    throw NOT_THE_SHAPE;
  const record = value as Record<string, unknown>;
  let own = 0;
  // A member that is undefined is left out, as JSON does, whatever its key.
  for (const k in record) if (Object.hasOwn(record, k) && record[k] !== undefined) own += 1;
  let known = 0;
  let out = "";
  for (const k of s.keys) {
    if (!isOwnEnumerable.call(record, k.key)) continue;
    const v = record[k.key];
    if (v === undefined) continue;
    known += 1;
    let json: string;
    if (k.object) json = objectJson(v, k.object);
    else if (k.list) json = listJson(v, k.list, k.list === CONTAINER);
    else json = scalarJson(v, k.time);
    out += out ? `,${k.quoted}:${json}` : `${k.quoted}:${json}`;
  }
  if (known !== own) throw NOT_THE_SHAPE;
  return `{${out}}`;
}

function listJson(value: unknown, s: Shape, sortByNumber: boolean): string {
  if (!Array.isArray(value)) throw NOT_THE_SHAPE;
  let items = value as unknown[];
  if (sortByNumber) {
    for (const item of items) if (item === null || typeof item !== "object") throw NOT_THE_SHAPE;
    items = [...items].sort(byContainerNumber as (a: unknown, b: unknown) => number);
  }
  let out = "";
  for (let i = 0; i < items.length; i += 1) {
    if (!(i in items)) throw NOT_THE_SHAPE;
    const item = items[i];
    const json = item === undefined ? "null" : objectJson(item, s);
    out += i === 0 ? json : `,${json}`;
  }
  return `[${out}]`;
}

/** canonicalSnapshotJson for a snapshot of the known shape; undefined for anything else. */
export function fastCanonicalSnapshotJson(snapshot: TrackingSnapshot): string | undefined {
  try {
    return objectJson(snapshot, SNAPSHOT);
  } catch (err) {
    if (err === NOT_THE_SHAPE) return undefined;
    throw err;
  } finally {
    utcJson.clear();
  }
}

function byContainerNumber(a: ContainerInfo, b: ContainerInfo): number {
  return a.containerNumber < b.containerNumber ? -1 : a.containerNumber > b.containerNumber ? 1 : 0;
}
