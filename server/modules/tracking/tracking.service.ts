import { inArray } from "drizzle-orm";
import type { ShippingLine } from "../../../shared/enums";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { enqueueRefreshes } from "./scheduler.service";
import { MANUAL_REFRESH_PRIORITY } from "./tracking.constants";

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
