import { inArray } from "drizzle-orm";
import type { ShippingLine } from "../../../shared/enums";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { seaport } from "../carriers/ports";
import { refreshJobFor } from "./refresh/refresh.jobs";
import { MANUAL_REFRESH_PRIORITY } from "./tracking.constants";

export function portCoordinates(locode: string) {
  const port = seaport(locode);
  return port ? { lat: port.lat, lon: port.lon } : null;
}

/** Sends refresh jobs grouped by line, one statement per line; duplicates are dropped by the queue. */
export async function enqueueRefreshes(
  ctx: ServiceContext,
  rows: { id: string; shippingLine: ShippingLine }[],
  options: { priority?: number } = {},
): Promise<void> {
  const byLine = new Map<ShippingLine, string[]>();
  for (const r of rows) {
    const ids = byLine.get(r.shippingLine);
    if (ids) ids.push(r.id);
    else byLine.set(r.shippingLine, [r.id]);
  }
  for (const [line, ids] of byLine) {
    await ctx.jobs.sendMany(
      refreshJobFor(line),
      ids.map((id) => ({
        payload: { shipmentId: id },
        options: { singletonKey: id, priority: options.priority ?? 0 },
      })),
    );
  }
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
