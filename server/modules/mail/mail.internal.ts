import { z } from "zod";
import type { Language } from "../../../shared/enums";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { sendEmailJob } from "./mail.jobs";
import { insertOutboundEmail, insertOutboundEmailsOnce, languageOfUserWithEmail } from "./mail.queries";
import { type MailTemplate, renderMail } from "./mail.templates";

export type { MailTemplate } from "./mail.templates";

export interface QueuedEmail {
  to: string;
  template: MailTemplate;
  params: Record<string, string>;
  /** The recipient's language when the caller knows it; else the account's with that address; else en. */
  lang?: Language;
  /** The company the message belongs to, if any (deleting the company deletes its mail). */
  companyId?: string | null;
}

const Recipient = z.email();

/**
 * Writes the message to the outbox and enqueues its send job in the caller's transaction, so a
 * rolled-back change sends nothing. No permission check of its own: the calling service decided
 * that this mail is due (anonymous actors included, e.g. a password reset request).
 */
export async function queueEmail(ctx: ServiceContext, message: QueuedEmail): Promise<{ id: string }> {
  const parsed = Recipient.safeParse(message.to.trim());
  if (!parsed.success) throw new AppError("VALIDATION_FAILED");
  const to = parsed.data;
  const lang = message.lang ?? (await languageOfUserWithEmail(ctx.db, to)) ?? "en";
  const rendered = renderMail(message.template, message.params, lang);
  return ctx.tx(async (tx) => {
    const id = await insertOutboundEmail(tx.db, {
      companyId: message.companyId ?? null,
      to: [to],
      template: message.template,
      language: lang,
      ...rendered,
    });
    await tx.jobs.send(sendEmailJob, { emailId: id });
    return { id };
  });
}

/** A message rendered by its module (notifications), with the key that makes it unique. */
export interface RenderedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  template: string;
  lang: Language;
  companyId: string | null;
  dedupeKey: string;
  headers?: Record<string, string>;
}

/**
 * Writes rendered messages to the outbox and enqueues their send jobs in the caller's transaction.
 * A message whose dedupe key is already in the outbox is skipped, so an event processed twice (a
 * retried or duplicated job) writes one message (sent at least once). Returns how many were written.
 */
export async function queueRenderedEmailsOnce(
  ctx: ServiceContext,
  messages: RenderedEmail[],
): Promise<number> {
  if (messages.length === 0) return 0;
  return ctx.tx(async (tx) => {
    const ids = await insertOutboundEmailsOnce(
      tx.db,
      messages.map(({ lang, headers, ...m }) => ({ ...m, language: lang, headers: headers ?? null })),
    );
    await tx.jobs.sendMany(
      sendEmailJob,
      ids.map((emailId) => ({ payload: { emailId } })),
    );
    return ids.length;
  });
}
