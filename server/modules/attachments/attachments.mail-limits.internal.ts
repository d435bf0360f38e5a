import { ATTACHMENT_SHARE_MAIL_LIMITS } from "../../../shared/constants";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit } from "../../core/rate-limit";
import { claimOncePerWindow } from "./attachments.queries";

// Limits on "a file was shared with you" e-mails (docs/decisions/0014-attachment-share-mail-limits.md):
// a member cannot make the product mail many outside addresses by toggling files' share lists.
// Counters live in Postgres (rate_limit_buckets) and are taken in the transaction that queues the
// e-mails, so a refused request counts and claims nothing, as the invitation quotas do.

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * The recipients of a share notification who may be mailed now: each address hears about a file
 * once a day at most, however often it is removed and added again; then the sharer's and the
 * company's counters take one unit per e-mail, and refuse the whole request past either.
 */
export async function claimShareMailRecipients<R extends { email: string }>(
  ctx: ServiceContext,
  scope: { attachmentId: string; companyId: string; senderId: string },
  recipients: readonly R[],
): Promise<R[]> {
  const keyOf = (r: R) => `attachment-share-mail:${scope.attachmentId}:${r.email.trim().toLowerCase()}`;
  const claimed = await claimOncePerWindow(
    ctx.db,
    recipients.map(keyOf),
    ctx.clock.now(),
    ATTACHMENT_SHARE_MAIL_LIMITS.perRecipientAndFileMs,
  );
  const due = recipients.filter((r) => claimed.has(keyOf(r)));
  if (due.length === 0) return due;
  // The company's counter first, then the sharer's: every request takes them in this order.
  await consumeRateLimit(ctx, {
    key: `attachment-share-mail:company:${scope.companyId}`,
    ...ATTACHMENT_SHARE_MAIL_LIMITS.perCompany,
    weight: due.length,
    refusal: (seconds) =>
      new AppError("ATTACHMENT_SHARE_MAILS_FROM_COMPANY_LIMITED", { minutes: minutes(seconds) }),
  });
  await consumeRateLimit(ctx, {
    key: `attachment-share-mail:sender:${scope.senderId}`,
    ...ATTACHMENT_SHARE_MAIL_LIMITS.perSharer,
    weight: due.length,
    refusal: (seconds) =>
      new AppError("ATTACHMENT_SHARE_MAILS_FROM_SENDER_LIMITED", { minutes: minutes(seconds) }),
  });
  return due;
}
