import type { QueueStatus, ShippingLine, TimeStatus, TrackingType } from "../enums";

// The pieces of a shipment that the list (shared/schemas/list.ts) and the detail page
// (server/modules/shipments/shipments.output.ts) answer alike, so a field means one thing on both
// screens. tRPC has no transformer here: every instant is an ISO string.

/** ISO 8601 instant. */
export type Iso = string;

/** A place as the list shows it; the detail adds coordinates and the port's time zone. */
export interface PlaceName {
  locode: string | null;
  name: string | null;
}

/** A team member as a shipment shows them (owner, commenter). */
export interface ShipmentPerson {
  id: string;
  nickname: string;
  color: string;
}

/** The shipment's own fields, with the viewer's marks on it. */
export interface ShipmentFields {
  id: string;
  title: string | null;
  remark: string | null;
  trackingNumber: string;
  trackingType: TrackingType;
  shippingLine: ShippingLine;
  isArchived: boolean;
  isFailing: boolean;
  /** A key of tracking.failures when the last fetch failed. */
  failedReason: string | null;
  /**
   * A key of tracking.failures for the latest refresh when it failed, from the first failure on
   * (isFailing waits for the failure threshold); null once a refresh succeeded.
   */
  lastFailedReason: string | null;
  queueStatus: QueueStatus;
  lastScrapedAt: Iso | null;
  createdAt: Iso;
  customField1: string | null;
  customField2: string | null;
  customField3: string | null;
  /** Calendar date, YYYY-MM-DD. */
  requestedEtd: string | null;
  /** Calendar date, YYYY-MM-DD. */
  requestedEta: string | null;
  initialEtd: Iso | null;
  initialEta: Iso | null;
  delayDays: number | null;
  etdDelayDays: number | null;
  requestedEtdDelayDays: number | null;
  requestedEtaDelayDays: number | null;
  isFavoriteForViewer: boolean;
  isNotificationEnabledForViewer: boolean;
  hasUnreadCommentForViewer: boolean;
}

/** A history's route and its times, each with whether the carrier reports it as actual or estimated. */
export interface RouteTimes<P extends PlaceName> {
  placeOfReceipt: P | null;
  loadingPort: P | null;
  dischargingPort: P | null;
  placeOfDelivery: P | null;
  departureTime: Iso | null;
  departureTimeStatus: TimeStatus | null;
  arrivalTime: Iso | null;
  arrivalTimeStatus: TimeStatus | null;
  placeOfDeliveryEta: Iso | null;
  placeOfDeliveryEtaStatus: TimeStatus | null;
}
