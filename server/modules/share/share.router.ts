import { GuestShipmentsInput } from "../../../shared/schemas/share";
import { ShareTokenInput, ShipmentIdInput } from "../../../shared/schemas/shipments";
import { router, serviceProcedure } from "../../trpc/init";
import { getSharedShipment, listGuestShipments } from "./share.service";
import { regenerateShareToken, revokeShareToken } from "./share-links.service";

/** `share`: the public page by token, the guest home, and the link's management by members. */
export const shareRouter = router({
  shipment: serviceProcedure
    .input(ShareTokenInput)
    .query(({ ctx, input }) => getSharedShipment(ctx.service, input, { ip: ctx.req.ip })),
  guestShipments: serviceProcedure
    .input(GuestShipmentsInput)
    .query(({ ctx, input }) => listGuestShipments(ctx.service, input, { ip: ctx.req.ip })),
  revokeToken: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => revokeShareToken(ctx.service, input.shipmentId)),
  regenerateToken: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => regenerateShareToken(ctx.service, input.shipmentId)),
});
