import { ShipmentIdInput } from "../../../shared/schemas/shipments";
import { router, serviceProcedure } from "../../trpc/init";
import { requestRefresh, updateShipmentPosition } from "./tracking-requests.service";

export const trackingRouter = router({
  /** The Update button (GraphQL runShipmentScrapingManually). */
  refresh: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => requestRefresh(ctx.service, input)),
  /** Before the map shows: the vessel's newest AIS position onto the shipment (GraphQL updateAis). */
  updateAis: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => updateShipmentPosition(ctx.service, input)),
});
