import {
  GANTT_STEP_DAYS,
  TIMELINE_CELL_WIDTH,
  TIMELINE_DAYS_BACK,
  TIMELINE_FILL_LEG_DAYS,
  TIMELINE_FILL_STEP_DAYS,
  TIMELINE_MIN_DAYS_AHEAD,
} from "../../../../../shared/constants";
import type { CalendarTimeStatus } from "../../../../../shared/schemas/list";

// The timeline (Gantt) view's date math, kept pure so it is tested without a browser. Days are the
// viewer's local calendar days; a bar's position is its time's offset from the window's first
// midnight, in days, times the cell width.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The most days the window grows ahead to fit the shipments, so the header stays usable. */
export const TIMELINE_MAX_DAYS_AHEAD = 180;

export function startOfLocalDay(time: number | Date): Date {
  const d = new Date(time);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** `date` moved by whole calendar days (DST-safe: through the calendar, not by 24-hour steps). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export interface TimelineWindow {
  /** Local midnight of the first day shown. */
  start: Date;
  days: number;
  /** Index of today's column, or -1 when today is outside the window. */
  todayIndex: number;
}

/**
 * The days the timeline shows: TIMELINE_DAYS_BACK before the anchor (today moved by whole
 * GANTT_STEP_DAYS steps) and at least TIMELINE_MIN_DAYS_AHEAD after it, growing to the latest bar
 * end up to TIMELINE_MAX_DAYS_AHEAD.
 */
export function timelineWindow(input: {
  now: number;
  steps: number;
  latestEnd?: number | null;
}): TimelineWindow {
  const today = startOfLocalDay(input.now);
  const anchor = addDays(today, input.steps * GANTT_STEP_DAYS);
  const start = addDays(anchor, -TIMELINE_DAYS_BACK);
  let ahead = TIMELINE_MIN_DAYS_AHEAD;
  if (input.latestEnd != null && input.latestEnd > anchor.getTime()) {
    // Columns run to the end of day anchor+ahead, so the latest time's own day must be one of them.
    const needed = dayOffset(anchor, input.latestEnd);
    ahead = Math.min(TIMELINE_MAX_DAYS_AHEAD, Math.max(ahead, Math.ceil(needed)));
  }
  const days = TIMELINE_DAYS_BACK + ahead + 1;
  const todayOffset = Math.floor(dayOffset(start, today.getTime()) + 0.5);
  return { start, days, todayIndex: todayOffset >= 0 && todayOffset < days ? todayOffset : -1 };
}

/** Days from `start` to `time`, counted on the calendar (a DST day still counts as one). */
export function dayOffset(start: Date, time: number): number {
  const day = startOfLocalDay(time);
  const whole = Math.round(
    (Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) -
      Date.UTC(start.getFullYear(), start.getMonth(), start.getDate())) /
      DAY_MS,
  );
  return whole + (time - day.getTime()) / DAY_MS;
}

export function windowDays(window: TimelineWindow): Date[] {
  return Array.from({ length: window.days }, (_, i) => addDays(window.start, i));
}

/** The colour class of spec 01 §2: green arrived, dark blue on the way, grey not departed, dashed unscheduled. */
export type BarTone = "arrived" | "departed" | "notDeparted" | "unscheduled";

export interface TimelineShipment {
  departureTime: number | null;
  departureTimeStatus: CalendarTimeStatus | null;
  arrivalTime: number | null;
  arrivalTimeStatus: CalendarTimeStatus | null;
  placeOfDeliveryEta: number | null;
}

export function barTone(s: TimelineShipment): BarTone {
  if (s.departureTime === null && s.arrivalTime === null) return "unscheduled";
  if (s.arrivalTime !== null && s.arrivalTimeStatus === "A") return "arrived";
  if (s.departureTime !== null && s.departureTimeStatus === "A") return "departed";
  return "notDeparted";
}

export interface Leg {
  start: number;
  end: number;
  /** True when a date was missing and the fill rule placed it. */
  filled: boolean;
}

/**
 * A chain of points (departure, arrival, place-of-delivery ETA) into legs. Missing dates are filled
 * from the nearest known point in TIMELINE_FILL_STEP_DAYS steps, each leg TIMELINE_FILL_LEG_DAYS
 * long: a missing arrival is its departure plus one leg, a missing departure its arrival minus one
 * leg, and with no date at all the first leg starts at `fallback` (an unscheduled shipment is still
 * drawn, dashed, where the viewer is looking). Later legs without dates follow one step apart.
 */
export function legsOf(s: TimelineShipment, fallback: number): Leg[] {
  const step = TIMELINE_FILL_STEP_DAYS * DAY_MS;
  const leg = TIMELINE_FILL_LEG_DAYS * DAY_MS;
  const dep = s.departureTime;
  const arr = s.arrivalTime;
  let first: Leg;
  if (dep !== null && arr !== null && arr >= dep) first = { start: dep, end: arr, filled: false };
  else if (dep !== null && arr !== null) first = { start: arr, end: dep, filled: false };
  else if (dep !== null) first = { start: dep, end: dep + leg, filled: true };
  else if (arr !== null) first = { start: arr - leg, end: arr, filled: true };
  else first = { start: fallback, end: fallback + leg, filled: true };
  const legs = [first];
  const pod = s.placeOfDeliveryEta;
  if (pod !== null && pod > first.end) legs.push({ start: first.end, end: pod, filled: false });
  else if (pod === null && first.filled && dep === null && arr === null) {
    // Nothing known: one more step shows the inland leg so the bar reads as a whole journey.
    legs.push({ start: first.start + step, end: first.start + step + leg, filled: true });
  }
  return legs;
}

export interface BarGeometry {
  left: number;
  width: number;
  /** The bar runs past the window's start or end (drawn with a cut edge). */
  cutStart: boolean;
  cutEnd: boolean;
}

/** Pixels of a leg in the window, or null when it lies wholly outside. Never narrower than 4 px. */
export function legGeometry(window: TimelineWindow, leg: Leg): BarGeometry | null {
  const total = window.days * TIMELINE_CELL_WIDTH;
  const rawLeft = dayOffset(window.start, leg.start) * TIMELINE_CELL_WIDTH;
  const rawRight = dayOffset(window.start, leg.end) * TIMELINE_CELL_WIDTH;
  if (rawRight < 0 || rawLeft > total) return null;
  const left = Math.max(0, rawLeft);
  const right = Math.min(total, rawRight);
  return { left, width: Math.max(4, right - left), cutStart: rawLeft < 0, cutEnd: rawRight > total };
}

/** The latest end of any bar, to size the window. */
export function latestEnd(items: readonly TimelineShipment[]): number | null {
  let latest: number | null = null;
  for (const s of items) {
    for (const t of [s.departureTime, s.arrivalTime, s.placeOfDeliveryEta]) {
      if (t !== null && (latest === null || t > latest)) latest = t;
    }
  }
  return latest;
}
