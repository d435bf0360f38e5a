import { z } from "zod";
import { CHANGE_RECORDS_JOB_OPTIONS, defineJob } from "../../jobs/define";
import { subscribe } from "../../jobs/events";
import { shipmentChanged } from "../tracking/tracking.events";
import { notifyShipmentChanges } from "./notify.service";

/**
 * One refresh's changes of one shipment to e-mails, for each shipment-changed event (the event is
 * emitted in the transaction that writes the change records); idempotent through the outbox's
 * dedupe keys.
 */
export const notifyChangesJob = defineJob({
  name: "notifications.changes",
  payload: z.object({ historyId: z.uuid() }),
  options: CHANGE_RECORDS_JOB_OPTIONS,
  worker: { localConcurrency: 2 },
  needs: ["appUrl"],
  handle: async (ctx, { historyId }, { appUrl }) => {
    await notifyShipmentChanges(ctx, historyId, appUrl);
  },
});

/** Listed in the registry's event subscriptions. */
export const notifyOnShipmentChanged = subscribe(shipmentChanged, notifyChangesJob, (e) => ({
  historyId: e.historyId,
}));
