import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
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
 * Claims a PENDING row for one attempt: takes its lease until `leaseUntil` and counts the attempt,
 * in one statement, so no transaction stays open while the message is sent. A row another attempt
 * holds (its lease not yet run out), or one already SENT or FAILED, yields nothing.
 */
export async function claimEmail(db: Db, id: string, now: Date, leaseUntil: Date) {
  const [row] = await db
    .update(outboundEmails)
    .set({ leaseUntil, attempts: sql`${outboundEmails.attempts} + 1` })
    .where(
      and(
        eq(outboundEmails.id, id),
        eq(outboundEmails.status, "PENDING"),
        or(isNull(outboundEmails.leaseUntil), lte(outboundEmails.leaseUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Why a row could not be claimed: its state, and the lease another attempt holds on it. */
export async function emailClaimState(db: Db, id: string) {
  const [row] = await db
    .select({ status: outboundEmails.status, leaseUntil: outboundEmails.leaseUntil })
    .from(outboundEmails)
    .where(eq(outboundEmails.id, id));
  return row;
}

/** The attempt that claimed the row, and only while it still holds it (no later attempt took it). */
const heldBy = (id: string, attempts: number) =>
  and(eq(outboundEmails.id, id), eq(outboundEmails.status, "PENDING"), eq(outboundEmails.attempts, attempts));

/** Records a sent message for the attempt that claimed it; false when a later attempt took the row. */
export async function markEmailSent(
  db: Db,
  id: string,
  values: { attempts: number; sentAt: Date; transport: MailTransportKind },
): Promise<boolean> {
  const done = await db
    .update(outboundEmails)
    .set({ status: "SENT", lastError: null, nextAttemptAt: null, leaseUntil: null, ...values })
    .where(heldBy(id, values.attempts))
    .returning({ id: outboundEmails.id });
  return done.length > 0;
}

/** Records a failed attempt (FAILED when it was the last), releasing the row for the next one. */
export async function recordEmailFailure(
  db: Db,
  id: string,
  values: { attempts: number; lastError: string; final: boolean; nextAttemptAt?: Date | null },
): Promise<boolean> {
  const done = await db
    .update(outboundEmails)
    .set({
      lastError: values.lastError,
      nextAttemptAt: values.nextAttemptAt ?? null,
      leaseUntil: null,
      ...(values.final ? { status: "FAILED" as const } : {}),
    })
    .where(heldBy(id, values.attempts))
    .returning({ id: outboundEmails.id });
  return done.length > 0;
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
