// Shipment input, update, comments and bulk selections (spec 01 §3, §5, §7), plus the
// non-blocking warnings the form shows for some line and type combinations.

import { z } from "zod";
import { SHIPPING_LINE_CODES, type ShippingLine, TRACKING_TYPES, type TrackingType } from "../enums";
import {
  booleanField,
  enumField,
  idField,
  listOf,
  type MessageKey,
  msg,
  optionalText,
  requiredString,
} from "./common";
import { clearableDate } from "./dates";

export const TRACKING_NUMBER_MAX_LENGTH = 64;

export const TrackingNumber = requiredString({ max: TRACKING_NUMBER_MAX_LENGTH });

export const ShippingLineField = enumField(SHIPPING_LINE_CODES, {
  required: msg("validation.linerRequired"),
});

export const TrackingTypeField = enumField(TRACKING_TYPES, {
  required: msg("validation.trackingTypeRequired"),
});

/** The longest title or custom-field value, wherever it is entered (form, API, CSV). */
export const SHIPMENT_TEXT_MAX_LENGTH = 255;

const Title = optionalText(SHIPMENT_TEXT_MAX_LENGTH);
const CustomField = optionalText(SHIPMENT_TEXT_MAX_LENGTH);

/** The spec's "Shipment input" (create). */
export const ShipmentInput = z.object({
  trackingNumber: TrackingNumber,
  shippingLine: ShippingLineField,
  trackingType: TrackingTypeField,
  title: Title,
  customField1: CustomField,
  customField2: CustomField,
  customField3: CustomField,
  requestedEtd: clearableDate(),
  requestedEta: clearableDate(),
});
export type ShipmentInput = z.infer<typeof ShipmentInput>;

/**
 * The form's "Use this number anyway": a container number whose check digit does not match is
 * created only with it. CSV lines and the API never send it, so there the number is an error.
 */
const ConfirmCheckDigit = booleanField().optional();

export const CreateShipmentInput = z.object({
  teamId: idField(),
  input: ShipmentInput,
  confirmCheckDigit: ConfirmCheckDigit,
});
export type CreateShipmentInput = z.infer<typeof CreateShipmentInput>;

/**
 * updateShipment input. Absent means unchanged; requested dates accept null to clear. A tracking
 * number, when sent, must not be blank (the service also skips it when unchanged).
 */
export const ShipmentUpdateInput = z.object({
  shippingLine: ShippingLineField.optional(),
  trackingType: TrackingTypeField.optional(),
  trackingNumber: TrackingNumber.optional(),
  title: Title,
  remark: optionalText(5000),
  customField1: CustomField,
  customField2: CustomField,
  customField3: CustomField,
  requestedEtd: clearableDate(),
  requestedEta: clearableDate(),
  isArchived: booleanField().optional(),
  teamId: idField().optional(),
});
export type ShipmentUpdateInput = z.infer<typeof ShipmentUpdateInput>;

export const UpdateShipmentInput = z.object({
  shipmentId: idField(),
  input: ShipmentUpdateInput,
  confirmCheckDigit: ConfirmCheckDigit,
});
export type UpdateShipmentInput = z.infer<typeof UpdateShipmentInput>;

export const ShipmentIdInput = z.object({ shipmentId: idField() });

export const ShareTokenInput = z.object({ shareToken: requiredString({ max: 200 }) });

export const CreateCommentInput = z.object({
  shipmentId: idField(),
  content: requiredString({ max: 5000 }),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInput>;

/** Bulk operations act on a selection of at least one shipment. */
export const ShipmentIds = listOf(idField()).min(1, { error: msg("validation.selectionRequired") });

export const BulkShipmentsInput = z.object({ shipmentIds: ShipmentIds });

export const MoveShipmentsInput = z.object({ shipmentIds: ShipmentIds, teamId: idField() });

/** /csv_download_v2 and /csv_download_containers form fields. */
export const CsvDownloadInput = z.object({ teamId: idField(), shipmentIds: ShipmentIds });

/** GET /ml/infer/{trackingNumber}. */
export const InferTrackingInput = z.object({ trackingNumber: TrackingNumber });

export type TrackingWarningKey = Extract<MessageKey, `tracking.warnings.${string}`>;

/** Spec 01 §5 warnings: shown beside the form, never blocking the submit. */
export function trackingWarnings(input: {
  shippingLine: ShippingLine | undefined;
  trackingType: TrackingType | undefined;
  trackingNumber: string | undefined;
}): TrackingWarningKey[] {
  const warnings: TrackingWarningKey[] = [];
  const { shippingLine, trackingType } = input;
  if (trackingType === "CONTAINER_NUMBER" && shippingLine === "EVERGREEN") {
    warnings.push("tracking.warnings.evergreenContainerNumber");
  }
  if (trackingType === "CONTAINER_NUMBER" && shippingLine === "COSCO") {
    warnings.push("tracking.warnings.coscoContainerNumber");
  }
  if (shippingLine === "MSSCO" && trackingType !== undefined && trackingType !== "BOOKING_NUMBER") {
    warnings.push("tracking.warnings.msscoExperimental");
  }
  if (shippingLine === "ONE" && (input.trackingNumber ?? "").trim().toUpperCase().startsWith("ONEY")) {
    warnings.push("tracking.warnings.oneyPrefix");
  }
  return warnings;
}
