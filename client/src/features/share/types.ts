import type { RouterOutputs } from "../../lib/trpc";

// The shapes the share page and the guest home show, as the server answers them
// (server/modules/share/share.output.ts).

export type SharedShipment = RouterOutputs["share"]["shipment"];
export type GuestShipmentList = RouterOutputs["share"]["guestShipments"];
export type GuestShipmentItem = GuestShipmentList["items"][number];

/** The shipment's name in headings: its title, else its tracking number. */
export function sharedShipmentName(shipment: { title: string | null; trackingNumber: string }): string {
  return shipment.title?.trim() ? shipment.title : shipment.trackingNumber;
}

/** Where a share link leads. */
export function sharePath(shareToken: string): string {
  return `/app/share/${encodeURIComponent(shareToken)}`;
}
