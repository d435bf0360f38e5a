// ISO 6346 container numbers: owner code (three letters), category (U, J or Z), six-digit serial
// and a check digit computed from the other ten characters. Shared so the New shipment form warns
// as the person types, the CSV reader reports the line, and every create path on the server
// refuses the same numbers (docs/decisions/0009-container-check-digit.md).

import type { TrackingType } from "./enums";

const LETTER_VALUES: Record<string, number> = (() => {
  // Letters skip multiples of 11 (11, 22, 33), as ISO 6346 prescribes.
  const values: Record<string, number> = {};
  let v = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (v % 11 === 0) v += 1;
    values[letter] = v;
    v += 1;
  }
  return values;
})();

export const CONTAINER_NUMBER_PATTERN = /^[A-Z]{3}[UJZ]\d{7}$/;

/** The check digit of the first ten characters (owner code, category, serial), or null if malformed. */
export function containerCheckDigit(firstTen: string): number | null {
  if (!/^[A-Z]{3}[UJZ]\d{6}$/.test(firstTen)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const ch = firstTen[i] as string;
    const value = i < 4 ? (LETTER_VALUES[ch] ?? 0) : Number(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** An ISO 6346 container number whose check digit is right. */
export function isValidContainerNumber(value: string): boolean {
  if (!CONTAINER_NUMBER_PATTERN.test(value)) return false;
  return containerCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** Completes owner code + category + six-digit serial with its check digit. */
export function withCheckDigit(firstTen: string): string {
  const digit = containerCheckDigit(firstTen);
  if (digit === null) throw new Error(`not a container number prefix: ${firstTen}`);
  return `${firstTen}${digit}`;
}

/** Trimmed, upper case, without any whitespace; full-width letters and digits become ASCII. */
export function normalizeTrackingNumber(value: string): string {
  return value.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
}

/**
 * A container number, as stored, whose last digit is not its check digit. Only numbers with the
 * ISO 6346 shape are judged: a line's own container references in another shape, and booking and
 * B/L numbers, are not ours to check.
 */
export function hasWrongCheckDigit(
  trackingType: TrackingType | "" | undefined,
  trackingNumber: string,
): boolean {
  if (trackingType !== "CONTAINER_NUMBER") return false;
  const number = normalizeTrackingNumber(trackingNumber);
  return CONTAINER_NUMBER_PATTERN.test(number) && !isValidContainerNumber(number);
}
