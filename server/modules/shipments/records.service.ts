import { desc, eq } from "drizzle-orm";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { activities, users } from "../../db/schema";
import { historiesOfShipment } from "./histories.output";
import { visibleShipment } from "./shipments.access";
import { toActivity } from "./shipments.internal";
import type { ShipmentActivity, ShipmentHistoryEntry } from "./shipments.output";

/** Newest first. The text is rendered by the console from kind and params (shared/activities.ts). */
export async function listActivities(ctx: ServiceContext, shipmentId: string): Promise<ShipmentActivity[]> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  const rows = await ctx.db
    .select(activityColumns)
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorUserId))
    .where(eq(activities.shipmentId, shipment.id))
    .orderBy(desc(activities.createdAt), desc(activities.id));
  return rows.map(toActivity);
}

/** The columns `toActivity` maps: the activity and its actor (left-joined, so possibly gone). */
export const activityColumns = {
  id: activities.id,
  shipmentId: activities.shipmentId,
  kind: activities.kind,
  params: activities.params,
  createdAt: activities.createdAt,
  actorId: users.id,
  nickname: users.nickname,
  color: users.color,
};

/** Every fetch that changed something (and each failed one), oldest to newest: the History tab. */
export async function listHistories(
  ctx: ServiceContext,
  shipmentId: string,
): Promise<ShipmentHistoryEntry[]> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  return historiesOfShipment(ctx.db, shipment.id);
}
