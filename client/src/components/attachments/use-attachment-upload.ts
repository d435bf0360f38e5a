import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cleanAttachmentName } from "../../../../shared/schemas/attachments";
import { failureText } from "../../lib/error-text";
import { reportProblem } from "../../lib/report";
import { trpcAppCode } from "../../lib/session";
import { useToast } from "../ui/toast";
import { contentTypeOf, putWithProgress, selectFiles, type UploadTicket } from "./attachment-model";

// One upload run, shared by the Files tab and the share page: refuse what cannot go with the
// spec's messages, then per file ask for the signed address, PUT with progress and complete, and
// sum up what failed ('{n} file(s) failed to upload', or 'Failed to upload files' for all).

export type UploadStatus = "uploading" | "checking" | "failed";

/** Refusals for lack of room: the same for every file of the run, so worth a toast of their own. */
const QUOTA_CODES = new Set([
  "ATTACHMENT_STORAGE_FULL",
  "ATTACHMENT_SHARED_STORAGE_FULL",
  "ATTACHMENT_GUEST_QUOTA_REACHED",
]);

export interface UploadItem {
  key: string;
  filename: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  status: UploadStatus;
  error?: string;
}

export interface UploadCalls {
  requestUpload: (file: {
    filename: string;
    contentType: string;
    fileSizeBytes: number;
  }) => Promise<UploadTicket>;
  completeUpload: (attachmentId: string) => Promise<unknown>;
  /** After each run (the list to refresh). */
  onSettled?: () => void | Promise<void>;
}

export function useAttachmentUpload(calls: UploadCalls) {
  const { t } = useTranslation();
  const toast = useToast();
  const [items, setItems] = useState<UploadItem[]>([]);
  const sequence = useRef(0);
  const latest = useRef(calls);
  latest.current = calls;

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const uploadOne = useCallback(
    async (file: File, key: string): Promise<true | { quota: string | null }> => {
      try {
        const ticket = await latest.current.requestUpload({
          filename: file.name,
          contentType: contentTypeOf(file),
          fileSizeBytes: file.size,
        });
        await putWithProgress(ticket, file, (progress) => patch(key, { progress }));
        patch(key, { status: "checking", progress: 1 });
        await latest.current.completeUpload(ticket.attachmentId);
        setItems((all) => all.filter((item) => item.key !== key));
        return true;
      } catch (error) {
        const message = failureText(error, t);
        patch(key, { status: "failed", error: message });
        // Only the kind of failure travels: file names can be personal.
        reportProblem("attachment upload failed", { message });
        return { quota: QUOTA_CODES.has(trpcAppCode(error) ?? "") ? message : null };
      }
    },
    [patch, t],
  );

  const upload = useCallback(
    async (files: readonly File[]) => {
      const { accepted, tooLarge, wrongType } = selectFiles(files);
      if (tooLarge > 0) toast.error(t("errors.ATTACHMENT_TOO_LARGE", { n: tooLarge }));
      if (wrongType > 0) toast.error(t("errors.ATTACHMENT_TYPE_NOT_ALLOWED"));
      if (accepted.length === 0) return;
      const batch = accepted.map((file) => {
        sequence.current += 1;
        return { file, key: `upload-${sequence.current}` };
      });
      setItems((all) => [
        ...all,
        ...batch.map(({ file, key }) => ({
          key,
          filename: cleanAttachmentName(file.name) || file.name,
          size: file.size,
          progress: 0,
          status: "uploading" as const,
        })),
      ]);
      const results = await Promise.all(batch.map(({ file, key }) => uploadOne(file, key)));
      const failed = results.filter((ok) => ok !== true).length;
      // A full storage is said once, in words that say what to do, besides the count.
      const quotaMessage = results.flatMap((r) => (r !== true && r.quota ? [r.quota] : []))[0];
      if (quotaMessage) toast.error(quotaMessage);
      if (failed === results.length) toast.error(t("errors.ATTACHMENT_UPLOAD_FAILED"));
      else if (failed > 0) toast.error(t("errors.ATTACHMENT_UPLOAD_PARTIAL_FAILED", { n: failed }));
      else toast.success(t("attachments.uploadedCount", { n: results.length }));
      await latest.current.onSettled?.();
    },
    [t, toast, uploadOne],
  );

  /** The picker or the drop gave nothing readable (a folder, a file that vanished). */
  const selectionFailed = useCallback(() => toast.error(t("errors.ATTACHMENT_SELECTION_FAILED")), [t, toast]);

  const dismiss = useCallback((key: string) => setItems((all) => all.filter((item) => item.key !== key)), []);

  return { items, upload, selectionFailed, dismiss, busy: items.some((i) => i.status !== "failed") };
}
