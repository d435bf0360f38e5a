import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentList } from "../../components/attachments/attachment-list";
import { startDownload } from "../../components/attachments/attachment-model";
import { AttachmentUploader } from "../../components/attachments/file-drop-zone";
import { useAttachmentUpload } from "../../components/attachments/use-attachment-upload";
import { ConfirmDialog } from "../../components/ui/dialog";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type GuestFile = { id: string; filename: string };

/**
 * A signed-in guest's files on a shared shipment (spec 02 §2, §6): upload, download what is shared
 * with their address or what they uploaded, delete only their own. The server decides each of
 * these again; the list it answers already holds only what this guest may see.
 */
export function GuestFiles({ shareToken, canUpload }: { shareToken: string; canUpload: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const run = useAction();
  const utils = trpc.useUtils();
  const key = { shareToken };
  const list = trpc.attachments.guestList.useQuery(key);
  const requestUpload = trpc.attachments.guestGenerateUploadUrl.useMutation();
  const completeUpload = trpc.attachments.guestCompleteUpload.useMutation();
  const downloadUrl = trpc.attachments.guestDownloadUrl.useMutation();
  const remove = trpc.attachments.guestDelete.useMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GuestFile | null>(null);

  const uploads = useAttachmentUpload({
    requestUpload: (file) => requestUpload.mutateAsync({ shareToken, ...file }),
    completeUpload: (attachmentId) => completeUpload.mutateAsync({ shareToken, attachmentId }),
    onSettled: () => utils.attachments.guestList.invalidate(key),
  });

  const download = async (file: GuestFile) => {
    setBusyId(file.id);
    try {
      const ticket = await downloadUrl.mutateAsync({ shareToken, attachmentId: file.id });
      startDownload(ticket.url, file.filename);
    } catch {
      toast.error(t("errors.ATTACHMENT_DOWNLOAD_URL_FAILED"));
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const done = await run(
      () => remove.mutateAsync({ shareToken, attachmentId: deleting.id }),
      () => t("attachments.deleted"),
    );
    setDeleting(null);
    if (done !== undefined) await utils.attachments.guestList.invalidate(key);
  };

  return (
    <div className="flex flex-col gap-4">
      {canUpload ? <AttachmentUploader uploads={uploads} /> : null}
      {list.data ? (
        list.data.length > 0 ? (
          <AttachmentList
            items={list.data}
            busyId={busyId}
            onDownload={(file) => void download(file)}
            onDelete={(file) => setDeleting(file)}
          />
        ) : (
          <p className="text-sm text-slate-600">{t("attachments.emptyReadOnly")}</p>
        )
      ) : list.isError ? (
        <ErrorState message={t("attachments.loadFailed")} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingState />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("attachments.deleteTitle")}
        body={t("attachments.deleteBody", { filename: deleting?.filename ?? "" })}
        confirmLabel={t("attachments.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        destructive
      />
    </div>
  );
}
