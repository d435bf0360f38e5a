import type { Language } from "../../../shared/enums";

// tRPC answers carry dates as ISO strings (no transformer), typed as Date by inference: accept both.
export type DateLike = string | Date | null | undefined;

export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Intl locale of each console language. */
export const LOCALES: Record<Language, string> = { en: "en-US", ja: "ja-JP" };

/** A calendar date as people read it in the language: "Jan 15, 2026" / "2026/01/15". */
export function formatDate(value: DateLike, language: Language, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: "numeric",
    month: language === "ja" ? "2-digit" : "short",
    day: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** How near today a date must be for the compact form to leave its year out. */
const NEAR_MS = 183 * 24 * 3_600_000;

/**
 * A date for a narrow list cell: "Sep 19" / "09/19" within half a year of `now`, where the year
 * is plain to a reader, else with the year as formatDate writes it. The cell's tooltip keeps the
 * full date and time.
 */
export function formatCompactDate(value: DateLike, language: Language, now: Date, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  if (Math.abs(date.getTime() - now.getTime()) > NEAR_MS) return formatDate(date, language, timeZone);
  return new Intl.DateTimeFormat(LOCALES[language], {
    month: language === "ja" ? "2-digit" : "short",
    day: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** The machine-readable form for <time dateTime>. */
export function isoDate(value: DateLike): string | undefined {
  return toDate(value)?.toISOString();
}
