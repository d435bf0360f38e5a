import type { ShipmentUpdateInput } from "../../../../../shared/schemas/shipments";
import type { ShipmentDetail } from "./types";

// Between the edit form and updateShipment: the form starts from the shipment, and only fields the
// user changed (and may change) are sent, so an untouched field is never overwritten.

export interface EditValues {
  [key: string]: string;
  title: string;
  remark: string;
  shippingLine: string;
  trackingType: string;
  trackingNumber: string;
  customField1: string;
  customField2: string;
  customField3: string;
  requestedEtd: string;
  requestedEta: string;
}

export function editValuesOf(shipment: ShipmentDetail): EditValues {
  return {
    title: shipment.title ?? "",
    remark: shipment.remark ?? "",
    shippingLine: shipment.shippingLine,
    trackingType: shipment.trackingType,
    trackingNumber: shipment.trackingNumber,
    customField1: shipment.customField1 ?? "",
    customField2: shipment.customField2 ?? "",
    customField3: shipment.customField3 ?? "",
    requestedEtd: shipment.requestedEtd ?? "",
    requestedEta: shipment.requestedEta ?? "",
  };
}

/** Blank text means "none": the server keeps null rather than an empty string. */
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Tracking numbers compare as the server normalizes them (trimmed, upper case, no spaces). */
const normalizedNumber = (value: string) => value.replace(/\s+/g, "").toUpperCase();

export function changedFields(
  shipment: ShipmentDetail,
  parsed: ShipmentUpdateInput,
  allowed: { customFields: readonly (1 | 2 | 3)[]; requestedEtd: boolean; requestedEta: boolean },
): ShipmentUpdateInput {
  const changes: ShipmentUpdateInput = {};
  if (text(parsed.title) !== text(shipment.title)) changes.title = text(parsed.title);
  if (text(parsed.remark) !== text(shipment.remark)) changes.remark = text(parsed.remark);
  if (parsed.shippingLine && parsed.shippingLine !== shipment.shippingLine)
    changes.shippingLine = parsed.shippingLine;
  if (parsed.trackingType && parsed.trackingType !== shipment.trackingType)
    changes.trackingType = parsed.trackingType;
  // Spec 01 §5: a number is saved only when non-empty and changed.
  if (
    parsed.trackingNumber &&
    normalizedNumber(parsed.trackingNumber) !== normalizedNumber(shipment.trackingNumber)
  ) {
    changes.trackingNumber = parsed.trackingNumber;
  }
  for (const n of allowed.customFields) {
    const key = `customField${n}` as const;
    if (text(parsed[key]) !== text(shipment[key])) changes[key] = text(parsed[key]);
  }
  if (allowed.requestedEtd && (parsed.requestedEtd ?? null) !== shipment.requestedEtd) {
    changes.requestedEtd = parsed.requestedEtd ?? null;
  }
  if (allowed.requestedEta && (parsed.requestedEta ?? null) !== shipment.requestedEta) {
    changes.requestedEta = parsed.requestedEta ?? null;
  }
  return changes;
}
