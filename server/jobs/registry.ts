import { pruneAisPositions } from "../modules/ais/ais.jobs";
import { sweepUnfinishedUploadsJob } from "../modules/attachments/attachments.jobs";
import { cleanupExpiredAuthData } from "../modules/auth/auth.jobs";
import { passwordResetEmailJob } from "../modules/auth/password-reset-email";
import { trialLifecycleJob } from "../modules/companies/trial.jobs";
import { cyberportImportJob } from "../modules/cyberport/cyberport.jobs";
import { sendEmailJob } from "../modules/mail/mail.jobs";
import { trackingJobs } from "../modules/tracking/tracking.jobs";
import { webhookJobs } from "../modules/webhooks/webhooks.jobs";
import type { JobDefinition } from "./define";

/** Every job the worker runs. A module's jobs are listed here so web and worker agree on queues. */
export const jobDefinitions: readonly JobDefinition[] = [
  cleanupExpiredAuthData,
  cyberportImportJob,
  passwordResetEmailJob,
  pruneAisPositions,
  sendEmailJob,
  sweepUnfinishedUploadsJob,
  trialLifecycleJob,
  ...trackingJobs,
  ...webhookJobs,
];
