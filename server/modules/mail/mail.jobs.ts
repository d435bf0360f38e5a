import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { deliverEmail } from "./delivery.service";
import {
  MAIL_BATCH_SIZE,
  MAIL_JOB_EXPIRE_SECONDS,
  MAIL_RETRY_DELAY_MAX_SECONDS,
  MAIL_RETRY_DELAY_SECONDS,
  MAIL_SEND_RETRY_LIMIT,
  MAIL_WORKER_CONCURRENCY,
} from "./mail.constants";

export const sendEmailJob = defineJob({
  name: "mail.send",
  payload: z.object({ emailId: z.uuid() }),
  options: {
    retryLimit: MAIL_SEND_RETRY_LIMIT,
    retryBackoff: true,
    retryDelay: MAIL_RETRY_DELAY_SECONDS,
    retryDelayMax: MAIL_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
  },
  // A batch's messages go out side by side over the transport's pooled connections.
  worker: { batchSize: MAIL_BATCH_SIZE, localConcurrency: MAIL_WORKER_CONCURRENCY },
  needs: ["mail"],
  handle: async (ctx, { emailId }, { mail }) => {
    const result = await deliverEmail(ctx, emailId, mail);
    // Another attempt holds the row (a duplicate job, or a worker that died mid-send): come back
    // when its lease ends rather than finishing with the message unsent.
    if (result.outcome === "held" && result.heldUntil) {
      const seconds = Math.ceil((result.heldUntil.getTime() - ctx.clock.now().getTime()) / 1000) + 1;
      await ctx.jobs.send(sendEmailJob, { emailId }, { startAfter: seconds });
    }
  },
});
