import { isTrackingTypeAllowed } from "../../../../shared/carrier-rules";
import type { ShippingLine, TrackingType } from "../../../../shared/enums";
import { CONTAINER_NUMBER_PATTERN, isValidContainerNumber } from "./container-codes";
import {
  BARE_SHAPES,
  LINE_PREFIXES,
  OWNER_CODES,
  PREFIXED_FORMATS,
  type ReferenceFormat,
} from "./line-codes";

// Guessing the line and the tracking type from the number alone (spec 01 §4: the form's Next
// calls it, then lets the person correct it). A valid ISO 6346 number is a container number for
// certain; its owner code names the line when the box belongs to a listed line's fleet, and
// names none for a lessor's or an unknown owner's box (the form then asks for the line).
// Otherwise every format that matches casts a vote; exactly one distinct answer is returned,
// anything else is "unsure" and the caller reports 'Failed to infer tracking types.'.

export interface InferredTracking {
  /** null: the type is certain but the number does not say which line (a leased box). */
  shippingLine: ShippingLine | null;
  trackingType: TrackingType;
}

/**
 * What people paste: spaces, hyphens, dots and slashes inside the number, any case, and the
 * full-width letters and digits Japanese input methods type (NFKC folds them to ASCII).
 */
export function compactNumber(raw: string): string {
  return raw
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015\u2212/.]/g, "");
}

export function inferTrackingType(raw: string): InferredTracking | null {
  const number = compactNumber(raw);
  if (number.length < 8 || number.length > 20 || !/^[A-Z0-9]+$/.test(number)) return null;
  if (CONTAINER_NUMBER_PATTERN.test(number)) return inferContainer(number);
  return inferReference(number);
}

function inferContainer(number: string): InferredTracking | null {
  // A wrong check digit is a typo, not another kind of number; J and Z are equipment and
  // chassis, which no line tracks.
  if (!isValidContainerNumber(number) || number[3] !== "U") return null;
  const line = OWNER_CODES[number.slice(0, 4)];
  // A line that takes no container numbers (ro-ro, parcel tankers) is never answered for a box.
  const shippingLine = line && isTrackingTypeAllowed(line, "CONTAINER_NUMBER") ? line : null;
  return { shippingLine, trackingType: "CONTAINER_NUMBER" };
}

function inferReference(number: string): InferredTracking | null {
  // A format with the carrier's own letters outranks a bare shape.
  const specific = PREFIXED_FORMATS.filter((f) => f.pattern.test(number));
  const prefixLine = LINE_PREFIXES[number.slice(0, 4)];
  const shapes = BARE_SHAPES.filter(
    (f) => f.pattern.test(number) && (prefixLine === undefined || prefixLine === f.line),
  );
  return singleAnswer(specific.length ? specific : shapes);
}

function singleAnswer(votes: readonly ReferenceFormat[]): InferredTracking | null {
  const distinct = new Map<string, InferredTracking>();
  for (const v of votes) {
    if (!isTrackingTypeAllowed(v.line, v.type)) continue;
    distinct.set(`${v.line}:${v.type}`, { shippingLine: v.line, trackingType: v.type });
  }
  return distinct.size === 1 ? ([...distinct.values()][0] ?? null) : null;
}
