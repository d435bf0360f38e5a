// Whether Intl knows a time zone, asked once per zone: building a formatter to find out costs far
// more than formatting with one, and a wave of e-mails or a feed names the same handful of zones.
// Only for zones from stored data (ports, saved settings): the cache has one entry per zone named.

const known = new Map<string, boolean>();

/** True when this runtime's Intl accepts `zone` as a time zone. */
export function isKnownTimeZone(zone: string): boolean {
  let valid = known.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    known.set(zone, valid);
  }
  return valid;
}
