import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Config } from "../../config";
import type { MailTransportKind } from "../../db/schema";
import { MAIL_BATCH_SIZE, MAIL_WORKER_CONCURRENCY } from "./mail.constants";

export interface OutgoingMail {
  /** The outbox row's id: the Message-ID is made from it, so a re-sent row keeps its Message-ID. */
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Where the send job hands a message. Built once per process from the configuration. */
export interface MailTransport {
  readonly kind: MailTransportKind;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Well under the send job's expiry (MAIL_JOB_EXPIRE_SECONDS), so a hung server fails the attempt
// and pg-boss retries it, rather than the job expiring while the row stays locked.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Connections kept open to the SMTP server, one per message a worker sends at once (nodemailer's pool). */
const SMTP_POOL = {
  pool: true,
  maxConnections: MAIL_BATCH_SIZE * MAIL_WORKER_CONCURRENCY,
  maxMessages: 100,
} as const;

/**
 * One Message-ID per outbox row, at the sender's domain: delivery is at least once (a worker that
 * dies after the server took the message sends it again), and mail clients fold the repeat by it.
 */
export function messageIdFor(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${outboxId}@${domain}>`;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send({ id, ...mail }) {
      await transporter.sendMail({ from, messageId: messageIdFor(id, from), ...mail });
    },
    close: () => transporter.close(),
  };
}

/** Development without an SMTP server: the row itself is the delivered message (see /app/debug_info). */
export const outboxTransport: MailTransport = {
  kind: "outbox",
  send: async () => {},
  close: () => {},
};

export function createMailTransport(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV">,
  log: Pick<FastifyBaseLogger, "warn">,
): MailTransport {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL, config.MAIL_FROM);
  if (config.NODE_ENV === "production") {
    log.warn("SMTP_URL is not set: e-mails are kept in the outbound_emails table and not delivered");
  }
  return outboxTransport;
}
