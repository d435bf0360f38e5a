import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { prunePositions } from "./ais.service";

/** Daily: positions past the retention go; every shipment keeps its own last position. */
export const pruneAisPositions = defineJob({
  name: "ais.prune-positions",
  payload: z.object({}),
  options: { retryLimit: 2, expireInSeconds: 900 },
  schedule: { cron: "41 3 * * *", data: {} },
  handle: async (ctx) => {
    const removed = await prunePositions(ctx);
    ctx.log.info({ removed }, "old AIS positions removed");
  },
});
