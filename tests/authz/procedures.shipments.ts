import { action, type ProcedureCase } from "./procedures.types";

const onShipment = (w: { shipment: { id: string } }) => ({ shipmentId: w.shipment.id });

/** The shipments procedures' rules for the authorization matrix (see procedures.ts). */
export const SHIPMENT_PROCEDURES: Record<string, ProcedureCase> = {
  "shipments.create": {
    rule: action("shipment.create"),
    input: (w) => ({
      teamId: w.teams.A.id,
      input: { trackingNumber: "MATRIX000001", shippingLine: "MAERSK", trackingType: "BOOKING_NUMBER" },
    }),
  },
  "shipments.get": { rule: action("shipment.view"), input: onShipment },
  "shipments.update": {
    rule: action("shipment.edit"),
    input: (w) => ({ shipmentId: w.shipment.id, input: { title: "Renamed" } }),
  },
  "shipments.delete": { rule: action("shipment.delete"), input: onShipment },
  "shipments.createFavorite": { rule: action("shipment.favorite"), input: onShipment },
  "shipments.deleteFavorite": { rule: action("shipment.favorite"), input: onShipment },
  "shipments.subscribe": { rule: action("shipment.subscribe"), input: onShipment },
  "shipments.unsubscribe": { rule: action("shipment.subscribe"), input: onShipment },
  "shipments.comments": { rule: action("shipment.view"), input: onShipment },
  "shipments.createComment": {
    rule: action("shipment.comment"),
    input: (w) => ({ shipmentId: w.shipment.id, content: "Is the vessel on time?" }),
  },
  "shipments.markAllCommentsAsRead": { rule: action("shipment.view"), input: onShipment },
  "shipments.activities": { rule: action("shipment.view"), input: onShipment },
  "shipments.histories": { rule: action("shipment.view"), input: onShipment },
  "shipments.trackingCount": { rule: action("shipment.view") },
};
