import type { TrackingFailureKind } from "../../../shared/enums";

/** Queue name prefix: one queue per shipping line, e.g. tracking.refresh.MAERSK. */
export const REFRESH_QUEUE_PREFIX = "tracking.refresh";

/** A transient failure (the carrier down or throttling) is retried this often, with backoff. */
export const REFRESH_RETRY_LIMIT = 3;
export const REFRESH_RETRY_DELAY_SECONDS = 30;
export const REFRESH_RETRY_DELAY_MAX_SECONDS = 15 * 60;
/** A batch fetches every member from the carrier; a stuck one is expired and retried by pg-boss. */
export const REFRESH_JOB_EXPIRE_SECONDS = 5 * 60;
/** Manual refreshes jump the queue ahead of the scheduled backlog. */
export const MANUAL_REFRESH_PRIORITY = 10;

/** Failures worth another try soon; the others are the carrier's answer and wait for the next cycle. */
export const TRANSIENT_FAILURES: readonly TrackingFailureKind[] = ["CARRIER_UNAVAILABLE", "RATE_LIMITED"];
/** The carrier says the number is wrong: archived once the shipment is failing for it. */
export { WRONG_NUMBER_FAILURES } from "../../../shared/refresh-state";

/** The scheduler claims due shipments in chunks of this many (one transaction each)... */
export const SCHEDULER_CLAIM_CHUNK = 1000;
/** ...and at most this many per run, so a run ends well inside its minute. */
export const SCHEDULER_MAX_PER_RUN = 50_000;

/** Activity kinds the tracking engine records (rendered from kind and params by the console). */
export const TRACKING_ACTIVITY = {
  /** params: { reason: "DELIVERED" | "CANCELLED" | "NOT_FOUND" | "INVALID_NUMBER", days?: number } */
  autoArchived: "tracking.autoArchived",
  /** params: { reason: FailureKind, failures: number } */
  failing: "tracking.failing",
  /** A member asked for a refresh; actorUserId says who. */
  refreshRequested: "tracking.refreshRequested",
} as const;
