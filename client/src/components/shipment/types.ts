import type { RouterOutputs } from "../../lib/trpc";

// What the shipment pieces show, in the shapes the server answers: a member's detail page
// (shipments.get) and the public share page (share.shipment) carry the same latest history.

export type ShipmentHistoryEntry = NonNullable<RouterOutputs["shipments"]["get"]["latestHistory"]>;
export type HistoryVessel = ShipmentHistoryEntry["vessels"][number];
export type HistoryContainer = ShipmentHistoryEntry["containers"][number];
export type Place = NonNullable<ShipmentHistoryEntry["loadingPort"]>;

/** The voyage as the schedule and the containers show it. */
export interface ScheduleView {
  latestHistory: ShipmentHistoryEntry | null;
  isFailing: boolean;
  /** A member's view only: why the latest refresh failed, and when one last succeeded. */
  lastFailedReason?: string | null;
  lastScrapedAt?: string | null;
}

/** ETD, ETA and the dates the owner's team chose to show (teamPublicSettings). */
export interface KeyDatesView {
  latestHistory: ShipmentHistoryEntry | null;
  teamPublicSettings: {
    enableRequestedEtd: boolean;
    enableRequestedEta: boolean;
    enableInitialEtd: boolean;
    enableInitialEta: boolean;
  };
  etdDelayDays: number | null;
  delayDays: number | null;
  initialEtd: string | null;
  initialEta: string | null;
  requestedEtd: string | null;
  requestedEta: string | null;
  requestedEtdDelayDays: number | null;
  requestedEtaDelayDays: number | null;
}

/** A place's name for people: the carrier's name, else its UN/LOCODE. */
export function placeName(place: Place | null | undefined): string {
  return place?.name ?? place?.locode ?? "";
}
