import { ShipmentIdInput } from "../../../shared/schemas/shipments";
import { publicProcedure, router } from "../../trpc/init";
import { requestRefresh, updateShipmentPosition } from "./tracking.service";

export const trackingRouter = router({
  /** The Update button (GraphQL runShipmentScrapingManually). */
  refresh: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => requestRefresh(ctx.service, input)),
  /** Before the map shows: the vessel's newest AIS position onto the shipment (GraphQL updateAis). */
  updateAis: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => updateShipmentPosition(ctx.service, input)),
});
