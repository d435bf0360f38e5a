import { z } from "zod";
import { SHIPPING_LINE_CODES } from "../../../shared/enums";
import { defineJob, type JobDefinition } from "../../jobs/define";
import { autoArchiveShipments } from "./archive/archive.service";
import { REFRESH_JOBS } from "./refresh/refresh.jobs";
import { scheduleDueRefreshes } from "./scheduler/scheduler.service";
import { feedSimulatedPositions } from "./simulated-ais.service";
import { shipmentChanged } from "./tracking.events";

/** Every minute: due shipments onto their lines' queues. One run at a time (exclusive). */
export const scheduleRefreshesJob = defineJob({
  name: "tracking.schedule-refreshes",
  payload: z.object({}),
  options: { policy: "exclusive", retryLimit: 0, expireInSeconds: 300 },
  schedule: { cron: "* * * * *", data: {} },
  needs: ["tracking"],
  handle: async (ctx, _payload, { tracking }) => {
    const queued = await scheduleDueRefreshes(ctx, tracking);
    if (queued > 0) ctx.log.info({ queued }, "refreshes queued");
  },
});

/** Daily: shipments past their delivery period, or with a number the carrier rejects, archived. */
export const autoArchiveJob = defineJob({
  name: "tracking.auto-archive",
  payload: z.object({}),
  options: { policy: "exclusive", retryLimit: 3, retryBackoff: true, expireInSeconds: 1800 },
  schedule: { cron: "31 1 * * *", data: {} },
  needs: ["tracking"],
  handle: async (ctx, _payload, { tracking }) => {
    const archived = await autoArchiveShipments(ctx, {
      failureThreshold: tracking.failureThreshold,
    });
    ctx.log.info({ archived }, "shipments auto-archived");
  },
});

/**
 * Every 5 minutes: positions of the simulator's ships for shipments on simulated lines (lines
 * without CARRIER_<LINE>_URL). Nothing to do where every line has a real carrier endpoint.
 */
export const simulatedAisJob = defineJob({
  name: "tracking.simulated-ais",
  payload: z.object({}),
  options: { policy: "exclusive", retryLimit: 0, expireInSeconds: 240 },
  schedule: { cron: "*/5 * * * *", data: {} },
  needs: ["carriers"],
  handle: async (ctx, _payload, { carriers }) => {
    if (!SHIPPING_LINE_CODES.some((line) => carriers.endpoint(line).simulated)) return;
    const result = await feedSimulatedPositions(ctx);
    if (result) ctx.log.debug({ ...result }, "simulated AIS positions fed");
  },
});

/** The tracking engine's queues, for the registry. */
export const trackingJobs: readonly JobDefinition[] = [
  scheduleRefreshesJob,
  autoArchiveJob,
  simulatedAisJob,
  ...(Object.values(REFRESH_JOBS) as JobDefinition[]),
];

/**
 * The queues refreshes send to, for setups that create queues without the registry: the refresh
 * queues and the shipment-changed event's (its fan-out job is built from the registry's
 * subscriptions, jobs/events.ts).
 */
export const trackingQueues = [...trackingJobs, shipmentChanged];
