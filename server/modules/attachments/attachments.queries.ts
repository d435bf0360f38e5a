import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { cleanAttachmentName } from "../../../shared/schemas/attachments";
import type { Db } from "../../db/client";
import {
  type Attachment,
  attachmentShares,
  attachments,
  companies,
  type NewAttachment,
  rateLimitBuckets,
  shipments,
  users,
} from "../../db/schema";

// Drizzle only. Every read is scoped by company (members) or by shipment (guests, after the
// share token named it); unfinished uploads (uploadedAt null) are left out of what people see.

export interface AttachmentRow extends Attachment {
  uploaderNickname: string | null;
}

/** Attachments with their uploader's nickname; the caller adds the where (and order). */
function selectWithUploader(db: Db) {
  return db
    .select({ attachment: attachments, uploaderNickname: users.nickname })
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.uploadedByUserId));
}

function rowOf(r: { attachment: Attachment; uploaderNickname: string | null }): AttachmentRow {
  // Names stored before they were cleaned at the door are shown (and mailed) as if they had been.
  const filename = cleanAttachmentName(r.attachment.filename) || r.attachment.filename;
  return { ...r.attachment, filename, uploaderNickname: r.uploaderNickname };
}

export async function insertAttachment(db: Db, values: NewAttachment): Promise<Attachment> {
  const [row] = await db.insert(attachments).values(values).returning();
  if (!row) throw new Error("attachment insert returned nothing");
  return row;
}

/** One attachment of the company, finished or not. */
export async function attachmentOfCompany(
  db: Db,
  companyId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await selectWithUploader(db).where(
    and(eq(attachments.id, attachmentId), eq(attachments.companyId, companyId)),
  );
  return row ? rowOf(row) : undefined;
}

/** One attachment of the shipment, finished or not. */
export async function attachmentOfShipment(
  db: Db,
  shipmentId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await selectWithUploader(db).where(
    and(eq(attachments.id, attachmentId), eq(attachments.shipmentId, shipmentId)),
  );
  return row ? rowOf(row) : undefined;
}

/** The shipment's finished attachments, newest first. */
export async function finishedAttachments(
  db: Db,
  companyId: string,
  shipmentId: string,
): Promise<AttachmentRow[]> {
  const rows = await selectWithUploader(db)
    .where(
      and(
        eq(attachments.companyId, companyId),
        eq(attachments.shipmentId, shipmentId),
        isNotNull(attachments.uploadedAt),
      ),
    )
    .orderBy(desc(attachments.createdAt), desc(attachments.id));
  return rows.map(rowOf);
}

/** What a guest may see of a shipment: files shared with their address, and their own uploads. */
export async function guestVisibleAttachments(
  db: Db,
  shipmentId: string,
  guest: { userId: string; email: string },
): Promise<AttachmentRow[]> {
  const sharedWithGuest = sql`exists (select 1 from ${attachmentShares} where ${attachmentShares.attachmentId} = ${attachments.id} and lower(${attachmentShares.email}) = lower(${guest.email}))`;
  const rows = await selectWithUploader(db)
    .where(
      and(
        eq(attachments.shipmentId, shipmentId),
        isNotNull(attachments.uploadedAt),
        or(
          eq(attachments.uploadedByUserId, guest.userId),
          and(eq(attachments.visibilityScope, "LIMITED_SHARING"), sharedWithGuest),
        ),
      ),
    )
    .orderBy(desc(attachments.createdAt), desc(attachments.id));
  return rows.map(rowOf);
}

export async function sharesOf(
  db: Db,
  attachmentIds: readonly string[],
): Promise<Map<string, { id: string; email: string }[]>> {
  const byAttachment = new Map<string, { id: string; email: string }[]>();
  if (attachmentIds.length === 0) return byAttachment;
  const rows = await db
    .select({
      id: attachmentShares.id,
      attachmentId: attachmentShares.attachmentId,
      email: attachmentShares.email,
    })
    .from(attachmentShares)
    .where(inArray(attachmentShares.attachmentId, [...attachmentIds]))
    .orderBy(asc(attachmentShares.createdAt), asc(attachmentShares.email));
  for (const row of rows) {
    const list = byAttachment.get(row.attachmentId) ?? [];
    list.push({ id: row.id, email: row.email });
    byAttachment.set(row.attachmentId, list);
  }
  return byAttachment;
}

/** Locks the attachment row for the rest of the transaction (visibility edits, completion). */
export async function lockAttachment(db: Db, attachmentId: string): Promise<Attachment | undefined> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, attachmentId)).for("update");
  return row;
}

export async function markUploaded(
  db: Db,
  attachmentId: string,
  stored: { sizeBytes: number; storageKey: string },
  at: Date,
): Promise<void> {
  await db
    .update(attachments)
    .set({ uploadedAt: at, fileSizeBytes: stored.sizeBytes, storageKey: stored.storageKey })
    .where(and(eq(attachments.id, attachmentId), isNull(attachments.uploadedAt)));
}

export async function deleteAttachmentRow(db: Db, attachmentId: string): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, attachmentId));
}

export async function setVisibility(
  db: Db,
  attachmentId: string,
  scope: "INTERNAL_ONLY" | "LIMITED_SHARING",
): Promise<void> {
  await db.update(attachments).set({ visibilityScope: scope }).where(eq(attachments.id, attachmentId));
}

/**
 * Makes the share list exactly `emails` (compared without case) and returns the rows added, so
 * only newly added addresses are notified.
 */
export async function replaceShares(
  db: Db,
  attachmentId: string,
  emails: readonly string[],
): Promise<{ id: string; email: string }[]> {
  const current = await db
    .select({ id: attachmentShares.id, email: attachmentShares.email })
    .from(attachmentShares)
    .where(eq(attachmentShares.attachmentId, attachmentId));
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  const have = new Set(current.map((s) => s.email.toLowerCase()));
  const removed = current.filter((s) => !wanted.has(s.email.toLowerCase())).map((s) => s.id);
  if (removed.length > 0) await db.delete(attachmentShares).where(inArray(attachmentShares.id, removed));
  const added = emails.filter((e) => !have.has(e.toLowerCase()));
  if (added.length === 0) return [];
  return db
    .insert(attachmentShares)
    .values(added.map((email) => ({ attachmentId, email })))
    .returning({ id: attachmentShares.id, email: attachmentShares.email });
}

/** The shipment a share token opens, with its company's connect flag; null once revoked. */
export async function shipmentByShareToken(db: Db, shareToken: string) {
  const [row] = await db
    .select({
      shipment: shipments,
      isConnectEnabled: companies.isConnectEnabled,
      companyName: companies.companyName,
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.companyId))
    .where(eq(shipments.shareToken, shareToken));
  return row;
}

/** Of these storage keys, the ones some attachment row still refers to. */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.storageKey, [...keys]));
  return new Set(rows.map((r) => r.key));
}

/** How many uploads the person started and has not finished (their open upload addresses). */
export async function unfinishedUploadsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.uploadedByUserId, userId), isNull(attachments.uploadedAt)));
  return row?.n ?? 0;
}

/** Uploads never finished and started before `cutoff`: their rows and objects are swept. */
export async function unfinishedBefore(db: Db, cutoff: Date, limit: number) {
  return db
    .select({ id: attachments.id, storageKey: attachments.storageKey })
    .from(attachments)
    .where(and(isNull(attachments.uploadedAt), lt(attachments.createdAt, cutoff)))
    .orderBy(asc(attachments.createdAt))
    .limit(limit);
}

/**
 * Bytes the company's attachments take, finished and reserved by an upload under way (its declared
 * size until it completes), leaving out `except` (the upload being completed). With `guestUserId`,
 * only what that person uploaded through the company's share links.
 */
export async function storedBytes(
  db: Db,
  companyId: string,
  options: { guestUserId?: string; except?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${attachments.fileSizeBytes}), 0)::bigint` })
    .from(attachments)
    .where(
      and(
        eq(attachments.companyId, companyId),
        options.guestUserId
          ? and(
              eq(attachments.uploadedByUserId, options.guestUserId),
              isNotNull(attachments.uploadedByGuestEmail),
            )
          : undefined,
        options.except ? ne(attachments.id, options.except) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Of `keys`, those not claimed within the last `windowMs`, claimed now for the next window (kept
 * with the rate limits' windows, which the expired-window sweep clears). One statement per batch:
 * a key claimed by a parallel transaction waits for it and is then found claimed.
 */
export async function claimOncePerWindow(
  db: Db,
  keys: readonly string[],
  now: Date,
  windowMs: number,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const resetAt = new Date(now.getTime() + windowMs);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimitBuckets)
    .values([...new Set(keys)].sort().map((key) => ({ key, count: 1, windowStart: now, resetAt })))
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: { count: 1, windowStart: now, resetAt },
      setWhere: sql`${rateLimitBuckets.resetAt} <= ${nowParam}`,
    })
    .returning({ key: rateLimitBuckets.key });
  return new Set(rows.map((r) => r.key));
}

/** The finished attachments of several shipments of the company, newest first. */
export async function finishedAttachmentsOfShipments(
  db: Db,
  companyId: string,
  shipmentIds: readonly string[],
): Promise<AttachmentRow[]> {
  if (shipmentIds.length === 0) return [];
  const rows = await selectWithUploader(db)
    .where(
      and(
        eq(attachments.companyId, companyId),
        sql`${attachments.shipmentId} = any(${sql.param([...shipmentIds])}::uuid[])`,
        isNotNull(attachments.uploadedAt),
      ),
    )
    .orderBy(desc(attachments.createdAt), desc(attachments.id));
  return rows.map(rowOf);
}
