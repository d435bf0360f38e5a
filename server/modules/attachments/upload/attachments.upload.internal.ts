import { randomUUID } from "node:crypto";
import { ATTACHMENT_MAX_BYTES } from "../../../../shared/constants";
import type { ErrorCode } from "../../../../shared/errors";
import { cleanAttachmentName } from "../../../../shared/schemas/attachments";
import { AppError } from "../../../core/app-error";
import { lockCompany } from "../../../core/company-lock";
import type { ServiceContext } from "../../../core/context";
import type { Attachment } from "../../../db/schema";
import type { DownloadTicket, UploadTicket } from "../attachments.output";
import {
  type AttachmentRow,
  deleteAttachmentRow,
  insertAttachment,
  lockAttachment,
  markUploaded,
  unfinishedUploadsOf,
} from "../attachments.queries";
import type { AttachmentStorage } from "../storage/storage";
import { contentProblem, declaredType, SNIFF_BYTES, TYPE_LABEL } from "./attachments.content";
import { assertStorageRoom } from "./attachments.quota.internal";

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
  const filename = cleanAttachmentName(claim.filename);
  const type = declaredType(filename, claim.contentType);
  if (type === null || claim.fileSizeBytes < 1) throw new AppError("ATTACHMENT_TYPE_NOT_ALLOWED");
  if (claim.fileSizeBytes > ATTACHMENT_MAX_BYTES) throw new AppError("ATTACHMENT_TOO_LARGE", { n: 1 });
  if ((await unfinishedUploadsOf(ctx.db, target.userId)) >= MAX_UNFINISHED_UPLOADS) {
    throw new AppError("RATE_LIMITED");
  }
  // The key is not the id: knowing a file's id says nothing about where its bytes are.
  const storageKey = randomUUID();
  const row = await ctx.tx(async (tx) => {
    // The declared size is reserved with the row, under the quota's lock.
    await assertStorageRoom(tx, {
      companyId: target.companyId,
      guestUserId: target.guestEmail === null ? null : target.userId,
      bytes: claim.fileSizeBytes,
    });
    return insertAttachment(tx.db, {
      companyId: target.companyId,
      shipmentId: target.shipmentId,
      filename,
      contentType: type,
      fileSizeBytes: claim.fileSizeBytes,
      storageKey,
      uploadedByUserId: target.userId,
      uploadedByGuestEmail: target.guestEmail,
      // The service clock, so the sweep of unfinished uploads and the list agree with it.
      createdAt: tx.clock.now(),
    });
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

function refusalParams(code: ErrorCode, row: Attachment): Record<string, string | number> {
  if (code === "ATTACHMENT_TOO_LARGE") return { n: 1 };
  if (code === "ATTACHMENT_CONTENT_MISMATCH") {
    return { filename: cleanAttachmentName(row.filename), extension: TYPE_LABEL[row.contentType] };
  }
  return {};
}

/**
 * Checks what the PUT stored: its real size and its magic bytes, and the quota again with the real
 * size. A refused file is deleted with its row before the refusal is answered, so nothing
 * unchecked stays behind. The company (for the quota) and the row are locked meanwhile, in that
 * order as everywhere: a second completion of the same upload waits, then finds it finished (or
 * gone).
 */
export async function finishUpload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  row: AttachmentRow,
): Promise<void> {
  if (row.uploadedAt !== null) return;
  const refusal = await ctx.tx(async (tx) => {
    const refuse = async (locked: Attachment, code: ErrorCode, params = refusalParams(code, locked)) => {
      await deleteAttachmentRow(tx.db, locked.id);
      await storage.delete(locked.storageKey);
      tx.log.info({ attachmentId: locked.id, problem: code }, "uploaded attachment refused");
      return { code, params };
    };
    /** The quota's refusal with the real size, or null when it fits. */
    const quotaRefusal = async (locked: Attachment, bytes: number) => {
      try {
        await assertStorageRoom(tx, {
          companyId: locked.companyId,
          guestUserId: locked.uploadedByGuestEmail === null ? null : locked.uploadedByUserId,
          bytes,
          except: locked.id,
        });
        return null;
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
    };
    await lockCompany(tx, row.companyId);
    const locked = await lockAttachment(tx.db, row.id);
    if (!locked) return { code: "ATTACHMENT_NOT_FOUND" as const, params: {} };
    if (locked.uploadedAt !== null) return null;
    const inspected = await storage.inspect(locked.storageKey, SNIFF_BYTES);
    const problem = await contentProblem(
      locked.contentType,
      inspected?.size ?? null,
      inspected?.start ?? Buffer.alloc(0),
    );
    if (problem !== null || !inspected) return refuse(locked, problem ?? "ATTACHMENT_NOT_RECEIVED");
    const overQuota = await quotaRefusal(locked, inspected.size);
    if (overQuota) return refuse(locked, overQuota.code, overQuota.params);
    // The checked version becomes the kept file; a version replaced meanwhile is refused.
    const kept = await storage.finalize(locked.storageKey, inspected);
    if (kept === null) return refuse(locked, "ATTACHMENT_NOT_RECEIVED");
    await markUploaded(tx.db, row.id, { sizeBytes: inspected.size, storageKey: kept }, tx.clock.now());
    return null;
  });
  // Thrown once the deletion is committed.
  if (refusal !== null) throw new AppError(refusal.code, refusal.params);
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
