import type { RouterOutputs } from "../../../lib/trpc";

// The shapes the detail page shows, as the server answers them (server/modules/shipments/shipments.output.ts).
// The history's shapes are shared with the share page (components/shipment).

export type {
  HistoryContainer,
  HistoryVessel,
  Place,
  ShipmentHistoryEntry,
} from "../../../components/shipment/types";
export { placeName } from "../../../components/shipment/types";

export type ShipmentDetail = RouterOutputs["shipments"]["get"];
export type ShipmentComment = RouterOutputs["shipments"]["comments"][number];
export type ShipmentActivity = RouterOutputs["shipments"]["activities"][number];

/** The shipment's name in headings: its title, else its tracking number. */
export function shipmentName(shipment: Pick<ShipmentDetail, "title" | "trackingNumber">): string {
  return shipment.title?.trim() ? shipment.title : shipment.trackingNumber;
}
