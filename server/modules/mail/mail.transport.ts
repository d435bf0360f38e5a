import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { Config } from "../../config";
import type { MailTransportKind } from "../../db/schema";

export interface OutgoingMail {
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

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
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
