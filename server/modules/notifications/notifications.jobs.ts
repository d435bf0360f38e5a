import { z } from "zod";
import { defineJob, type JobRuntime } from "../../jobs/define";
import { notifyShipmentChanges } from "./notify.service";

function appUrlOf(runtime: JobRuntime): string {
  if (!runtime.appUrl) throw new Error("the job runtime has no APP_URL (build it with createJobRuntime)");
  return runtime.appUrl;
}

/**
 * One refresh's changes of one shipment to e-mails. Enqueued by the tracking engine in the
 * transaction that writes the change records; idempotent through the outbox's dedupe keys.
 */
export const notifyChangesJob = defineJob({
  name: "notifications.changes",
  payload: z.object({ historyId: z.uuid() }),
  options: {
    retryLimit: 10,
    retryBackoff: true,
    retryDelay: 30,
    retryDelayMax: 30 * 60,
    expireInSeconds: 300,
  },
  worker: { localConcurrency: 2 },
  handle: async (ctx, { historyId }, runtime) => {
    await notifyShipmentChanges(ctx, historyId, appUrlOf(runtime));
  },
});
