import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { mailDeliveryOutcomes } from "../../core/metrics";
import { isDatabaseUnavailable } from "../../db/client";
import {
  LAST_ERROR_MAX_LENGTH,
  MAIL_LEASE_SECONDS,
  MAIL_RETRY_DELAY_MAX_SECONDS,
  MAIL_RETRY_DELAY_SECONDS,
  MAIL_SEND_MAX_ATTEMPTS,
} from "./mail.constants";
import { claimEmail, emailClaimState, markEmailSent, recordEmailFailure } from "./mail.queries";
import type { MailTransport } from "./mail.transport";

// One attempt at one outbox row, as webhook deliveries do it: claim the row with a lease (one short
// statement), talk to the SMTP server outside any transaction, then record the outcome only if the
// row is still this attempt's. A worker that dies after the server took the message leaves the
// lease to run out and the row PENDING, so the message is sent again: delivery is at least once,
// with one Message-ID per row for mail clients to fold the repeat. Holding a transaction (and a
// row lock) across the SMTP conversation instead made a crash lose the record but not the mail.
// See docs/decisions/0022-mail-lease.md.

/** pg-boss's backoff for the retry after `attempts` failures (before its jitter): shown, not enforced. */
function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_DELAY_SECONDS * 2 ** (attempts - 1), MAIL_RETRY_DELAY_MAX_SECONDS) * 1000;
}

export type DeliveryOutcome = "sent" | "kept" | "skipped" | "held";

export interface DeliveryResult {
  outcome: DeliveryOutcome;
  /** For "held": when the attempt holding the row lets it go; try again then. */
  heldUntil?: Date;
}

/** How often, and until how long before the lease ends, a lost "sent" record is written again. */
const RECORD_RETRY_MS = 1000;
const RECORD_RETRY_MARGIN_MS = 15_000;

/**
 * Records that the SMTP server took the message. A database outage at that moment would lose the
 * record and, once the lease ran out, send the message again: while the lease lasts (measured on
 * the process's own clock), the record is written again until Postgres answers.
 */
async function recordSent(
  ctx: ServiceContext,
  emailId: string,
  attempts: number,
  transport: MailTransport["kind"],
  claimedAt: number,
): Promise<boolean> {
  const giveUpAt = claimedAt + MAIL_LEASE_SECONDS * 1000 - RECORD_RETRY_MARGIN_MS;
  for (;;) {
    try {
      return await markEmailSent(ctx.db, emailId, { attempts, sentAt: ctx.clock.now(), transport });
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + RECORD_RETRY_MS > giveUpAt) throw error;
      ctx.log.warn({ emailId, attempts }, "e-mail sent; recording it waits for the database");
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Sends one outbox row. A row already SENT or FAILED is skipped; a row another attempt holds is
 * "held" until its lease ends (the caller tries again then). A failure is recorded and rethrown so
 * pg-boss retries with backoff.
 */
export async function deliverEmail(
  ctx: ServiceContext,
  emailId: string,
  transport: MailTransport,
): Promise<DeliveryResult> {
  requireSystem(ctx);
  const now = ctx.clock.now();
  const row = await claimEmail(ctx.db, emailId, now, new Date(now.getTime() + MAIL_LEASE_SECONDS * 1000));
  if (!row) {
    const state = await emailClaimState(ctx.db, emailId);
    if (state?.status !== "PENDING") return { outcome: "skipped" };
    const until = state.leaseUntil && state.leaseUntil > now ? state.leaseUntil : now;
    return { outcome: "held", heldUntil: until };
  }
  const { attempts } = row;
  const claimedAt = Date.now();
  try {
    await transport.send({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.headers ? { headers: row.headers } : {}),
    });
  } catch (error) {
    const final = attempts >= MAIL_SEND_MAX_ATTEMPTS;
    await recordEmailFailure(ctx.db, row.id, {
      attempts,
      lastError: describeError(error),
      final,
      nextAttemptAt: final ? null : new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
    });
    ctx.log.warn({ err: error, emailId, attempts, final }, "e-mail delivery failed");
    mailDeliveryOutcomes.inc({ outcome: "failed" });
    throw error;
  }
  const recorded = await recordSent(ctx, row.id, attempts, transport.kind, claimedAt);
  // Not recorded: this attempt outlived its lease and a later one owns the row (and its outcome).
  if (!recorded) ctx.log.warn({ emailId, attempts }, "e-mail sent after its lease ran out");
  const outcome = transport.kind === "smtp" ? "sent" : "kept";
  mailDeliveryOutcomes.inc({ outcome });
  return { outcome };
}
