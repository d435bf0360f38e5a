import type { RouterOutputs } from "../../../lib/trpc";

// The shapes the detail page shows, as the server answers them (server/modules/shipments/shipments.output.ts).

export type ShipmentDetail = RouterOutputs["shipments"]["get"];
export type ShipmentHistoryEntry = NonNullable<ShipmentDetail["latestHistory"]>;
export type HistoryVessel = ShipmentHistoryEntry["vessels"][number];
export type HistoryContainer = ShipmentHistoryEntry["containers"][number];
export type Place = NonNullable<ShipmentHistoryEntry["loadingPort"]>;
export type ShipmentComment = RouterOutputs["shipments"]["comments"][number];
export type ShipmentActivity = RouterOutputs["shipments"]["activities"][number];

/** A place's name for people: the carrier's name, else its UN/LOCODE. */
export function placeName(place: Place | null | undefined): string {
  return place?.name ?? place?.locode ?? "";
}

/** The shipment's name in headings: its title, else its tracking number. */
export function shipmentName(shipment: Pick<ShipmentDetail, "title" | "trackingNumber">): string {
  return shipment.title?.trim() ? shipment.title : shipment.trackingNumber;
}
