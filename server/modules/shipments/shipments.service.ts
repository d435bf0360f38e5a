import { eq } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { authorize, currentContractLimits, loadCompanyGate } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { visibleShipment } from "./shipments.access";
import { shipmentDetail } from "./shipments.detail";
import { countActiveShipments } from "./shipments.limits";
import type { ShipmentDetail, TrackingCount } from "./shipments.output";

/** The detail page of one shipment, as this viewer sees it. */
export async function getShipment(ctx: ServiceContext, shipmentId: string): Promise<ShipmentDetail> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  return shipmentDetail(ctx.db, actor, await loadCompanyGate(ctx, actor.companyId), shipment);
}

/**
 * Permanent: its histories (with legs and containers), changes, comments, comment reads,
 * activities, favorites and subscriptions go with it through the foreign keys' cascades.
 */
export async function deleteShipment(ctx: ServiceContext, shipmentId: string): Promise<{ id: string }> {
  const actor = await authorize(ctx, "shipment.delete");
  return ctx.tx(async (tx) => {
    const shipment = await visibleShipment(tx, actor, shipmentId);
    const deleted = await tx.db
      .delete(shipments)
      .where(eq(shipments.id, shipment.id))
      .returning({ id: shipments.id });
    if (deleted.length === 0) throw new AppError("SHIPMENT_NOT_FOUND");
    return { id: shipment.id };
  });
}

/** The top bar: the company's active (not archived) trackings and the current contract's maximum. */
export async function getTrackingCount(ctx: ServiceContext): Promise<TrackingCount> {
  const actor = await authorize(ctx, "shipment.view");
  const [active, limits] = await Promise.all([
    countActiveShipments(ctx, actor.companyId),
    currentContractLimits(ctx, actor.companyId),
  ]);
  return { active, max: limits.maxTrackings };
}
