import { createHash } from "node:crypto";
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

/** Hex sha256 of the canonical JSON of the normalized snapshot, its times in UTC. */
export function snapshotHash(snapshot: TrackingSnapshot): string {
  return createHash("sha256")
    .update(canonicalJson(normalizeSnapshot(inUtc(snapshot))))
    .digest("hex");
}

function byContainerNumber(a: ContainerInfo, b: ContainerInfo): number {
  return a.containerNumber < b.containerNumber ? -1 : a.containerNumber > b.containerNumber ? 1 : 0;
}
