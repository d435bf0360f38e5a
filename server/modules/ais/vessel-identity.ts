// How carrier data and AIS name the same vessel: MMSI, IMO number or name, each written in
// several ways. These normal forms are what matching compares.

/** Nine digits, as MMSIs are written (coast stations start with 00). Null when not an MMSI. */
export function normalizeMmsi(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = String(value).trim();
  if (!/^\d{1,9}$/.test(digits) || Number(digits) === 0) return null;
  return digits.padStart(9, "0");
}

/**
 * The seven digits of an IMO number ("IMO 9134270", "9134270"), when the check digit holds: the
 * first six digits weighted 7 down to 2, summed, modulo 10. Vessels often send junk in this field.
 */
export function normalizeImo(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = String(value)
    .trim()
    .replace(/^IMO[\s:.-]*/i, "");
  if (!/^\d{7}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]) ? digits : null;
}

/**
 * Upper case, runs of anything but letters and digits as one space, and no "M/V" or "MV" in front:
 * "M/V Ever  Diadem" and "EVER DIADEM" compare equal. AIS names are plain ASCII, so this is too.
 */
export function normalizeVesselName(value: string | null | undefined): string | null {
  if (!value) return null;
  const name = value
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toUpperCase()
    .replace(/^(M V|MV) /, "");
  return name === "" ? null : name;
}
