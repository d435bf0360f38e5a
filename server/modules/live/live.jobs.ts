import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { subscribe } from "../../jobs/events";
import { shipmentChanged } from "../tracking/tracking.events";
import { publishShipmentChange } from "./live.service";

/**
 * A refresh's change of one shipment to every open console (each web process LISTENs). Not worth
 * retrying for long: a change that reaches nobody live is still on the page's next fetch.
 */
export const publishLiveChangeJob = defineJob({
  name: "live.shipment-changed",
  payload: z.object({ shipmentId: z.uuid() }),
  options: { retryLimit: 3, retryDelay: 2, expireInSeconds: 60 },
  worker: { localConcurrency: 2 },
  handle: async (ctx, { shipmentId }) => {
    await publishShipmentChange(ctx, { shipmentId });
  },
});

/** Listed in the registry's event subscriptions. */
export const liveOnShipmentChanged = subscribe(shipmentChanged, publishLiveChangeJob, (e) => ({
  shipmentId: e.shipmentId,
}));
