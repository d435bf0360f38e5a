// The shapes shipment procedures answer with. tRPC has no transformer here, so every instant is
// an ISO string and every shape is built by a mapping function, never passed through as a row.

import type { HistoryStatus, ShippingLine, TimeStatus, TrackingType } from "../../../shared/enums";
import type {
  Iso,
  PlaceName,
  RouteTimes,
  ShipmentFields,
  ShipmentPerson,
} from "../../../shared/schemas/shipment-shapes";
import type { TrackingWarningKey } from "../../../shared/schemas/shipments";

export type { Iso };

export interface Place extends PlaceName {
  latitude: number | null;
  longitude: number | null;
  /** IANA zone derived from the coordinates, so the console can show the port's local time. */
  timeZone: string | null;
}

export interface HistoryVesselEntry {
  id: string;
  sequence: number;
  vesselName: string | null;
  imo: string | null;
  mmsi: string | null;
  voyage: string | null;
  loadingPort: Place | null;
  dischargingPort: Place | null;
  departureTime: Iso | null;
  departureTimeStatus: TimeStatus | null;
  arrivalTime: Iso | null;
  arrivalTimeStatus: TimeStatus | null;
}

export interface HistoryContainerEntry {
  id: string;
  containerNumber: string;
  grossWeightKilograms: number | null;
  sizeType: string | null;
  sizeTypeOriginal: string | null;
  emptyContainerReleasedToShipperTime: Iso | null;
  gateInTime: Iso | null;
  gateOutTime: Iso | null;
  emptyContainerReturnedFromCustomerTime: Iso | null;
}

export interface ShipmentHistoryEntry extends RouteTimes<Place> {
  id: string;
  status: HistoryStatus;
  /** A key of tracking.failures when the fetch failed. */
  failedReason: string | null;
  createdAt: Iso;
  vesselVoyage: string | null;
  containerSizeType: string | null;
  containerGrossWeightSum: number | null;
  vessels: HistoryVesselEntry[];
  containers: HistoryContainerEntry[];
}

export interface ShipmentViewerCan {
  edit: boolean;
  archive: boolean;
  delete: boolean;
  comment: boolean;
  refresh: boolean;
  /** Subscribing to schedule-change e-mails (none while the company is churned). */
  subscribe: boolean;
  moveTeam: boolean;
  editCustomFields: boolean;
}

export interface ShipmentDetail extends ShipmentFields {
  aisUpdatedAt: Iso | null;
  latitude: number | null;
  longitude: number | null;
  predictedArrivalAt: Iso | null;
  /** Only for viewers who may edit the shipment; null otherwise. */
  shareToken: string | null;
  owner: (ShipmentPerson & { email: string }) | null;
  team: {
    id: string;
    name: string;
    customField1Name: string | null;
    customField2Name: string | null;
    customField3Name: string | null;
    customField1Enabled: boolean;
    customField2Enabled: boolean;
    customField3Enabled: boolean;
  };
  teamPublicSettings: TeamPublicSettings;
  latestHistory: ShipmentHistoryEntry | null;
  viewerCan: ShipmentViewerCan;
  company: { isConnectEnabled: boolean };
}

export interface CreatedShipment {
  id: string;
  warnings: TrackingWarningKey[];
}

export interface ShipmentComment {
  id: string;
  content: string;
  createdAt: Iso;
  user: ShipmentPerson | null;
  isOwn: boolean;
}

export interface ShipmentActivity {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  createdAt: Iso;
  actor: { nickname: string; color: string } | null;
}

export interface FavoriteState {
  shipmentId: string;
  isFavoriteForViewer: boolean;
}

export interface SubscriptionState {
  shipmentId: string;
  isNotificationEnabledForViewer: boolean;
}

export interface CommentsReadState {
  shipmentId: string;
  hasUnreadCommentForViewer: false;
}

export interface TrackingCount {
  active: number;
  max: number;
}

/** Which of the initial and requested dates the owner's team shows (the detail page and the share page). */
export interface TeamPublicSettings {
  enableRequestedEtd: boolean;
  enableRequestedEta: boolean;
  enableInitialEtd: boolean;
  enableInitialEta: boolean;
}

export function toTeamPublicSettings(team: TeamPublicSettings): TeamPublicSettings {
  return {
    enableRequestedEtd: team.enableRequestedEtd,
    enableRequestedEta: team.enableRequestedEta,
    enableInitialEtd: team.enableInitialEtd,
    enableInitialEta: team.enableInitialEta,
  };
}

export function iso(value: Date | null): Iso | null {
  return value ? value.toISOString() : null;
}

// The shipment as a share link shows it (built by share/share.output.ts). Declared with the other
// answers of a shipment because the Shipment GraphQL type answers it too (Query.shipment(shareToken)).

export interface SharedShipmentViewer {
  /** Signed in with a verified e-mail (and the second factor where enabled). */
  signedIn: boolean;
  /** The signed-in address, so the page can say who is looking. */
  email: string | null;
  /** May add files through the link (signed in, and the owner's company has the connect feature). */
  canUpload: boolean;
}

export interface SharedShipment {
  shareToken: string;
  title: string | null;
  trackingNumber: string;
  trackingType: TrackingType;
  shippingLine: ShippingLine;
  isArchived: boolean;
  isFailing: boolean;
  lastScrapedAt: Iso | null;
  delayDays: number | null;
  etdDelayDays: number | null;
  /** The initial and requested dates only where the owner's team shows them (teamPublicSettings). */
  initialEtd: Iso | null;
  initialEta: Iso | null;
  requestedEtd: string | null;
  requestedEta: string | null;
  requestedEtdDelayDays: number | null;
  requestedEtaDelayDays: number | null;
  teamPublicSettings: TeamPublicSettings;
  latestHistory: ShipmentHistoryEntry | null;
  isConnectEnabled: boolean;
  viewer: SharedShipmentViewer;
}
