import { requireSystem } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import type { TrackingSettings } from "../tracking.config";
import { SCHEDULER_CLAIM_CHUNK, SCHEDULER_MAX_PER_RUN } from "../tracking.constants";
import { enqueueRefreshes } from "../tracking.internal";
import { claimDueShipments } from "../tracking.queries";

/**
 * Puts every due active shipment on its line's queue (run each minute). Claiming a chunk and
 * sending its jobs happen in one transaction, so a shipment is WAITING exactly when its job exists.
 * A shipment still WAITING or FETCHING when it comes due again lost its job (expired past its
 * retries, a purged queue): it is claimed again, and where the job does exist the send is a no-op.
 */
export async function scheduleDueRefreshes(
  ctx: ServiceContext,
  settings: TrackingSettings,
  options: { maxPerRun?: number; chunk?: number } = {},
): Promise<number> {
  requireSystem(ctx);
  const max = options.maxPerRun ?? SCHEDULER_MAX_PER_RUN;
  const chunk = options.chunk ?? SCHEDULER_CLAIM_CHUNK;
  let total = 0;
  while (total < max) {
    const claimed = await ctx.tx(async (tx) => {
      const rows = await claimDueShipments(tx.db, {
        now: tx.clock.now(),
        limit: Math.min(chunk, max - total),
        intervalMs: settings.refreshIntervalMs,
        jitterMs: settings.refreshJitterMs,
      });
      await enqueueRefreshes(tx, rows);
      return rows.length;
    });
    total += claimed;
    // Not "fewer than a chunk": SKIP LOCKED may pass over rows another transaction holds just now.
    if (claimed === 0) break;
  }
  return total;
}
