import { asc, eq } from "drizzle-orm";
import type { CreateCommentInput } from "../../../shared/schemas/shipments";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { commentReads, comments, users } from "../../db/schema";
import { visibleShipment } from "./shipments.access";
import { toComment } from "./shipments.internal";
import type { CommentsReadState, ShipmentComment } from "./shipments.output";

/** Oldest first, as a conversation reads. Any member who sees the shipment reads its comments. */
export async function listComments(ctx: ServiceContext, shipmentId: string): Promise<ShipmentComment[]> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  const rows = await ctx.db
    .select({ comment: comments, author: { id: users.id, nickname: users.nickname, color: users.color } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.shipmentId, shipment.id))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((r) => toComment(r.comment, r.author?.id ? r.author : null, actor.userId));
}

export async function createComment(
  ctx: ServiceContext,
  input: CreateCommentInput,
): Promise<ShipmentComment> {
  const actor = await authorize(ctx, "shipment.comment");
  return ctx.tx(async (tx) => {
    const shipment = await visibleShipment(tx, actor, input.shipmentId);
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(comments)
      .values({
        shipmentId: shipment.id,
        companyId: shipment.companyId,
        userId: actor.userId,
        content: input.content,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new AppError("SHIPMENT_NOT_FOUND");
    const [author] = await tx.db
      .select({ id: users.id, nickname: users.nickname, color: users.color })
      .from(users)
      .where(eq(users.id, actor.userId));
    return toComment(row, author ?? null, actor.userId);
  });
}

/** Everything up to now is read for this viewer (one row per viewer and shipment, moved forward). */
export async function markAllCommentsAsRead(
  ctx: ServiceContext,
  shipmentId: string,
): Promise<CommentsReadState> {
  const actor = await authorize(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  const now = ctx.clock.now();
  await ctx.db
    .insert(commentReads)
    .values({ userId: actor.userId, shipmentId: shipment.id, lastReadAt: now })
    .onConflictDoUpdate({
      target: [commentReads.userId, commentReads.shipmentId],
      set: { lastReadAt: now },
    });
  return { shipmentId: shipment.id, hasUnreadCommentForViewer: false };
}
