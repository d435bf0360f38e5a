import { useTranslation } from "react-i18next";
import { formatDateTime } from "../shipment/time-format";
import { useLanguage } from "../shipment/use-language";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { UsersIcon } from "../ui/icons";
import { LockIcon, TrashIcon } from "../ui/icons-actions";
import { formatBytes } from "./attachment-model";

// The files of a shipment as a list: name, uploader, size, date, and the actions the row allows.
// The console passes the sharing columns; the share page leaves them out (spec 02 §3).

export interface ListedAttachment {
  id: string;
  filename: string;
  fileSizeBytes: number;
  createdAt: string;
  uploadedUserName: string | null;
  isOwn: boolean;
  canDelete: boolean;
  uploadedByGuestEmail?: string | null;
  visibilityScope?: "INTERNAL_ONLY" | "LIMITED_SHARING";
  shareList?: { id: string; email: string }[];
}

export interface AttachmentListProps<A extends ListedAttachment> {
  items: readonly A[];
  onDownload: (item: A) => void;
  /** Shown on rows with canDelete; the caller confirms before deleting. */
  onDelete?: (item: A) => void;
  /** Shown when given (members who may share). */
  onEditVisibility?: (item: A) => void;
  /** The file whose download or delete is under way. */
  busyId?: string | null;
}

function uploaderName(item: ListedAttachment, t: (key: string, params?: Record<string, unknown>) => string) {
  if (item.isOwn) return t("attachments.own");
  const name = item.uploadedUserName ?? t("attachments.unknownUploader");
  return item.uploadedByGuestEmail ? t("attachments.guestSuffix", { name }) : name;
}

export function AttachmentList<A extends ListedAttachment>({
  items,
  onDownload,
  onDelete,
  onEditVisibility,
  busyId,
}: AttachmentListProps<A>) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      aria-label={t("attachments.listLabel")}
    >
      {items.map((item) => {
        const busy = busyId === item.id;
        return (
          <li
            key={item.id}
            data-testid="attachment-row"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900" title={item.filename}>
                {item.filename}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span>{uploaderName(item, t)}</span>
                <span aria-hidden="true">·</span>
                <span>{formatBytes(item.fileSizeBytes, language)}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
                {item.visibilityScope ? <VisibilityBadge item={item} /> : null}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={t("attachments.downloadNamed", { filename: item.filename })}
                onClick={() => onDownload(item)}
              >
                {t("attachments.download")}
              </Button>
              {onEditVisibility ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("attachments.editVisibilityNamed", { filename: item.filename })}
                  onClick={() => onEditVisibility(item)}
                >
                  {t("attachments.editVisibility")}
                </Button>
              ) : null}
              {onDelete && item.canDelete ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={t("attachments.deleteNamed", { filename: item.filename })}
                  onClick={() => onDelete(item)}
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <TrashIcon className="size-4" />
                  {t("attachments.delete")}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function VisibilityBadge({ item }: { item: ListedAttachment }) {
  const { t } = useTranslation();
  const shared = item.visibilityScope === "LIMITED_SHARING";
  const emails = (item.shareList ?? []).map((s) => s.email).join(", ");
  return (
    <Badge tone={shared ? "info" : "neutral"}>
      {shared ? <UsersIcon className="size-3" /> : <LockIcon className="size-3" />}
      <span title={shared && emails ? t("attachments.sharedWith", { emails }) : undefined}>
        {t(`attachments.scope.${item.visibilityScope ?? "INTERNAL_ONLY"}`)}
      </span>
    </Badge>
  );
}
