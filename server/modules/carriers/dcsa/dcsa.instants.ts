// Date.parse, remembered for one mapping: an answer's few dozen times are compared many times over
// (in sorts, by leg, by container), and its events repeat the same times. Only within one
// (synchronous) mapping: across answers the times are new strings, and keeping them cost more than
// parsing them again.

import { parseIsoTime } from "../../../core/iso-time";

let remembered: Map<string, number> | null = null;

/** Milliseconds since the epoch of an ISO 8601 time (NaN when it is none), as Date.parse. */
export function instant(time: string): number {
  if (remembered === null) return parseIsoTime(time);
  let at = remembered.get(time);
  if (at === undefined) {
    at = parseIsoTime(time);
    remembered.set(time, at);
  }
  return at;
}

/** Runs `map` with the times it parses remembered until it returns. */
export function rememberingInstants<T>(map: () => T): T {
  if (remembered !== null) return map();
  remembered = new Map();
  try {
    return map();
  } finally {
    remembered = null;
  }
}
