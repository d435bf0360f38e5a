import { eq } from "drizzle-orm";
import { SHIPMENT_ACTIVITY } from "../../../shared/activities";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { visibleShipment } from "../shipments/shipments.access";
import { newShareToken } from "../shipments/shipments.internal";
import { recordActivity } from "../shipments/shipments.rules";

// The share link of a shipment, managed by those who may edit it (spec 02 §2): turned off, or
// issued anew, which ends the previous link at once. Both hold the shipment's row lock, so two
// people acting together leave exactly one outcome and one activity each.

export interface ShareLinkState {
  shipmentId: string;
  /** Null while the shipment has no link. */
  shareToken: string | null;
}

/** Turns the link off: the page answers "We couldn't find the shipment." until a new one is made. */
export async function revokeShareToken(ctx: ServiceContext, shipmentId: string): Promise<ShareLinkState> {
  const actor = await authorize(ctx, "shipment.edit");
  return ctx.tx(async (tx) => {
    const shipment = await visibleShipment(tx, actor, shipmentId);
    if (shipment.shareToken === null) return { shipmentId: shipment.id, shareToken: null };
    await tx.db
      .update(shipments)
      .set({ shareToken: null, updatedAt: tx.clock.now() })
      .where(eq(shipments.id, shipment.id));
    await recordActivity(tx, {
      shipmentId: shipment.id,
      companyId: shipment.companyId,
      actorUserId: actor.userId,
      kind: SHIPMENT_ACTIVITY.shareLinkRevoked,
    });
    return { shipmentId: shipment.id, shareToken: null };
  });
}

/** A new link, whether one existed (it stops working) or had been turned off. */
export async function regenerateShareToken(
  ctx: ServiceContext,
  shipmentId: string,
): Promise<ShareLinkState & { shareToken: string }> {
  const actor = await authorize(ctx, "shipment.edit");
  return ctx.tx(async (tx) => {
    const shipment = await visibleShipment(tx, actor, shipmentId);
    const shareToken = newShareToken();
    await tx.db
      .update(shipments)
      .set({ shareToken, updatedAt: tx.clock.now() })
      .where(eq(shipments.id, shipment.id));
    await recordActivity(tx, {
      shipmentId: shipment.id,
      companyId: shipment.companyId,
      actorUserId: actor.userId,
      kind:
        shipment.shareToken === null ? SHIPMENT_ACTIVITY.shareLinkCreated : SHIPMENT_ACTIVITY.shareLinkReset,
    });
    return { shipmentId: shipment.id, shareToken };
  });
}
