import { pruneAisPositions } from "../modules/ais/ais.jobs";
import { sweepUnfinishedUploadsJob } from "../modules/attachments/attachments.jobs";
import { cleanupExpiredAuthData } from "../modules/auth/auth.jobs";
import { passwordResetEmailJob } from "../modules/auth/password/password-reset-email";
import { trialLifecycleJob } from "../modules/companies/trial.jobs";
import { cyberportImportJob } from "../modules/cyberport/cyberport.jobs";
import { liveOnShipmentChanged } from "../modules/live/live.jobs";
import { sendEmailJob } from "../modules/mail/mail.jobs";
import { notifyOnShipmentChanged } from "../modules/notifications/notifications.jobs";
import { trackingJobs } from "../modules/tracking/tracking.jobs";
import { webhookJobs, webhooksOnShipmentChanged } from "../modules/webhooks/webhooks.jobs";
import type { JobDefinition } from "./define";
import { eventJobs, type Subscription } from "./events";

/**
 * Who reacts to which event (jobs/events.ts): the emitting module imports none of them. A new
 * reaction is its job and `subscribe(...)` in its own module, and one line here.
 */
export const eventSubscriptions: readonly Subscription[] = [
  notifyOnShipmentChanged,
  webhooksOnShipmentChanged,
  liveOnShipmentChanged,
];

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
  ...eventJobs(eventSubscriptions),
];
