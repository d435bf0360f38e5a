import { z } from "zod";
import { hasWrongCheckDigit } from "../../../shared/container-number";
import {
  SHIPPING_LINE_CODES,
  type ShippingLine,
  TRACKING_TYPES,
  type TrackingType,
} from "../../../shared/enums";
import { ERROR_CODES, type ErrorCode } from "../../../shared/errors";
import { SHIPMENT_TEXT_MAX_LENGTH, ShipmentInput } from "../../../shared/schemas/shipments";
import { compactNumber, inferTrackingType } from "../carriers/inference/inference";
import { LINE_PREFIXES, SCAC } from "../carriers/inference/line-codes";
import { Booking } from "./cyberport.protocol";

// From a port-community booking to the input of the normal create service. The booking's own
// carrier and reference type win; what it lacks is inferred from the number as the New Shipment
// form does, and a booking nothing identifies is skipped as "unsure" rather than guessed.

const LINE_BY_SCAC: Readonly<Record<string, ShippingLine>> = {
  ...LINE_PREFIXES,
  ...Object.fromEntries(Object.entries(SCAC).map(([line, scac]) => [scac, line as ShippingLine])),
};

const TYPE_BY_REFERENCE: Record<NonNullable<Booking["referenceType"]>, TrackingType> = {
  BOOKING: "BOOKING_NUMBER",
  BILL_OF_LADING: "BILL_OF_LADING_NUMBER",
  CONTAINER: "CONTAINER_NUMBER",
};

/** One line of an import's report, as stored in cyberport_imports.report and shown on the panel. */
export const ReportEntry = z.object({
  bookingId: z.string(),
  trackingNumber: z.string().nullable(),
  shippingLine: z.enum(SHIPPING_LINE_CODES).nullable(),
  trackingType: z.enum(TRACKING_TYPES).nullable(),
  outcome: z.enum(["CREATED", "SKIPPED"]),
  shipmentId: z.string().nullable(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).nullable(),
});
export type ReportEntry = z.infer<typeof ReportEntry>;

export type BookingPlan =
  | { ok: true; bookingId: string; input: z.output<typeof ShipmentInput> }
  | { ok: false; entry: ReportEntry };

/** The booking's identity within an import: its id, or its place in the list when it has none. */
export function bookingKey(raw: unknown, index: number): string {
  const id = (raw as { bookingId?: unknown } | null)?.bookingId;
  return typeof id === "string" && id.trim() !== "" ? id.trim().slice(0, 100) : `#${index + 1}`;
}

const skipped = (
  bookingId: string,
  code: ErrorCode,
  known: Partial<Pick<ReportEntry, "trackingNumber" | "shippingLine" | "trackingType">> = {},
): BookingPlan => ({
  ok: false,
  entry: {
    bookingId,
    trackingNumber: known.trackingNumber ?? null,
    shippingLine: known.shippingLine ?? null,
    trackingType: known.trackingType ?? null,
    outcome: "SKIPPED",
    shipmentId: null,
    code,
  },
});

export function planBooking(raw: unknown, index: number): BookingPlan {
  const bookingId = bookingKey(raw, index);
  const parsed = Booking.safeParse(raw);
  if (!parsed.success) {
    const reference = (raw as { reference?: unknown } | null)?.reference;
    const trackingNumber =
      typeof reference === "string" && reference.trim() ? reference.trim().slice(0, 64) : null;
    return skipped(bookingId, "CYBERPORT_BOOKING_INVALID", { trackingNumber });
  }
  const booking = parsed.data;
  const trackingNumber = compactNumber(booking.reference);
  const inferred = inferTrackingType(trackingNumber);
  const scacLine = booking.carrierScac ? LINE_BY_SCAC[booking.carrierScac.toUpperCase()] : undefined;
  const shippingLine = scacLine ?? inferred?.shippingLine ?? null;
  const givenType = booking.referenceType ? TYPE_BY_REFERENCE[booking.referenceType] : null;
  // A box number with a wrong check digit infers nothing; said as the typo it is, not as "unsure".
  if (
    (givenType ?? "CONTAINER_NUMBER") === "CONTAINER_NUMBER" &&
    hasWrongCheckDigit("CONTAINER_NUMBER", trackingNumber)
  ) {
    return skipped(bookingId, "CONTAINER_CHECK_DIGIT_MISMATCH", {
      trackingNumber,
      shippingLine,
      trackingType: "CONTAINER_NUMBER",
    });
  }
  const trackingType = givenType ?? inferred?.trackingType ?? null;
  if (!shippingLine) {
    return skipped(bookingId, "CYBERPORT_BOOKING_NO_LINE", { trackingNumber, shippingLine, trackingType });
  }
  if (!trackingType) {
    return skipped(bookingId, "TRACKING_TYPE_INFERENCE_FAILED", {
      trackingNumber,
      shippingLine,
      trackingType,
    });
  }
  const input = ShipmentInput.safeParse({
    trackingNumber,
    shippingLine,
    trackingType,
    title: booking.shipperReference?.slice(0, SHIPMENT_TEXT_MAX_LENGTH) ?? null,
  });
  if (!input.success) {
    return skipped(bookingId, "CYBERPORT_BOOKING_INVALID", { trackingNumber, shippingLine, trackingType });
  }
  return { ok: true, bookingId, input: input.data };
}
