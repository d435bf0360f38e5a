import { NOTIFY_ANY_CHANGE, NOTIFY_DATE_CHANGES_ONLY } from "../../../shared/constants";
import type { ShipmentChangeKind, TranshipNotificationBehavior } from "../../../shared/enums";

// Which of one refresh's changes a subscriber is told about: their threshold per ETD, ETA and
// place-of-delivery ETA (spec 02 §4) and their transhipment behaviour. Pure, so every mode is
// tested without a database.

export interface ChangeRecord {
  id: string;
  kind: ShipmentChangeKind;
  oldValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
}

export interface SubscriberPreferences {
  minUpdateIntervalHoursEtd: number;
  minUpdateIntervalHoursEta: number;
  minUpdateIntervalHoursPlaceOfDeliveryEta: number;
  transhipNotificationBehavior: TranshipNotificationBehavior;
}

/** What the filter needs to know about the shipment beyond the change records. */
export interface FilterContext {
  /** Legs of the voyage after the refresh. */
  legs: number;
  /** IANA zones of the places whose dates are compared in the -1 mode (null: UTC). */
  zones: { ETD: string | null; ETA: string | null; PLACE_OF_DELIVERY_ETA: string | null };
}

const HOUR_MS = 3_600_000;
const TIME_KINDS = ["ETD", "ETA", "PLACE_OF_DELIVERY_ETA"] as const;
type TimeKind = (typeof TIME_KINDS)[number];

function isTimeKind(kind: ShipmentChangeKind): kind is TimeKind {
  return (TIME_KINDS as readonly string[]).includes(kind);
}

export function timeOf(value: Record<string, unknown> | null): Date | null {
  const time = value?.time;
  if (typeof time !== "string") return null;
  const at = new Date(time);
  return Number.isNaN(at.getTime()) ? null : at;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date people read at the place: YYYY-MM-DD in its zone. */
export function localDate(at: Date, zone: string | null): string {
  const key = zone ?? "UTC";
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: key,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dateFormats.set(key, format);
  }
  return format.format(at);
}

function thresholdOf(kind: TimeKind, prefs: SubscriberPreferences): number {
  if (kind === "ETD") return prefs.minUpdateIntervalHoursEtd;
  if (kind === "ETA") return prefs.minUpdateIntervalHoursEta;
  return prefs.minUpdateIntervalHoursPlaceOfDeliveryEta;
}

/**
 * 0: any change. N hours: a move of at least N hours. -1: the date changed, a time-only move on the
 * same local date is ignored. A time that appears or disappears is always a change worth telling.
 */
export function passesThreshold(change: ChangeRecord, threshold: number, zone: string | null): boolean {
  const before = timeOf(change.oldValue);
  const after = timeOf(change.newValue);
  if (before === null || after === null) return before !== after;
  if (threshold === NOTIFY_ANY_CHANGE) return before.getTime() !== after.getTime();
  if (threshold === NOTIFY_DATE_CHANGES_ONLY) return localDate(before, zone) !== localDate(after, zone);
  return Math.abs(after.getTime() - before.getTime()) >= threshold * HOUR_MS;
}

interface VesselValue {
  vesselName?: unknown;
  imo?: unknown;
  voyage?: unknown;
}

const vesselKey = (leg: VesselValue | undefined) =>
  leg === undefined
    ? ""
    : `${String(leg.imo ?? leg.vesselName ?? "").toUpperCase()}/${String(leg.voyage ?? "")}`;

function lastLeg(value: Record<string, unknown> | null): VesselValue | undefined {
  const vessels = value?.vessels;
  return Array.isArray(vessels) ? (vessels.at(-1) as VesselValue | undefined) : undefined;
}

/**
 * ONLY_LAST_VESSEL keeps what concerns the last vessel: its arrival (ETA and the delivery after
 * it), a change of the last vessel itself, and the transhipment onto it. The ETD is the first
 * vessel's departure, so it counts only when the first vessel is also the last.
 */
function concernsLastVessel(change: ChangeRecord, legs: number): boolean {
  switch (change.kind) {
    case "ETD":
      return legs <= 1;
    case "VESSEL":
      return vesselKey(lastLeg(change.oldValue)) !== vesselKey(lastLeg(change.newValue));
    case "TRANSHIPMENT":
      return change.newValue?.leg === legs - 1;
    default:
      return true;
  }
}

/** The schedule changes of one refresh a subscriber is e-mailed about (arrival and delivery are the completion e-mail's). */
export function changesFor(
  changes: readonly ChangeRecord[],
  prefs: SubscriberPreferences,
  context: FilterContext,
): ChangeRecord[] {
  return changes.filter((change) => {
    if (change.kind === "ARRIVAL" || change.kind === "DELIVERY") return false;
    if (
      prefs.transhipNotificationBehavior === "ONLY_LAST_VESSEL" &&
      !concernsLastVessel(change, context.legs)
    )
      return false;
    if (isTimeKind(change.kind))
      return passesThreshold(change, thresholdOf(change.kind, prefs), context.zones[change.kind]);
    return true;
  });
}
