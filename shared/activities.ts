// The Activities tab: what the server records (kind + params, language-free) and how the console
// turns each entry into a message key of the reader's language. Params only ever hold values that
// read the same in every language (codes, numbers, dates, names people typed); anything that needs
// translating is chosen here as a different key.

import { SHIPPING_LINES, TRACKING_FAILURE_KINDS, TRACKING_TYPES, type TrackingType } from "./enums";
import type { MessageKey } from "./schemas/common";

/** Activity kinds the shipment service records; the tracking engine's are "tracking.*". */
export const SHIPMENT_ACTIVITY = {
  /** params: { shippingLine, trackingType, trackingNumber } */
  created: "shipment.created",
  /** params: the new { shippingLine, trackingType, trackingNumber } and the same under `previous` */
  trackingChanged: "shipment.trackingChanged",
  /** params: { field: ActivityField, from: string | null, to: string | null, label?: string | null } */
  fieldChanged: "shipment.fieldChanged",
  archived: "shipment.archived",
  unarchived: "shipment.unarchived",
  /** params: { fromTeamName, toTeamName } */
  movedTeam: "shipment.movedTeam",
  shareLinkReset: "shipment.shareLinkReset",
  shareLinkRevoked: "shipment.shareLinkRevoked",
  /** A link issued again after it had been revoked. */
  shareLinkCreated: "shipment.shareLinkCreated",
} as const;

export const ACTIVITY_FIELDS = [
  "title",
  "remark",
  "customField1",
  "customField2",
  "customField3",
  "requestedEtd",
  "requestedEta",
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

const AUTO_ARCHIVE_REASONS = ["CANCELLED", "NOT_FOUND", "INVALID_NUMBER"] as const;

export interface ActivityMessage {
  key: MessageKey;
  params: Record<string, string | number>;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};

function lineLabel(code: unknown): string {
  return SHIPPING_LINES.find((l) => l.code === code)?.label ?? text(code);
}

function tracking(
  keys: Record<TrackingType, MessageKey>,
  fallback: MessageKey,
  params: Record<string, unknown>,
): ActivityMessage {
  const values = {
    shippingLine: lineLabel(params.shippingLine),
    trackingNumber: text(params.trackingNumber),
  };
  const type = params.trackingType;
  return { key: oneOf(TRACKING_TYPES, type) ? keys[type] : fallback, params: values };
}

function fieldChanged(params: Record<string, unknown>): ActivityMessage {
  const field = params.field;
  const from = text(params.from);
  const to = text(params.to);
  if (!oneOf(ACTIVITY_FIELDS, field)) return { key: "activities.updated", params: {} };
  const change = to === "" ? "cleared" : from === "" ? "set" : "changed";
  if (field === "remark") {
    return {
      key: change === "cleared" ? "activities.remark.cleared" : "activities.remark.changed",
      params: {},
    };
  }
  if (field.startsWith("customField")) {
    const label = text(params.label);
    if (label !== "") return { key: `activities.customField.${change}`, params: { label, from, to } };
  }
  return { key: `activities.${field}.${change}`, params: { from, to } };
}

/** The message of one activity; unknown kinds or malformed params fall back to a generic text. */
export function activityMessage(kind: string, params: Record<string, unknown>): ActivityMessage {
  const p = record(params);
  switch (kind) {
    case SHIPMENT_ACTIVITY.created:
      return tracking(
        {
          BOOKING_NUMBER: "activities.created.BOOKING_NUMBER",
          BILL_OF_LADING_NUMBER: "activities.created.BILL_OF_LADING_NUMBER",
          CONTAINER_NUMBER: "activities.created.CONTAINER_NUMBER",
        },
        "activities.created.other",
        p,
      );
    case SHIPMENT_ACTIVITY.trackingChanged:
      return tracking(
        {
          BOOKING_NUMBER: "activities.trackingChanged.BOOKING_NUMBER",
          BILL_OF_LADING_NUMBER: "activities.trackingChanged.BILL_OF_LADING_NUMBER",
          CONTAINER_NUMBER: "activities.trackingChanged.CONTAINER_NUMBER",
        },
        "activities.trackingChanged.other",
        p,
      );
    case SHIPMENT_ACTIVITY.fieldChanged:
      return fieldChanged(p);
    case SHIPMENT_ACTIVITY.archived:
      return { key: "activities.archived", params: {} };
    case SHIPMENT_ACTIVITY.unarchived:
      return { key: "activities.unarchived", params: {} };
    case SHIPMENT_ACTIVITY.movedTeam:
      return {
        key: "activities.movedTeam",
        params: { fromTeamName: text(p.fromTeamName), toTeamName: text(p.toTeamName) },
      };
    case SHIPMENT_ACTIVITY.shareLinkReset:
      return { key: "activities.shareLinkReset", params: {} };
    case SHIPMENT_ACTIVITY.shareLinkRevoked:
      return { key: "activities.shareLinkRevoked", params: {} };
    case SHIPMENT_ACTIVITY.shareLinkCreated:
      return { key: "activities.shareLinkCreated", params: {} };
    case "tracking.refreshRequested":
      return { key: "tracking.activities.refreshRequested", params: {} };
    case "tracking.failing":
      return {
        key: oneOf(TRACKING_FAILURE_KINDS, p.reason)
          ? `activities.trackingFailing.${p.reason}`
          : "activities.trackingFailing.other",
        params: {},
      };
    case "tracking.autoArchived":
      if (p.reason === "AFTER_DELIVERY" && typeof p.days === "number") {
        return { key: "tracking.activities.autoArchived.AFTER_DELIVERY", params: { days: p.days } };
      }
      if (oneOf(AUTO_ARCHIVE_REASONS, p.reason)) {
        return { key: `tracking.activities.autoArchived.${p.reason}`, params: {} };
      }
      return { key: "activities.autoArchived", params: {} };
    default:
      return { key: "activities.updated", params: {} };
  }
}
