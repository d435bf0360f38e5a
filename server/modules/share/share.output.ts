// What the share page and the guest home answer with. Anyone holding a share link sees the first
// shape, so it is built field by field here: no comments, activities, owner, team or company ids,
// remarks or custom fields, only what the page shows (spec 02 §2, "Shared shipment page").

import type { ShippingLine, TimeStatus } from "../../../shared/enums";
import type { Iso, PlaceName } from "../../../shared/schemas/shipment-shapes";
import type { Shipment } from "../../db/schema";
import {
  iso,
  type SharedShipment,
  type SharedShipmentViewer,
  type ShipmentHistoryEntry,
  type TeamPublicSettings,
  toTeamPublicSettings,
} from "../shipments/shipments.output";

export type { SharedShipment, SharedShipmentViewer };

export function toSharedShipment(
  shipment: Shipment & { shareToken: string },
  team: TeamPublicSettings,
  latestHistory: ShipmentHistoryEntry | null,
  isConnectEnabled: boolean,
  viewer: SharedShipmentViewer,
): SharedShipment {
  const show = toTeamPublicSettings(team);
  return {
    shareToken: shipment.shareToken,
    title: shipment.title,
    trackingNumber: shipment.trackingNumber,
    trackingType: shipment.trackingType,
    shippingLine: shipment.shippingLine,
    isArchived: shipment.isArchived,
    isFailing: shipment.isFailing,
    lastScrapedAt: iso(shipment.lastScrapedAt),
    delayDays: shipment.delayDays,
    etdDelayDays: shipment.etdDelayDays,
    initialEtd: show.enableInitialEtd ? iso(shipment.initialEtd) : null,
    initialEta: show.enableInitialEta ? iso(shipment.initialEta) : null,
    requestedEtd: show.enableRequestedEtd ? shipment.requestedEtd : null,
    requestedEta: show.enableRequestedEta ? shipment.requestedEta : null,
    requestedEtdDelayDays: show.enableRequestedEtd ? shipment.requestedEtdDelayDays : null,
    requestedEtaDelayDays: show.enableRequestedEta ? shipment.requestedEtaDelayDays : null,
    teamPublicSettings: show,
    latestHistory,
    isConnectEnabled,
    viewer,
  };
}

/** One row of the guest home: the list columns of the latest history, copied onto the shipment. */
export interface GuestShipmentItem {
  shareToken: string;
  title: string | null;
  trackingNumber: string;
  shippingLine: ShippingLine;
  isArchived: boolean;
  latestHistory: {
    loadingPort: PlaceName | null;
    dischargingPort: PlaceName | null;
    departureTime: Iso | null;
    departureTimeStatus: TimeStatus | null;
    arrivalTime: Iso | null;
    arrivalTimeStatus: TimeStatus | null;
    vesselName: string | null;
    vesselVoyage: string | null;
    containers: { containerNumber: string }[];
  } | null;
}

export interface GuestShipmentList {
  items: GuestShipmentItem[];
  /** Every match, when more than the page holds. */
  total: number;
}

const place = (locode: string | null, name: string | null): PlaceName | null =>
  locode || name ? { locode, name } : null;

export function toGuestShipmentItem(s: Shipment & { shareToken: string }): GuestShipmentItem {
  return {
    shareToken: s.shareToken,
    title: s.title,
    trackingNumber: s.trackingNumber,
    shippingLine: s.shippingLine,
    isArchived: s.isArchived,
    latestHistory: s.latestHistoryId
      ? {
          loadingPort: place(s.loadingPortLocode, s.loadingPortName),
          dischargingPort: place(s.dischargingPortLocode, s.dischargingPortName),
          departureTime: iso(s.departureTime),
          departureTimeStatus: s.departureTimeStatus,
          arrivalTime: iso(s.arrivalTime),
          arrivalTimeStatus: s.arrivalTimeStatus,
          vesselName: s.vesselName,
          vesselVoyage: s.vesselVoyage,
          containers: s.containerNumbers.map((containerNumber) => ({ containerNumber })),
        }
      : null,
  };
}
