import { z } from "zod";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { defineJob } from "../../jobs/define";
import { SESSION_IDLE_TIMEOUT_MS } from "./auth.constants";
import { deleteExpiredAuthData } from "./auth.queries";

/** Housekeeping only the system may run: nothing here is reachable from a request. */
export async function cleanupExpired(ctx: ServiceContext) {
  requireSystem(ctx);
  const now = ctx.clock.now();
  const removed = await deleteExpiredAuthData(ctx.db, now, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS));
  ctx.log.info(removed, "expired sessions, tokens and rate-limit windows removed");
  return removed;
}

export const cleanupExpiredAuthData = defineJob({
  name: "auth.cleanup-expired",
  payload: z.object({}),
  options: { retryLimit: 2, expireInSeconds: 300 },
  schedule: { cron: "17 * * * *", data: {} },
  handle: async (ctx) => {
    await cleanupExpired(ctx);
  },
});
