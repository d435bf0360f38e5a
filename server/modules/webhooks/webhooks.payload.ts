import { createHash } from "node:crypto";
import type { WebhookEventType } from "../../../shared/schemas/webhooks";

// The JSON bodies receivers get, in the Standard Webhooks envelope {type, timestamp, data}. Each
// shape is spelled out here field by field: a column added to a table never reaches a customer.

/** The event of one refresh of one shipment: the same id for every endpoint and every retry. */
export function shipmentEventId(historyId: string): string {
  return `msg_${createHash("sha256").update(`shipment.history:${historyId}`).digest("base64url").slice(0, 32)}`;
}

export function testEventId(nonce: string): string {
  return `msg_${createHash("sha256").update(`webhook.test:${nonce}`).digest("base64url").slice(0, 32)}`;
}

type Iso = string | null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface WebhookEnvelope<D> {
  type: WebhookEventType;
  timestamp: string;
  data: D;
}

export function testEventPayload(now: Date): WebhookEnvelope<{ test: true }> {
  return { type: "webhook.test", timestamp: now.toISOString(), data: { test: true } };
}

export interface ShipmentSource {
  id: string;
  trackingNumber: string;
  trackingType: string;
  shippingLine: string;
  title: string | null;
  teamId: string;
  teamName: string;
  archivedAt: Date | null;
  delayDays: number | null;
  etdDelayDays: number | null;
}

export interface HistorySource {
  placeOfReceiptLocode: string | null;
  placeOfReceiptName: string | null;
  loadingPortLocode: string | null;
  loadingPortName: string | null;
  dischargingPortLocode: string | null;
  dischargingPortName: string | null;
  placeOfDeliveryLocode: string | null;
  placeOfDeliveryName: string | null;
  departureTime: Date | null;
  departureTimeStatus: string | null;
  arrivalTime: Date | null;
  arrivalTimeStatus: string | null;
  placeOfDeliveryEta: Date | null;
  placeOfDeliveryEtaStatus: string | null;
  createdAt: Date;
}

export interface VesselSource {
  sequence: number;
  vesselName: string | null;
  imo: string | null;
  voyage: string | null;
  loadingPortLocode: string | null;
  loadingPortName: string | null;
  dischargingPortLocode: string | null;
  dischargingPortName: string | null;
  departureTime: Date | null;
  departureTimeStatus: string | null;
  arrivalTime: Date | null;
  arrivalTimeStatus: string | null;
}

export interface ChangeSource {
  kind: string;
  oldValue: unknown;
  newValue: unknown;
}

const place = (locode: string | null, name: string | null) => ({ locode, name });
const timed = (time: Date | null, status: string | null): { time: Iso; status: string | null } => ({
  time: iso(time),
  status,
});

export function shipmentEventPayload(
  shipment: ShipmentSource,
  history: HistorySource,
  vessels: readonly VesselSource[],
  changes: readonly ChangeSource[],
) {
  return {
    type: "shipment.updated" as const,
    timestamp: history.createdAt.toISOString(),
    data: {
      shipment: {
        id: shipment.id,
        trackingNumber: shipment.trackingNumber,
        trackingType: shipment.trackingType,
        shippingLine: shipment.shippingLine,
        title: shipment.title,
        team: { id: shipment.teamId, name: shipment.teamName },
        archived: shipment.archivedAt !== null,
        placeOfReceipt: place(history.placeOfReceiptLocode, history.placeOfReceiptName),
        portOfLoading: place(history.loadingPortLocode, history.loadingPortName),
        portOfDischarge: place(history.dischargingPortLocode, history.dischargingPortName),
        placeOfDelivery: place(history.placeOfDeliveryLocode, history.placeOfDeliveryName),
        etd: timed(history.departureTime, history.departureTimeStatus),
        eta: timed(history.arrivalTime, history.arrivalTimeStatus),
        placeOfDeliveryEta: timed(history.placeOfDeliveryEta, history.placeOfDeliveryEtaStatus),
        delayDays: shipment.delayDays,
        etdDelayDays: shipment.etdDelayDays,
        vessels: [...vessels]
          .sort((a, b) => a.sequence - b.sequence)
          .map((v) => ({
            name: v.vesselName,
            imo: v.imo,
            voyage: v.voyage,
            portOfLoading: place(v.loadingPortLocode, v.loadingPortName),
            portOfDischarge: place(v.dischargingPortLocode, v.dischargingPortName),
            departure: timed(v.departureTime, v.departureTimeStatus),
            arrival: timed(v.arrivalTime, v.arrivalTimeStatus),
          })),
      },
      changes: changes.map((c) => ({ kind: c.kind, old: c.oldValue ?? null, new: c.newValue ?? null })),
    },
  };
}
