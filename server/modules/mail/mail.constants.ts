/**
 * pg-boss retries a failed send this many times, with exponential backoff from
 * MAIL_RETRY_DELAY_SECONDS capped at MAIL_RETRY_DELAY_MAX_SECONDS: about four hours of SMTP outage
 * delay the mail and lose none.
 */
export const MAIL_SEND_RETRY_LIMIT = 12;
/** Attempts in all (the first plus the retries); the row is FAILED after the last one. */
export const MAIL_SEND_MAX_ATTEMPTS = MAIL_SEND_RETRY_LIMIT + 1;
/** 30 s, 1, 2, 4, 8, 16 minutes, then every 30 minutes (with jitter). */
export const MAIL_RETRY_DELAY_SECONDS = 30;
export const MAIL_RETRY_DELAY_MAX_SECONDS = 30 * 60;
/** Above the SMTP time-outs in mail.transport.ts, so a hung attempt fails before it expires. */
export const MAIL_JOB_EXPIRE_SECONDS = 90;
/**
 * How long an attempt holds its outbox row while it sends (outside any transaction). Longer than
 * the send job may run, so a live attempt never loses its row; a worker that died mid-send has its
 * row sent again, with the same Message-ID, once this has run out.
 */
export const MAIL_LEASE_SECONDS = 120;
/**
 * Send jobs a worker takes from the queue at once, and how many such batches it runs side by side:
 * together the SMTP connections a worker keeps open (mail.transport.ts), so no message waits for one.
 */
export const MAIL_BATCH_SIZE = 5;
export const MAIL_WORKER_CONCURRENCY = 2;
/** The debug page shows this many of the newest messages. */
export const OUTBOX_PAGE_SIZE = 50;
export const LAST_ERROR_MAX_LENGTH = 1000;
