import type { Language } from "../../../shared/enums";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { OUTBOX_PAGE_SIZE } from "./mail.constants";
import { latestOutboundEmails } from "./mail.queries";

const LINK = /https?:\/\/[^\s<>"']+/g;

function linksIn(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

export interface OutboxMessage {
  id: string;
  to: string[];
  subject: string;
  template: string;
  language: Language;
  status: "PENDING" | "SENT" | "FAILED";
  transport: "smtp" | "outbox" | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** After a failed attempt: when pg-boss tries again (its jitter aside). */
  nextAttemptAt: string | null;
  links: string[];
}

/**
 * The newest outbox messages with their links, for /app/debug_info. Development only: the links
 * are live verification and reset tokens, so in production the list does not exist at all.
 */
export async function listDevelopmentOutbox(
  ctx: ServiceContext,
  deployment: { production: boolean },
): Promise<OutboxMessage[]> {
  if (deployment.production) throw new AppError("NOT_FOUND");
  const rows = await latestOutboundEmails(ctx.db, OUTBOX_PAGE_SIZE);
  return rows.map(({ text, createdAt, sentAt, nextAttemptAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    sentAt: sentAt?.toISOString() ?? null,
    nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
    links: linksIn(text),
  }));
}
