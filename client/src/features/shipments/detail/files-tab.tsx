import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shellAllows, useShellState } from "../../../app/shell/shell-context";
import { AttachmentList } from "../../../components/attachments/attachment-list";
import { startDownload } from "../../../components/attachments/attachment-model";
import { AttachmentUploader } from "../../../components/attachments/file-drop-zone";
import { useAttachmentUpload } from "../../../components/attachments/use-attachment-upload";
import { Panel } from "../../../components/shipment/panel";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { FileIcon } from "../../../components/ui/icons-actions";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { useToast } from "../../../components/ui/toast";
import { failureText } from "../../../lib/error-text";
import { trpcAppCode } from "../../../lib/session";
import { type RouterOutputs, trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import { VisibilityDialog } from "./files-visibility-dialog";
import type { ShipmentDetail } from "./types";

export type ShipmentAttachment = RouterOutputs["attachments"]["list"][number];

/**
 * Files (spec 01 §2; only when the company has the connect feature): upload by drag and drop or
 * the picker with per-file progress, the list with uploader and size, who may see each file,
 * download, and delete after confirmation. The server decides every right again.
 */
export function FilesTab({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const shell = useShellState();
  const utils = trpc.useUtils();
  const query = trpc.attachments.list.useQuery({ shipmentId: shipment.id });
  const requestUpload = trpc.attachments.generateUploadUrl.useMutation();
  const complete = trpc.attachments.completeUpload.useMutation();
  const canUpload = shellAllows(shell, "attachment.upload");
  const canShare = shellAllows(shell, "attachment.share");
  const uploads = useAttachmentUpload({
    requestUpload: (file) => requestUpload.mutateAsync({ shipmentId: shipment.id, ...file }),
    completeUpload: (attachmentId) => complete.mutateAsync({ attachmentId }),
    onSettled: () => utils.attachments.list.invalidate({ shipmentId: shipment.id }),
  });
  const actions = useFileActions(shipment.id);
  const [editing, setEditing] = useState<ShipmentAttachment | null>(null);
  const [deleting, setDeleting] = useState<ShipmentAttachment | null>(null);

  return (
    <Panel title={t("attachments.title")} testId="files-panel">
      {canUpload ? <AttachmentUploader uploads={uploads} className="mb-5" /> : null}
      {query.isError ? (
        <ErrorState message={t("attachments.loadFailed")} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState />
      ) : query.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <FileIcon className="size-5" />
          </span>
          <p className="font-medium text-slate-900">{t("attachments.empty")}</p>
          <p className="max-w-md text-sm text-slate-600">
            {canUpload ? t("attachments.emptyBody") : t("attachments.emptyReadOnly")}
          </p>
        </div>
      ) : (
        <AttachmentList
          items={query.data}
          busyId={actions.busyId}
          onDownload={(item) => void actions.download(item)}
          onDelete={setDeleting}
          {...(canShare ? { onEditVisibility: setEditing } : {})}
        />
      )}
      {editing ? (
        <VisibilityDialog
          attachment={editing}
          shipmentId={shipment.id}
          hasShareLink={shipment.shareToken !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("attachments.deleteTitle")}
        body={t("attachments.deleteBody", { filename: deleting?.filename ?? "" })}
        confirmLabel={t("attachments.delete")}
        cancelLabel={t("common.cancel")}
        destructive
        pending={actions.busyId !== null}
        onConfirm={() => {
          if (deleting) void actions.remove(deleting).then(() => setDeleting(null));
        }}
      />
    </Panel>
  );
}

function useFileActions(shipmentId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const run = useAction();
  const utils = trpc.useUtils();
  const downloadUrl = trpc.attachments.downloadUrl.useMutation();
  const remove = trpc.attachments.delete.useMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  return {
    busyId,
    async download(item: ShipmentAttachment) {
      setBusyId(item.id);
      try {
        const { url } = await downloadUrl.mutateAsync({ attachmentId: item.id });
        startDownload(url, item.filename);
      } catch (error) {
        // The server's reason when it gave one ('Failed to get download URL'), else ours.
        toast.error(trpcAppCode(error) ? failureText(error, t) : t("errors.ATTACHMENT_DOWNLOAD_FAILED"));
      } finally {
        setBusyId(null);
      }
    },
    async remove(item: ShipmentAttachment) {
      setBusyId(item.id);
      const done = await run(
        () => remove.mutateAsync({ attachmentId: item.id }),
        () => t("attachments.deleted"),
      );
      setBusyId(null);
      if (done) await utils.attachments.list.invalidate({ shipmentId });
    },
  };
}
