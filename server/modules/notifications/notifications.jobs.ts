import { z } from "zod";
import { appUrlOf, CHANGE_RECORDS_JOB_OPTIONS, defineJob } from "../../jobs/define";
import { notifyShipmentChanges } from "./notify.service";

/**
 * One refresh's changes of one shipment to e-mails. Enqueued by the tracking engine in the
 * transaction that writes the change records; idempotent through the outbox's dedupe keys.
 */
export const notifyChangesJob = defineJob({
  name: "notifications.changes",
  payload: z.object({ historyId: z.uuid() }),
  options: CHANGE_RECORDS_JOB_OPTIONS,
  worker: { localConcurrency: 2 },
  handle: async (ctx, { historyId }, runtime) => {
    await notifyShipmentChanges(ctx, historyId, appUrlOf(runtime));
  },
});
