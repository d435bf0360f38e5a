import { and, eq } from "drizzle-orm";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { favorites, subscriptions } from "../../db/schema";
import { visibleShipment } from "./shipments.access";
import type { FavoriteState, SubscriptionState } from "./shipments.output";

// Per-viewer flags (favorite, e-mail subscription), and the share token format (links are managed
// in server/modules/share). The flags are idempotent:
// setting what is already set answers the same state.

export async function createFavorite(ctx: ServiceContext, shipmentId: string): Promise<FavoriteState> {
  const actor = await authorize(ctx, "shipment.favorite");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  await ctx.db
    .insert(favorites)
    .values({ userId: actor.userId, shipmentId: shipment.id, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  return { shipmentId: shipment.id, isFavoriteForViewer: true };
}

export async function deleteFavorite(ctx: ServiceContext, shipmentId: string): Promise<FavoriteState> {
  const actor = await authorize(ctx, "shipment.favorite");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  await ctx.db
    .delete(favorites)
    .where(and(eq(favorites.userId, actor.userId), eq(favorites.shipmentId, shipment.id)));
  return { shipmentId: shipment.id, isFavoriteForViewer: false };
}

export async function subscribe(ctx: ServiceContext, shipmentId: string): Promise<SubscriptionState> {
  const actor = await authorize(ctx, "shipment.subscribe");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  await ctx.db
    .insert(subscriptions)
    .values({ userId: actor.userId, shipmentId: shipment.id, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  return { shipmentId: shipment.id, isNotificationEnabledForViewer: true };
}

export async function unsubscribe(ctx: ServiceContext, shipmentId: string): Promise<SubscriptionState> {
  const actor = await authorize(ctx, "shipment.subscribe");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  await ctx.db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, actor.userId), eq(subscriptions.shipmentId, shipment.id)));
  return { shipmentId: shipment.id, isNotificationEnabledForViewer: false };
}
