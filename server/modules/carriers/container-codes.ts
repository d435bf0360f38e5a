// ISO 6346 helpers shared by the DCSA mapper, the simulator and inference.

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

const LENGTHS: Record<string, string> = { "1": "10", "2": "20", "3": "30", "4": "40", L: "45", M: "48" };
const GROUPS: Record<string, string> = {
  G: "GP",
  R: "RF",
  U: "OT",
  P: "FR",
  T: "TK",
  B: "BU",
  V: "VH",
  H: "IS",
  S: "SN",
};

/**
 * "45G1" → "40HC": the size and type a person reads, from the ISO 6346 size-type code (also the
 * older group form, "45GP"). A 9'6" height makes a general box HC and a reefer RH.
 */
export function normalizeSizeType(code: string | null | undefined): string | null {
  if (code?.length !== 4) return null;
  const upper = code.toUpperCase();
  const length = LENGTHS[upper[0] as string];
  const group = GROUPS[upper[2] as string];
  if (!length || !group) return null;
  const highCube = upper[1] === "5";
  if (highCube && group === "GP") return `${length}HC`;
  if (highCube && group === "RF") return `${length}RH`;
  return `${length}${group}`;
}
