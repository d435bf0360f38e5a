import { eq, inArray } from "drizzle-orm";
import type { ShippingLine } from "../../../shared/enums";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { activities, shipments } from "../../db/schema";
import { updateAis } from "../ais/ais.service";
import { visibleShipment } from "../shipments/shipments.access";
import { portCoordinates } from "./refresh.service";
import { enqueueRefreshes } from "./scheduler.service";
import { MANUAL_REFRESH_PRIORITY, TRACKING_ACTIVITY } from "./tracking.constants";

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

/**
 * First fetch of shipments just created (single form, CSV, API), so their schedule shows within
 * seconds rather than at the next scheduler run. Called by the creating service after its own
 * authorization, inside its transaction.
 */
export async function queueFirstRefresh(
  ctx: ServiceContext,
  created: { id: string; shippingLine: ShippingLine }[],
): Promise<void> {
  if (created.length === 0) return;
  await ctx.tx(async (tx) => {
    const ids = created.map((c) => c.id);
    await tx.db.update(shipments).set({ queueStatus: "WAITING" }).where(inArray(shipments.id, ids));
    await enqueueRefreshes(tx, created, { priority: MANUAL_REFRESH_PRIORITY });
  });
}
