// How many days of the free trial are left, as a person reads a calendar: in a time zone, by
// dates. A trial ending at 09:00 tomorrow has 1 day left at 23:00 today and "ends today" from
// midnight on; with 20 minutes left it ends today, never "in 1 day" (decision 0070).

const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = DATE_FORMATS.get(key);
  if (!format) {
    // en-CA formats as YYYY-MM-DD; the zone defaults to the runtime's own (the browser's).
    format = new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(timeZone ? { timeZone } : {}),
    });
    DATE_FORMATS.set(key, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (default: the runtime's). */
export function calendarDay(instant: Date, timeZone?: string): string {
  return dateFormat(timeZone).format(instant);
}

function dayNumber(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000;
}

/**
 * Days left in a trial that ends at `endsAt` (exclusive): 0 on its last calendar day ("ends
 * today"), 1 the day before, and so on; null once it has ended.
 */
export function trialDaysLeft(endsAt: Date | string, now: Date, timeZone?: string): number | null {
  const end = typeof endsAt === "string" ? new Date(endsAt) : endsAt;
  if (Number.isNaN(end.getTime()) || now.getTime() >= end.getTime()) return null;
  // The last moment of the trial decides its last day: a trial ending at midnight ends the day before.
  const lastDay = calendarDay(new Date(end.getTime() - 1), timeZone);
  return Math.max(0, dayNumber(lastDay) - dayNumber(calendarDay(now, timeZone)));
}
