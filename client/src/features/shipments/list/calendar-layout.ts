import { CALENDAR_DAY_SPLIT, CALENDAR_STEP_MONTHS } from "../../../../../shared/constants";
import { localDay } from "../../../lib/time";

// The calendar view's month grid, kept pure so it is tested without a browser.
//
// "Calendar splits days at 15 to grey out other months" (spec 01 §2) is read as the classic month
// grid rule: the grid is six weeks of day numbers, and a number in the first week that is 15 or
// more can only be the previous month's tail, while a number in the last two weeks below 15 can
// only be the next month's head. Those cells are greyed. The rule needs no month arithmetic per
// cell, and the tests check it agrees with the real month of every cell.

export const GRID_WEEKS = 6;

export interface CalendarMonth {
  year: number;
  /** 0-based, as Date uses it. */
  month: number;
}

export interface CalendarCell {
  date: Date;
  /** YYYY-MM-DD of the local day, the key events are grouped by. */
  key: string;
  day: number;
  /** False for the previous and next months' days (shown grey). */
  inMonth: boolean;
  isToday: boolean;
}

export function monthOf(time: number): CalendarMonth {
  const d = new Date(time);
  return { year: d.getFullYear(), month: d.getMonth() };
}

export function shiftMonth(m: CalendarMonth, steps: number): CalendarMonth {
  const d = new Date(m.year, m.month + steps * CALENDAR_STEP_MONTHS, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** Whether a grid cell belongs to the shown month, by the split-at-15 rule. */
export function inShownMonth(week: number, day: number): boolean {
  if (week === 0 && day >= CALENDAR_DAY_SPLIT) return false;
  if (week >= GRID_WEEKS - 2 && day < CALENDAR_DAY_SPLIT) return false;
  return true;
}

/** Six weeks starting on the `weekStartsOn` day (0 Sunday) on or before the 1st of the month. */
export function monthGrid(m: CalendarMonth, now: number, weekStartsOn = 0): CalendarCell[][] {
  const first = new Date(m.year, m.month, 1);
  const lead = (first.getDay() - weekStartsOn + 7) % 7;
  const todayKey = localDay(new Date(now));
  return Array.from({ length: GRID_WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const date = new Date(m.year, m.month, 1 - lead + week * 7 + weekday);
      const key = localDay(date);
      return {
        date,
        key,
        day: date.getDate(),
        inMonth: inShownMonth(week, date.getDate()),
        isToday: key === todayKey,
      };
    }),
  );
}

export type CalendarEventKind = "departure" | "arrival";

export interface CalendarEvent {
  /** Index of the shipment in the columnar answer. */
  index: number;
  kind: CalendarEventKind;
  time: number;
  actual: boolean;
}

/**
 * Departures and arrivals of the shipments by local day, for the days of one grid only, so a
 * 100,000-item answer costs one pass and a few hundred small arrays.
 */
export function eventsByDay(
  data: {
    departureTime: readonly (number | null)[];
    departureTimeStatus: readonly (string | null)[];
    arrivalTime: readonly (number | null)[];
    arrivalTimeStatus: readonly (string | null)[];
  },
  grid: CalendarCell[][],
): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  const firstCell = grid[0]?.[0];
  const lastCell = grid[grid.length - 1]?.[6];
  if (!firstCell || !lastCell) return byDay;
  const from = firstCell.date.getTime();
  const to = new Date(
    lastCell.date.getFullYear(),
    lastCell.date.getMonth(),
    lastCell.date.getDate() + 1,
  ).getTime();
  const add = (index: number, kind: CalendarEventKind, time: number | null | undefined, status: unknown) => {
    if (time == null || time < from || time >= to) return;
    const key = localDay(new Date(time));
    const list = byDay.get(key) ?? [];
    list.push({ index, kind, time, actual: status === "A" });
    byDay.set(key, list);
  };
  for (let i = 0; i < data.departureTime.length; i++) {
    add(i, "departure", data.departureTime[i], data.departureTimeStatus[i]);
    add(i, "arrival", data.arrivalTime[i], data.arrivalTimeStatus[i]);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.time - b.time || a.index - b.index);
  return byDay;
}
