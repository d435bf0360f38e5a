import { randomUUID } from "node:crypto";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/constants";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { contentProblem, declaredType, SNIFF_BYTES } from "./attachments.content";
import type { DownloadTicket, UploadTicket } from "./attachments.output";
import {
  type AttachmentRow,
  deleteAttachmentRow,
  insertAttachment,
  lockAttachment,
  markUploaded,
  unfinishedUploadsOf,
} from "./attachments.queries";
import type { AttachmentStorage } from "./storage";

// The steps members and guests share: sign an upload, check what arrived, sign a download,
// remove a file. Callers have authorized and found the shipment first.

/** Long enough for 5 MB on a slow line; an address that leaks is soon useless. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;
/**
 * Open upload addresses per person: a drop of many files at once fits, a script asking for
 * addresses without ever uploading does not (they are swept after expiry).
 */
export const MAX_UNFINISHED_UPLOADS = 50;

export interface UploadClaim {
  filename: string;
  contentType: string;
  fileSizeBytes: number;
}

export async function issueUpload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  target: { companyId: string; shipmentId: string; userId: string; guestEmail: string | null },
  claim: UploadClaim,
): Promise<UploadTicket> {
  const type = declaredType(claim.filename, claim.contentType);
  if (type === null || claim.fileSizeBytes < 1) throw new AppError("ATTACHMENT_TYPE_NOT_ALLOWED");
  if (claim.fileSizeBytes > ATTACHMENT_MAX_BYTES) throw new AppError("ATTACHMENT_TOO_LARGE", { n: 1 });
  if ((await unfinishedUploadsOf(ctx.db, target.userId)) >= MAX_UNFINISHED_UPLOADS) {
    throw new AppError("RATE_LIMITED");
  }
  // The key is not the id: knowing a file's id says nothing about where its bytes are.
  const storageKey = randomUUID();
  const row = await insertAttachment(ctx.db, {
    companyId: target.companyId,
    shipmentId: target.shipmentId,
    filename: claim.filename,
    contentType: type,
    fileSizeBytes: claim.fileSizeBytes,
    storageKey,
    uploadedByUserId: target.userId,
    uploadedByGuestEmail: target.guestEmail,
    // The service clock, so the sweep of unfinished uploads and the list agree with it.
    createdAt: ctx.clock.now(),
  });
  const signed = await storage.signUpload({
    key: storageKey,
    contentType: type,
    sizeBytes: claim.fileSizeBytes,
    expiresInSeconds: UPLOAD_URL_SECONDS,
    now: ctx.clock.now(),
  });
  return {
    attachmentId: row.id,
    uploadUrl: signed.url,
    method: signed.method,
    headers: signed.headers,
    expiresAt: signed.expiresAt.toISOString(),
  };
}

/**
 * Checks what the PUT stored: its real size and its magic bytes. A refused file is deleted with
 * its row before the refusal is answered, so nothing unchecked stays behind. The row is locked
 * meanwhile: a second completion of the same upload waits, then finds it finished (or gone).
 */
export async function finishUpload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  row: AttachmentRow,
): Promise<void> {
  if (row.uploadedAt !== null) return;
  const refusal = await ctx.tx(async (tx) => {
    const locked = await lockAttachment(tx.db, row.id);
    if (!locked) return "ATTACHMENT_NOT_FOUND" as const;
    if (locked.uploadedAt !== null) return null;
    const inspected = await storage.inspect(locked.storageKey, SNIFF_BYTES);
    const problem = await contentProblem(
      locked.contentType,
      inspected?.size ?? null,
      inspected?.start ?? Buffer.alloc(0),
    );
    // The checked version becomes the kept file; a version replaced meanwhile is refused.
    const kept = problem === null && inspected ? await storage.finalize(locked.storageKey, inspected) : null;
    if (problem === null && kept !== null && inspected) {
      await markUploaded(tx.db, row.id, { sizeBytes: inspected.size, storageKey: kept }, tx.clock.now());
      return null;
    }
    await deleteAttachmentRow(tx.db, row.id);
    await storage.delete(locked.storageKey);
    tx.log.info({ attachmentId: row.id, problem }, "uploaded attachment refused");
    return problem ?? "ATTACHMENT_UPLOAD_FAILED";
  });
  // Thrown once the deletion is committed.
  if (refusal !== null) throw new AppError(refusal, refusal === "ATTACHMENT_TOO_LARGE" ? { n: 1 } : {});
}

export async function issueDownload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  row: AttachmentRow,
): Promise<DownloadTicket> {
  try {
    const signed = await storage.signDownload({
      key: row.storageKey,
      filename: row.filename,
      contentType: row.contentType,
      expiresInSeconds: DOWNLOAD_URL_SECONDS,
      now: ctx.clock.now(),
    });
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  } catch (err) {
    ctx.log.error({ err, attachmentId: row.id }, "signing an attachment download failed");
    throw new AppError("ATTACHMENT_DOWNLOAD_URL_FAILED");
  }
}

/** The object first: if storage fails the row stays, and the person can try again. */
export async function removeAttachment(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  row: AttachmentRow,
): Promise<{ attachmentId: string }> {
  await storage.delete(row.storageKey);
  await deleteAttachmentRow(ctx.db, row.id);
  return { attachmentId: row.id };
}
