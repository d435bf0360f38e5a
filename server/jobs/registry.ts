import { cleanupExpiredAuthData } from "../modules/auth/auth.jobs";
import { sendEmailJob } from "../modules/mail/mail.jobs";
import type { JobDefinition } from "./define";

/** Every job the worker runs. A module's jobs are listed here so web and worker agree on queues. */
export const jobDefinitions: readonly JobDefinition[] = [cleanupExpiredAuthData, sendEmailJob];
