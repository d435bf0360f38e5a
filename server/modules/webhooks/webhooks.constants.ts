import { DAY_MS, HOUR_MS } from "../../core/clock";

// The delivery schedule (docs/decisions/0073-webhook-delivery.md): an attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h and 10 h; after the eighth failure the delivery is FAILED (it can still be redelivered).

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The wait before each attempt; attempt n (1-based) waits RETRY_SCHEDULE_MS[n - 1]. */
export const RETRY_SCHEDULE_MS = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
] as const;

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/**
 * While an attempt runs its delivery is leased for this long (longer than the 15 s request
 * timeout): another worker leaves it alone, and if the worker died the sweep queues it again.
 */
export const ATTEMPT_LEASE_MS = 2 * MINUTE;

/**
 * Attempts one company may have in flight at once, across all workers. A receiver that hangs holds
 * at most these, so it delays only its own company's events (docs/decisions/0026-webhook-fairness.md).
 */
export const COMPANY_DELIVERY_SLOTS = 2;

/**
 * Attempts each worker process sends side by side. An attempt is mostly waiting on a customer's
 * server (up to the 15 s timeout), so this is well above COMPANY_DELIVERY_SLOTS: several companies'
 * dead endpoints together still leave slots for everyone else.
 */
export const DELIVERY_WORKER_SLOTS = 16;

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const DISABLE_FAILING_AFTER_MS = 5 * DAY_MS;

/** A job may start a little before its attempt's time (clocks of the database and worker differ). */
export const DUE_TOLERANCE_MS = 2 * SECOND;

export const USER_AGENT = "Tracking-Webhooks/1.0";
