import { and, eq } from "drizzle-orm";
import type { UnsubscribeInput } from "../../../shared/schemas/notifications";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { shipments, subscriptions, unsubscribeTokens } from "../../db/schema";
import { shipmentName } from "./notify.compose";

// The unsubscribe link of a notification e-mail (spec 02 §2): anyone holding the token, signed in
// or not, ends that one subscription. The token is the whole authority, and it reaches nothing but
// its own (user, shipment) row. Using it again answers the same: a mail client's one-click POST
// and a later click on the link both succeed.

export interface UnsubscribeResult {
  /** The shipment's title (and number), so the page can say what was unsubscribed. */
  shipmentName: string;
}

export async function unsubscribeByToken(
  ctx: ServiceContext,
  input: UnsubscribeInput,
): Promise<UnsubscribeResult> {
  return ctx.tx(async (tx) => {
    const [row] = await tx.db
      .select({
        id: unsubscribeTokens.id,
        userId: unsubscribeTokens.userId,
        shipmentId: unsubscribeTokens.shipmentId,
        title: shipments.title,
        trackingNumber: shipments.trackingNumber,
      })
      .from(unsubscribeTokens)
      .innerJoin(
        shipments,
        and(
          eq(shipments.id, unsubscribeTokens.shipmentId),
          eq(shipments.companyId, unsubscribeTokens.companyId),
        ),
      )
      .where(eq(unsubscribeTokens.token, input.unsubscribeToken))
      .for("update", { of: unsubscribeTokens });
    if (!row) throw new AppError("UNSUBSCRIBE_TOKEN_INVALID");
    await tx.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.shipmentId, row.shipmentId)));
    await tx.db
      .update(unsubscribeTokens)
      .set({ lastUsedAt: tx.clock.now() })
      .where(eq(unsubscribeTokens.id, row.id));
    return { shipmentName: shipmentName(row) };
  });
}
