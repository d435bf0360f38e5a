import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { runCyberportImport } from "./cyberport.import.service";

/**
 * One Trigger Import. A retry (the worker died, the job expired) resumes the same import: the
 * handler skips every booking already in its report, so no shipment is created twice.
 */
export const cyberportImportJob = defineJob({
  name: "cyberport.import.service",
  payload: z.object({ importId: z.uuid() }),
  options: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
  needs: ["cyberport"],
  handle: async (ctx, { importId }, { cyberport }) => {
    await runCyberportImport(ctx, importId, cyberport);
  },
});
