// The shipment procedures of the console (create, detail, edits, collaboration); merged into
// `shipments` by shipments.router.ts. Each one only hands its validated input to a service.

import {
  CreateCommentInput,
  CreateShipmentInput,
  ShipmentIdInput,
  UpdateShipmentInput,
} from "../../../shared/schemas/shipments";
import { serviceProcedure } from "../../trpc/init";
import { createFavorite, deleteFavorite, subscribe, unsubscribe } from "./collaboration.service";
import { createComment, listComments, markAllCommentsAsRead } from "./comments.service";
import { createShipment } from "./create.service";
import { listActivities, listHistories } from "./records.service";
import { deleteShipment, getShipment, getTrackingCount } from "./shipments.service";
import { updateShipment } from "./update.service";

export const shipmentProcedures = {
  create: serviceProcedure
    .input(CreateShipmentInput)
    .mutation(({ ctx, input }) => createShipment(ctx.service, input)),
  get: serviceProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => getShipment(ctx.service, input.shipmentId)),
  update: serviceProcedure
    .input(UpdateShipmentInput)
    .mutation(({ ctx, input }) => updateShipment(ctx.service, input)),
  delete: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => deleteShipment(ctx.service, input.shipmentId)),
  createFavorite: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => createFavorite(ctx.service, input.shipmentId)),
  deleteFavorite: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => deleteFavorite(ctx.service, input.shipmentId)),
  subscribe: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => subscribe(ctx.service, input.shipmentId)),
  unsubscribe: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.service, input.shipmentId)),
  comments: serviceProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listComments(ctx.service, input.shipmentId)),
  createComment: serviceProcedure
    .input(CreateCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.service, input)),
  markAllCommentsAsRead: serviceProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => markAllCommentsAsRead(ctx.service, input.shipmentId)),
  activities: serviceProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listActivities(ctx.service, input.shipmentId)),
  histories: serviceProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listHistories(ctx.service, input.shipmentId)),
  trackingCount: serviceProcedure.query(({ ctx }) => getTrackingCount(ctx.service)),
};
