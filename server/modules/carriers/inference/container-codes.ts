// ISO 6346 helpers of the DCSA mapper, the simulator and inference. The number rules live in
// shared/ so the console checks numbers the same way.
export {
  CONTAINER_NUMBER_PATTERN,
  containerCheckDigit,
  isValidContainerNumber,
  withCheckDigit,
} from "../../../../shared/container-number";

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
