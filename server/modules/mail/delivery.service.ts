import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import {
  LAST_ERROR_MAX_LENGTH,
  MAIL_RETRY_DELAY_MAX_SECONDS,
  MAIL_RETRY_DELAY_SECONDS,
  MAIL_SEND_MAX_ATTEMPTS,
} from "./mail.constants";
import { claimPendingEmail, markEmailSent, recordEmailFailure } from "./mail.queries";
import type { MailTransport } from "./mail.transport";

/** pg-boss's backoff for the retry after `attempts` failures (before its jitter): shown, not enforced. */
function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_DELAY_SECONDS * 2 ** (attempts - 1), MAIL_RETRY_DELAY_MAX_SECONDS) * 1000;
}

export type DeliveryOutcome = "sent" | "kept" | "skipped";

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Sends one outbox row. The row stays locked from the claim to the status update, so a second run
 * of the job (a retry after an expiry, or two workers) finds nothing to do; a failure is recorded
 * in the same transaction and then rethrown so pg-boss retries with backoff.
 */
export async function deliverEmail(
  ctx: ServiceContext,
  emailId: string,
  transport: MailTransport,
): Promise<DeliveryOutcome> {
  if (ctx.actor.kind !== "system") throw new AppError("PERMISSION_DENIED");
  const result = await ctx.tx(async (tx) => {
    const row = await claimPendingEmail(tx.db, emailId);
    if (!row) return { outcome: "skipped" as const };
    const attempts = row.attempts + 1;
    try {
      await transport.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (error) {
      const final = attempts >= MAIL_SEND_MAX_ATTEMPTS;
      await recordEmailFailure(tx.db, row.id, {
        attempts,
        lastError: describeError(error),
        final,
        nextAttemptAt: final ? null : new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
      });
      ctx.log.warn({ err: error, emailId, attempts, final }, "e-mail delivery failed");
      return { outcome: "failed" as const, error };
    }
    await markEmailSent(tx.db, row.id, { attempts, sentAt: ctx.clock.now(), transport: transport.kind });
    return { outcome: transport.kind === "smtp" ? ("sent" as const) : ("kept" as const) };
  });
  if (result.outcome === "failed") throw result.error;
  return result.outcome;
}
