import { isTrackingTypeAllowed } from "../../../shared/carrier-rules";
import type { ShippingLine, TrackingType } from "../../../shared/enums";
import { CONTAINER_NUMBER_PATTERN, isValidContainerNumber } from "./container-codes";
import { BILL_OF_LADING_FORMATS, BOOKING_FORMATS, ONE_BILL_OF_LADING, OWNER_CODES } from "./line-codes";

// Guessing the line and the tracking type from the number alone (spec 01 §4: the form's Next
// calls it, then lets the person correct it). Every rule that matches casts a vote; exactly one
// distinct answer is returned, anything else is "unsure" and the caller reports
// 'Failed to infer tracking types.'.

export interface InferredTracking {
  shippingLine: ShippingLine;
  trackingType: TrackingType;
}

/** What people paste: spaces, hyphens and slashes inside the number, any case. */
export function compactNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s\-/.]/g, "");
}

export function inferTrackingType(raw: string): InferredTracking | null {
  const number = compactNumber(raw);
  if (number.length < 8 || number.length > 20 || !/^[A-Z0-9]+$/.test(number)) return null;
  if (CONTAINER_NUMBER_PATTERN.test(number)) {
    // A container number with a wrong check digit is a typo, not another kind of number.
    if (!isValidContainerNumber(number)) return null;
    const line = OWNER_CODES[number.slice(0, 4)];
    return line && isTrackingTypeAllowed(line, "CONTAINER_NUMBER")
      ? { shippingLine: line, trackingType: "CONTAINER_NUMBER" }
      : null;
  }
  // A format with the carrier's own prefix outranks a bare shape (digits, ONE's 12 characters).
  const specific: InferredTracking[] = [];
  const shapes: InferredTracking[] = [];
  for (const f of BILL_OF_LADING_FORMATS) {
    if (f.pattern.test(number))
      specific.push({ shippingLine: f.line, trackingType: "BILL_OF_LADING_NUMBER" });
  }
  for (const f of BOOKING_FORMATS) {
    if (!f.pattern.test(number)) continue;
    (f.prefixed ? specific : shapes).push({ shippingLine: f.line, trackingType: "BOOKING_NUMBER" });
  }
  if (ONE_BILL_OF_LADING.test(number))
    shapes.push({ shippingLine: "ONE", trackingType: "BILL_OF_LADING_NUMBER" });
  const votes = specific.length ? specific : shapes;
  const distinct = new Map(
    votes
      .filter((v) => isTrackingTypeAllowed(v.shippingLine, v.trackingType))
      .map((v) => [`${v.shippingLine}:${v.trackingType}`, v]),
  );
  return distinct.size === 1 ? ([...distinct.values()][0] ?? null) : null;
}
