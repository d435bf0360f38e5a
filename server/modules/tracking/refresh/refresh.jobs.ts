import { z } from "zod";
import { SHIPPING_LINE_CODES, type ShippingLine } from "../../../../shared/enums";
import { defineJob, type JobDefinition } from "../../../jobs/define";
import { refreshShipments } from "../refresh.service";
import {
  REFRESH_JOB_EXPIRE_SECONDS,
  REFRESH_QUEUE_PREFIX,
  REFRESH_RETRY_DELAY_MAX_SECONDS,
  REFRESH_RETRY_DELAY_SECONDS,
  REFRESH_RETRY_LIMIT,
} from "../tracking.constants";

// One queue per shipping line, so each carrier gets its own concurrency and pacing and a slow or
// failing carrier never holds up the others. The exclusive policy keeps at most one job per
// shipment queued, retrying or running (singletonKey = shipment id): a refresh asked for twice is
// one refresh.

const RefreshPayload = z.object({ shipmentId: z.uuid() });
export type RefreshJobDefinition = JobDefinition<typeof RefreshPayload, "carriers" | "tracking">;

function refreshJob(line: ShippingLine): RefreshJobDefinition {
  return defineJob({
    name: `${REFRESH_QUEUE_PREFIX}.${line}`,
    payload: RefreshPayload,
    options: {
      policy: "exclusive",
      retryLimit: REFRESH_RETRY_LIMIT,
      retryBackoff: true,
      retryDelay: REFRESH_RETRY_DELAY_SECONDS,
      retryDelayMax: REFRESH_RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: REFRESH_JOB_EXPIRE_SECONDS,
      // Four refreshes a day per shipment: finished jobs are kept a day, for inspection only.
      deleteAfterSeconds: 24 * 60 * 60,
    },
    needs: ["carriers", "tracking"],
    worker: ({ tracking }) => ({
      batchSize: tracking.lines[line].batchSize,
      localConcurrency: tracking.lines[line].concurrency,
      pollingIntervalSeconds: 2,
      burstWhenBatchFull: true,
    }),
    handle: async (ctx, { shipmentId }, parts) => {
      const job = { id: shipmentId, shipmentId, retryCount: 0, retryLimit: 0 };
      await refreshShipments(ctx, [job], parts);
    },
    handleBatch: async (ctx, jobs, parts) => {
      const batch = jobs.map((j) => ({
        id: j.id,
        shipmentId: j.data.shipmentId,
        retryCount: j.retryCount,
        retryLimit: j.retryLimit,
      }));
      return (await refreshShipments(ctx, batch, parts)).outcomes;
    },
  });
}

export const REFRESH_JOBS = Object.fromEntries(
  SHIPPING_LINE_CODES.map((line) => [line, refreshJob(line)]),
) as Record<ShippingLine, RefreshJobDefinition>;

export function refreshJobFor(line: ShippingLine): RefreshJobDefinition {
  return REFRESH_JOBS[line];
}
