import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { deliverEmail } from "./delivery.service";
import {
  MAIL_JOB_EXPIRE_SECONDS,
  MAIL_RETRY_DELAY_MAX_SECONDS,
  MAIL_RETRY_DELAY_SECONDS,
  MAIL_SEND_RETRY_LIMIT,
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
  worker: { localConcurrency: 2 },
  handle: async (ctx, { emailId }, runtime) => {
    await deliverEmail(ctx, emailId, runtime.mail);
  },
});
