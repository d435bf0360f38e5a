// Calendar dates travel as "YYYY-MM-DD" strings, never as Date objects, so no time zone can move
// them a day. CSV files may also write "YYYY/MM/DD" (spec 01 §5).

import { z } from "zod";
import { addIssue, type MessageKey, msg } from "./common";

const DATE_PATTERN = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The date as "YYYY-MM-DD" when `value` is a real calendar date ("2025-02-30" is not), else null.
 * Slashes are accepted only when asked for.
 */
export function parseCalendarDate(value: string, options: { allowSlash?: boolean } = {}): string | null {
  const match = DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, y, separator, m, d] = match;
  if (separator === "/" && !options.allowSlash) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${y}-${m}-${d}`;
}

export function isIsoDate(value: string): boolean {
  return parseCalendarDate(value) !== null;
}

function dateString(key: MessageKey, allowSlash: boolean) {
  return z.string({ error: key }).transform((value, ctx) => {
    const date = parseCalendarDate(value, { allowSlash });
    if (date === null) {
      addIssue(ctx, key, { input: value });
      return z.NEVER;
    }
    return date;
  });
}

/** "YYYY-MM-DD", a real date. */
export function isoDate(key: MessageKey = msg("validation.invalidDate")) {
  return dateString(key, false);
}

/** "YYYY-MM-DD" or "YYYY/MM/DD", a real date, normalised to "YYYY-MM-DD". */
export function flexibleDate(key: MessageKey = msg("validation.invalidDate")) {
  return dateString(key, true);
}

/**
 * A date that can be cleared: "" and null become null (saved as null, spec 01 §5), absent stays
 * undefined (leave unchanged), anything else must be a real "YYYY-MM-DD".
 */
export function clearableDate(key: MessageKey = msg("validation.invalidDate")) {
  return z.union([z.null(), z.literal("").transform(() => null), isoDate(key)], { error: key }).optional();
}

/** An ISO 8601 timestamp with a time part, or a plain date (a filter on a timestamp column). */
export function isTimestampOrDate(value: string): boolean {
  if (isIsoDate(value)) return true;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return false;
  return parseCalendarDate(value.slice(0, 10)) !== null && !Number.isNaN(Date.parse(value));
}
