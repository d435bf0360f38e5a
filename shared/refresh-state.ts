// What the console says about a shipment's refreshes before it has a schedule. The carrier's
// "unknown number" is told right after the attempt that got it, not only once the shipment counts
// as failing (the failure threshold), so a typo is seen while the person is still looking.

import type { TrackingFailureKind } from "./enums";

/** The carrier says the number is wrong (archived once the shipment is failing for it). */
export const WRONG_NUMBER_FAILURES: readonly TrackingFailureKind[] = ["NOT_FOUND", "INVALID_NUMBER"];

/**
 * Never updated, and the latest refresh was refused as an unknown number: "The shipping line does
 * not know this number yet". A failing shipment has its own banner and wins.
 */
export function isNumberUnknownToLine(shipment: {
  isFailing: boolean;
  lastFailedReason?: string | null;
  lastScrapedAt?: string | null;
}): boolean {
  if (shipment.isFailing || shipment.lastScrapedAt) return false;
  return WRONG_NUMBER_FAILURES.some((kind) => kind === shipment.lastFailedReason);
}
