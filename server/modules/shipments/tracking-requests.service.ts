import { eq } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { activities, shipments } from "../../db/schema";
import { updateAis } from "../ais/ais.service";
import { MANUAL_REFRESH_PRIORITY, TRACKING_ACTIVITY } from "../tracking/tracking.constants";
import { enqueueRefreshes, portCoordinates } from "../tracking/tracking.internal";
import { visibleShipment } from "./shipments.access";

// What a member asks of the tracking engine for one of their shipments (tRPC tracking.*, GraphQL
// runShipmentScrapingManually and updateAis). The engine knows shipments only as rows; who may see
// a shipment is this module's, so the asking lives here (server/modules/README.md).

export interface RefreshRequestResult {
  shipmentId: string;
  queueStatus: "SLEEPING" | "WAITING" | "FETCHING";
  /** False when a refresh was already queued or running (or the shipment is archived). */
  queued: boolean;
}

/**
 * The detail page's Update button (GraphQL runShipmentScrapingManually): queues a refresh ahead of
 * the scheduled ones. While one is queued or running this changes nothing; the row lock and the
 * queue's one-job-per-shipment policy make two clicks one refresh.
 */
export async function requestRefresh(
  ctx: ServiceContext,
  input: { shipmentId: string },
): Promise<RefreshRequestResult> {
  const actor = await authorize(ctx, "shipment.refresh");
  return ctx.tx(async (tx) => {
    const shipment = await visibleShipment(tx, actor, input.shipmentId);
    if (shipment.archivedAt !== null || shipment.queueStatus !== "SLEEPING") {
      return { shipmentId: shipment.id, queueStatus: shipment.queueStatus, queued: false };
    }
    await tx.db.update(shipments).set({ queueStatus: "WAITING" }).where(eq(shipments.id, shipment.id));
    await enqueueRefreshes(tx, [shipment], { priority: MANUAL_REFRESH_PRIORITY });
    await tx.db.insert(activities).values({
      shipmentId: shipment.id,
      companyId: shipment.companyId,
      actorUserId: actor.userId,
      kind: TRACKING_ACTIVITY.refreshRequested,
      createdAt: tx.clock.now(),
    });
    return { shipmentId: shipment.id, queueStatus: "WAITING", queued: true };
  });
}

export interface ShipmentPosition {
  shipmentId: string;
  latitude: number | null;
  longitude: number | null;
  aisUpdatedAt: Date | null;
  predictedArrivalAt: Date | null;
}

/**
 * The detail page's map, loaded on demand (GraphQL updateAis): the newest AIS position of the
 * vessel the shipment is sailing on is put onto it before it is shown.
 */
export async function updateShipmentPosition(
  ctx: ServiceContext,
  input: { shipmentId: string },
): Promise<ShipmentPosition> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, input.shipmentId);
  await updateAis(ctx.as({ kind: "system", reason: `position for ${actor.userId}` }), {
    portCoordinates,
    shipmentIds: [shipment.id],
  });
  const [row] = await ctx.db
    .select({
      latitude: shipments.latitude,
      longitude: shipments.longitude,
      aisUpdatedAt: shipments.aisUpdatedAt,
      predictedArrivalAt: shipments.predictedArrivalAt,
    })
    .from(shipments)
    .where(eq(shipments.id, shipment.id));
  if (!row) throw new AppError("SHIPMENT_NOT_FOUND");
  return { shipmentId: shipment.id, ...row };
}
