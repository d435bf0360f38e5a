import { and, desc, eq, sql } from "drizzle-orm";
import type { Language } from "../../../shared/enums";
import type { Db } from "../../db/client";
import { type MailTransportKind, type NewOutboundEmail, outboundEmails, users } from "../../db/schema";

export async function languageOfUserWithEmail(db: Db, email: string): Promise<Language | undefined> {
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user?.language;
}

export async function insertOutboundEmail(db: Db, values: NewOutboundEmail): Promise<string> {
  const [row] = await db.insert(outboundEmails).values(values).returning({ id: outboundEmails.id });
  if (!row) throw new Error("outbound e-mail insert returned nothing");
  return row.id;
}

/**
 * Inserts many messages that carry a dedupe key; a key already in the outbox is skipped. Returns the
 * ids of the rows written, so the caller enqueues send jobs for those only.
 */
export async function insertOutboundEmailsOnce(
  db: Db,
  values: (NewOutboundEmail & { dedupeKey: string })[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(outboundEmails)
    .values(values)
    .onConflictDoNothing({ target: outboundEmails.dedupeKey })
    .returning({ id: outboundEmails.id });
  return rows.map((r) => r.id);
}

/**
 * Locks a PENDING row for the caller's transaction. A row another worker holds, or one already
 * SENT or FAILED, yields nothing: this is what keeps one row from being sent twice.
 */
export async function claimPendingEmail(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.id, id), eq(outboundEmails.status, "PENDING")))
    .for("update", { skipLocked: true });
  return row;
}

export async function markEmailSent(
  db: Db,
  id: string,
  values: { attempts: number; sentAt: Date; transport: MailTransportKind },
): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ status: "SENT", lastError: null, nextAttemptAt: null, ...values })
    .where(eq(outboundEmails.id, id));
}

export async function recordEmailFailure(
  db: Db,
  id: string,
  values: { attempts: number; lastError: string; final: boolean; nextAttemptAt?: Date | null },
): Promise<void> {
  await db
    .update(outboundEmails)
    .set({
      attempts: values.attempts,
      lastError: values.lastError,
      nextAttemptAt: values.nextAttemptAt ?? null,
      ...(values.final ? { status: "FAILED" as const } : {}),
    })
    .where(eq(outboundEmails.id, id));
}

export async function latestOutboundEmails(db: Db, limit: number) {
  return db
    .select({
      id: outboundEmails.id,
      to: outboundEmails.to,
      subject: outboundEmails.subject,
      template: outboundEmails.template,
      language: outboundEmails.language,
      status: outboundEmails.status,
      transport: outboundEmails.transport,
      attempts: outboundEmails.attempts,
      lastError: outboundEmails.lastError,
      text: outboundEmails.text,
      createdAt: outboundEmails.createdAt,
      sentAt: outboundEmails.sentAt,
      nextAttemptAt: outboundEmails.nextAttemptAt,
    })
    .from(outboundEmails)
    .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
    .limit(limit);
}
