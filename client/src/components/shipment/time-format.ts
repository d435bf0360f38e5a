import type { Language } from "../../../../shared/enums";

// Times of a shipment as people read them: schedule times in the viewer's own zone (the browser's),
// a port's local time on demand, and "3 hours ago" for freshness. Pure, so they are unit-tested.

import { type DateLike, LOCALES, toDate } from "../../lib/format";

export { type DateLike, toDate };

function isValidZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "Feb 1, 2026, 10:00" / "2026/02/01 10:00"; with `zoneName`, the zone's short name follows. */
export function formatDateTime(
  value: DateLike,
  language: Language,
  options: { timeZone?: string | null; zoneName?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return "";
  const timeZone = options.timeZone && isValidZone(options.timeZone) ? options.timeZone : undefined;
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: "numeric",
    month: language === "ja" ? "2-digit" : "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(timeZone ? { timeZone } : {}),
    ...(options.zoneName ? { timeZoneName: "short" as const } : {}),
  }).format(date);
}

/** A calendar date kept as "YYYY-MM-DD" (requested ETD/ETA), shown without any zone shift. */
export function formatCalendarDate(value: string | null | undefined, language: Language): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: "numeric",
    month: language === "ja" ? "2-digit" : "short",
    day: "2-digit",
    timeZone: "UTC",
  }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/**
 * "3 hours ago" / "3時間前", in the largest whole unit; under a minute it is `justNow`, so the text
 * does not tick every second. Future instants (a skewed clock) read as just now too.
 */
export function timeAgo(value: DateLike, now: Date, language: Language, justNow: string): string {
  const date = toDate(value);
  if (!date) return "";
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 60_000) return justNow;
  const format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return justNow;
}

/** The spec's detail page shows a time as ACTUAL or ESTIMATED; an UNKNOWN status is not a fact. */
export function displayedStatus(status: string | null | undefined): "ACTUAL" | "ESTIMATED" {
  return status === "ACTUAL" ? "ACTUAL" : "ESTIMATED";
}

/** Decimal degrees as "35.44°N" / "139.64°E". */
export function formatCoordinate(value: number, axis: "lat" | "lon"): string {
  const hemisphere = axis === "lat" ? (value >= 0 ? "N" : "S") : value >= 0 ? "E" : "W";
  return `${Math.abs(value).toFixed(2)}°${hemisphere}`;
}
