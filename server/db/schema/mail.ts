import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";
import { companies } from "./companies";
import { languageEnum, outboundEmailStatusEnum } from "./enums";

/** How a SENT row left: over SMTP, or kept in this table because no SMTP server is configured. */
export const MAIL_TRANSPORTS = ["smtp", "outbox"] as const;
export type MailTransportKind = (typeof MAIL_TRANSPORTS)[number];

/**
 * The outbox: every e-mail is written here in the transaction that causes it and sent by a job, so
 * no mail goes out for a rolled-back change; in development the console reads it instead of SMTP.
 */
export const outboundEmails = pgTable(
  "outbound_emails",
  {
    id: id(),
    /** Null for mail that belongs to no company yet (sign-up verification, password reset). */
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    to: text().array().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    template: text().notNull(),
    language: languageEnum().notNull(),
    status: outboundEmailStatusEnum().notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamptz(),
    transport: text({ enum: MAIL_TRANSPORTS }),
    /**
     * What makes a message unique, for mail caused by an event that may be processed twice (a
     * notification: recipient, shipment and change): a second insert with the same key is a no-op.
     */
    dedupeKey: text(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for notifications). */
    headers: jsonb().$type<Record<string, string>>(),
    /** When the next delivery attempt is due after a failure; null when none is pending. */
    nextAttemptAt: timestamptz(),
    /**
     * While an attempt is sending (outside any transaction): until when it holds the row. Another
     * attempt may claim the row only after this, so a worker that died mid-send is replaced late
     * rather than raced; null when no attempt holds it.
     */
    leaseUntil: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    index().on(t.companyId),
    uniqueIndex("outbound_emails_dedupe_key_unique").on(t.dedupeKey),
    check("outbound_emails_has_recipient", sql`cardinality(${t.to}) > 0`),
    check("outbound_emails_attempts_non_negative", sql`${t.attempts} >= 0`),
    check("outbound_emails_transport_known", sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);

export type OutboundEmail = typeof outboundEmails.$inferSelect;
export type NewOutboundEmail = typeof outboundEmails.$inferInsert;
