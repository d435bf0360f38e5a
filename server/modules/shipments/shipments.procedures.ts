// The shipment procedures of the console (create, detail, edits, collaboration); merged into
// `shipments` by shipments.router.ts. Each one only hands its validated input to a service.

import {
  CreateCommentInput,
  CreateShipmentInput,
  ShipmentIdInput,
  UpdateShipmentInput,
} from "../../../shared/schemas/shipments";
import { publicProcedure } from "../../trpc/init";
import { createFavorite, deleteFavorite, subscribe, unsubscribe } from "./collaboration.service";
import { createComment, listComments, markAllCommentsAsRead } from "./comments.service";
import { createShipment } from "./create.service";
import { listActivities, listHistories } from "./records.service";
import { deleteShipment, getShipment, getTrackingCount } from "./shipments.service";
import { updateShipment } from "./update.service";

export const shipmentProcedures = {
  create: publicProcedure
    .input(CreateShipmentInput)
    .mutation(({ ctx, input }) => createShipment(ctx.service, input)),
  get: publicProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => getShipment(ctx.service, input.shipmentId)),
  update: publicProcedure
    .input(UpdateShipmentInput)
    .mutation(({ ctx, input }) => updateShipment(ctx.service, input)),
  delete: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => deleteShipment(ctx.service, input.shipmentId)),
  createFavorite: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => createFavorite(ctx.service, input.shipmentId)),
  deleteFavorite: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => deleteFavorite(ctx.service, input.shipmentId)),
  subscribe: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => subscribe(ctx.service, input.shipmentId)),
  unsubscribe: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.service, input.shipmentId)),
  comments: publicProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listComments(ctx.service, input.shipmentId)),
  createComment: publicProcedure
    .input(CreateCommentInput)
    .mutation(({ ctx, input }) => createComment(ctx.service, input)),
  markAllCommentsAsRead: publicProcedure
    .input(ShipmentIdInput)
    .mutation(({ ctx, input }) => markAllCommentsAsRead(ctx.service, input.shipmentId)),
  activities: publicProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listActivities(ctx.service, input.shipmentId)),
  histories: publicProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listHistories(ctx.service, input.shipmentId)),
  trackingCount: publicProcedure.query(({ ctx }) => getTrackingCount(ctx.service)),
};
