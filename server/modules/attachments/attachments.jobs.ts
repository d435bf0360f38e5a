import { z } from "zod";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { defineJob } from "../../jobs/define";
import { deleteAttachmentRow, referencedKeys, unfinishedBefore } from "./attachments.queries";
import type { AttachmentStorage } from "./storage/storage";
import { UPLOAD_URL_SECONDS } from "./upload/attachments.upload.internal";

// Uploads whose address has expired without completeUpload: the browser gave up or the check
// was never asked for. Their objects (if a PUT arrived) and rows go, so nothing unchecked stays.

/** After the upload address expired, with room for a completeUpload still on its way. */
const GRACE_MS = 60 * 60 * 1000;
const BATCH = 200;

export async function sweepUnfinishedUploads(
  ctx: ServiceContext,
  storage: AttachmentStorage,
): Promise<number> {
  requireSystem(ctx);
  const cutoff = new Date(ctx.clock.now().getTime() - UPLOAD_URL_SECONDS * 1000 - GRACE_MS);
  let removed = 0;
  for (;;) {
    const rows = await unfinishedBefore(ctx.db, cutoff, BATCH);
    for (const row of rows) {
      await storage.delete(row.storageKey);
      await deleteAttachmentRow(ctx.db, row.id);
    }
    removed += rows.length;
    if (rows.length < BATCH) break;
  }
  if (removed > 0) ctx.log.info({ removed }, "unfinished attachment uploads swept");
  return removed;
}

/**
 * Stored objects no row refers to: files of deleted shipments and companies (rows go by cascade),
 * and bytes PUT again to an upload address after its file was kept under a new key. Only objects
 * older than an upload address's life are touched, so an upload under way is never taken.
 */
export async function sweepOrphanedObjects(ctx: ServiceContext, storage: AttachmentStorage): Promise<number> {
  requireSystem(ctx);
  const cutoff = ctx.clock.now().getTime() - UPLOAD_URL_SECONDS * 1000 - GRACE_MS;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const kept = await referencedKeys(ctx.db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (removed > 0) ctx.log.info({ removed }, "attachment objects without a row swept");
  return removed;
}

export const sweepUnfinishedUploadsJob = defineJob({
  name: "attachments.sweep-unfinished",
  payload: z.object({}),
  options: { retryLimit: 2, expireInSeconds: 600 },
  schedule: { cron: "23 * * * *", data: {} },
  needs: ["storage"],
  handle: async (ctx, _payload, { storage }) => {
    await sweepUnfinishedUploads(ctx, storage);
    await sweepOrphanedObjects(ctx, storage);
  },
});
