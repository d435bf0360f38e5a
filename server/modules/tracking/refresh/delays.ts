import { DAY_MS } from "../../../core/clock";

// Delay figures of spec 01 §3, in whole days (positive late, negative early, null when a side is
// unknown). Against the initial schedule both sides are instants, so the difference is rounded to
// the nearest day. Against a requested date, a calendar date the customer gave, the carrier's time
// counts by the date at the port: the date part of its ISO string, written in the port's offset.

export interface DelayInput {
  departureTime: string | Date | null;
  arrivalTime: string | Date | null;
  initialEtd: Date | null;
  initialEta: Date | null;
  /** YYYY-MM-DD */
  requestedEtd: string | null;
  requestedEta: string | null;
}

export interface Delays {
  delayDays: number | null;
  etdDelayDays: number | null;
  requestedEtaDelayDays: number | null;
  requestedEtdDelayDays: number | null;
}

const ms = (t: string | Date) => (typeof t === "string" ? Date.parse(t) : t.getTime());

function instantDays(actual: string | Date | null, planned: Date | null): number | null {
  if (actual === null || planned === null) return null;
  const days = Math.round((ms(actual) - planned.getTime()) / DAY_MS);
  return days === 0 ? 0 : days;
}

/** The calendar date of a time: as written when it is an ISO string with its offset, else in UTC. */
export function localDate(time: string | Date): string {
  if (typeof time === "string" && /^\d{4}-\d{2}-\d{2}T/.test(time)) return time.slice(0, 10);
  return new Date(ms(time)).toISOString().slice(0, 10);
}

function dateDays(actual: string | Date | null, requested: string | null): number | null {
  if (actual === null || requested === null) return null;
  const days = Math.round(
    (Date.parse(`${localDate(actual)}T00:00:00Z`) - Date.parse(`${requested}T00:00:00Z`)) / DAY_MS,
  );
  return Number.isNaN(days) ? null : days === 0 ? 0 : days;
}

export function computeDelays(input: DelayInput): Delays {
  return {
    delayDays: instantDays(input.arrivalTime, input.initialEta),
    etdDelayDays: instantDays(input.departureTime, input.initialEtd),
    requestedEtaDelayDays: dateDays(input.arrivalTime, input.requestedEta),
    requestedEtdDelayDays: dateDays(input.departureTime, input.requestedEtd),
  };
}
