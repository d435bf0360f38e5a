// ISO 8601 times read and written by arithmetic, for the few forms carriers send and the engine
// writes: the refresh reads and normalizes every time of every answer (mapping, snapshot hash),
// and a list page writes hundreds of its legs' times; Date.parse and toISOString cost more than
// the rest of that work. Anything outside those forms goes to Date, so both give exactly what Date
// gives (iso-time.test.ts holds them together). No library does this faster than Date itself.

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from there toISOString writes six-digit years. */
const YEAR_10000 = 253_402_300_800_000;
/** "00" to "99" and "000" to "999": the fields of a time, written without converting numbers. */
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** "YYYY-MM-DDT" of a day since 1970-01-01 (civil_from_days, the inverse of daysFromCivil). */
function datePrefix(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${TWO[month]}-${TWO[day]}T`;
}

/**
 * The days' prefixes written so far: the times a process writes fall on a few thousand days (a
 * voyage's, a list's), each written again and again. At most 20,000 kept, then started again.
 */
const prefixes = new Map<number, string>();
function prefixOf(days: number): string {
  let prefix = prefixes.get(days);
  if (prefix === undefined) {
    if (prefixes.size >= 20_000) prefixes.clear();
    prefix = datePrefix(days);
    prefixes.set(days, prefix);
  }
  return prefix;
}

/** "YYYY-MM-DDTHH:MM:SS" of a time from 1970 to 9999 (its milliseconds left out). */
function secondsOf(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  return `${prefixOf(days)}${TWO[hours]}:${TWO[minutes]}:${TWO[Math.floor(rest / 1000)]}`;
}

const computed = (ms: number) => ms >= 0 && ms < YEAR_10000 && Number.isInteger(ms);

/** `new Date(ms).toISOString()`, by arithmetic for 1970 to 9999. */
export function isoUtc(ms: number): string {
  if (!computed(ms)) return new Date(ms).toISOString();
  return `${secondsOf(ms)}.${THREE[ms % 1000]}Z`;
}

/**
 * A time to the second without milliseconds, then `suffix`: "Z", or a local time's offset such as
 * "+09:00" (`ms` is then the local wall-clock time), as carriers write their event times.
 */
export function isoSeconds(ms: number, suffix: string): string {
  const whole = Math.floor(ms / 1000) * 1000;
  if (!computed(whole)) {
    const iso = new Date(whole).toISOString();
    return `${iso.slice(0, iso.length - 5)}${suffix}`;
  }
  return `${secondsOf(whole)}${suffix}`;
}

const digit = (t: string, i: number) => {
  const c = t.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
};
const number2 = (t: string, i: number) => {
  const a = digit(t, i);
  const b = digit(t, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
};
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * `Date.parse(time)`, by arithmetic for `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` from 1970 on
 * (a DCSA date-time); any other string, or a field out of its range, goes to Date.parse.
 */
export function parseIsoTime(time: string): number {
  const n = time.length;
  if (
    n < 20 ||
    time.charCodeAt(4) !== 45 || // -
    time.charCodeAt(7) !== 45 ||
    time.charCodeAt(10) !== 84 || // T
    time.charCodeAt(13) !== 58 || // :
    time.charCodeAt(16) !== 58
  )
    return Date.parse(time);
  const century = number2(time, 0);
  const yy = number2(time, 2);
  const month = number2(time, 5);
  const day = number2(time, 8);
  const hours = number2(time, 11);
  const minutes = number2(time, 14);
  const seconds = number2(time, 17);
  if (
    century < 0 ||
    yy < 0 ||
    hours < 0 ||
    hours > 23 ||
    minutes < 0 ||
    minutes > 59 ||
    seconds < 0 ||
    seconds > 59
  )
    return Date.parse(time);
  const year = century * 100 + yy;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return Date.parse(time);
  let i = 19;
  let millis = 0;
  if (time.charCodeAt(i) === 46) {
    // The fraction's first three digits count, as Date.parse reads it.
    i += 1;
    let digits = 0;
    for (let d = digit(time, i); d >= 0; d = digit(time, i)) {
      if (digits < 3) millis = millis * 10 + d;
      digits += 1;
      i += 1;
    }
    if (digits === 0) return Date.parse(time);
    for (let k = digits; k < 3; k += 1) millis *= 10;
  }
  let offsetMinutes = 0;
  const sign = time.charCodeAt(i);
  if (sign === 90 && i + 1 === n)
    offsetMinutes = 0; // Z
  else if ((sign === 43 || sign === 45) && i + 6 === n && time.charCodeAt(i + 3) === 58) {
    const oh = number2(time, i + 1);
    const om = number2(time, i + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return Date.parse(time);
    offsetMinutes = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  } else return Date.parse(time);
  return (
    daysFromCivil(year, month, day) * DAY_MS +
    hours * 3_600_000 +
    minutes * 60_000 +
    seconds * 1000 +
    millis -
    offsetMinutes * 60_000
  );
}
