import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../shipment/use-language";
import { Button } from "../ui/button";
import { XIcon } from "../ui/icons";
import { FileIcon } from "../ui/icons-actions";
import { ATTACHMENT_ACCEPT, formatBytes } from "./attachment-model";
import type { UploadItem, useAttachmentUpload } from "./use-attachment-upload";

/** The files a drop carries, or null when any of it is not a readable file (e.g. a folder). */
function droppedFiles(event: DragEvent<HTMLElement>): File[] | null {
  const items = [...event.dataTransfer.items].filter((item) => item.kind === "file");
  const files: File[] = [];
  for (const item of items) {
    const entry = item.webkitGetAsEntry?.();
    const file = item.getAsFile();
    if (!file || entry?.isDirectory) return null;
    files.push(file);
  }
  if (items.length === 0 && event.dataTransfer.files.length > 0) return [...event.dataTransfer.files];
  return files;
}

/**
 * Drag and drop, or a button that opens the file picker (several files at once). Keyboard users
 * reach the button; the drop area is only a larger target for the mouse.
 */
export function FileDropZone({
  onFiles,
  onSelectionFailed,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  onSelectionFailed: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = droppedFiles(event);
    if (files === null || files.length === 0) onSelectionFailed();
    else onFiles(files);
  };

  return (
    <section
      aria-label={t("attachments.dropTitle")}
      data-testid="file-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors ${
        over ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-slate-50"
      }`}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm">
        <FileIcon className="size-5" />
      </span>
      <p className="text-sm font-medium text-slate-900">
        {over ? t("attachments.dropActive") : t("attachments.dropTitle")}
      </p>
      <p className="text-xs text-slate-500">{t("attachments.dropOr")}</p>
      <Button size="sm" disabled={disabled} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {t("attachments.choose")}
      </Button>
      <p id={hintId} className="text-xs text-slate-500">
        {t("attachments.limits")}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(event) => {
          const list = event.currentTarget.files;
          const files = list ? [...list] : [];
          event.currentTarget.value = "";
          if (files.length === 0) onSelectionFailed();
          else onFiles(files);
        }}
      />
    </section>
  );
}

/** Each file on its way: a progress bar while sending, then the check, or why it failed. */
export function UploadProgressList({
  items,
  onDismiss,
}: {
  items: UploadItem[];
  onDismiss: (key: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2" aria-label={t("attachments.uploading")}>
      {items.map((item) => (
        <li key={item.key} className="rounded-md border border-slate-200 px-3 py-2" data-testid="upload-item">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium text-slate-900">{item.filename}</span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
              {formatBytes(item.size, language)}
              {item.status === "failed" ? (
                <button
                  type="button"
                  onClick={() => onDismiss(item.key)}
                  aria-label={t("attachments.dismiss")}
                  className="rounded p-0.5 text-slate-400 hover:text-slate-700"
                >
                  <XIcon className="size-4" />
                </button>
              ) : null}
            </span>
          </div>
          {item.status === "failed" ? (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {t("attachments.failedFile")}: {item.error}
            </p>
          ) : (
            <div className="mt-2 flex items-center gap-2">
              <div
                role="progressbar"
                aria-label={t("attachments.uploadingFile", { filename: item.filename })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className="h-full bg-blue-600 transition-[width]"
                  style={{ width: `${item.progress * 100}%` }}
                />
              </div>
              <span className="w-16 text-right text-xs text-slate-500">
                {item.status === "checking"
                  ? t("attachments.checking")
                  : `${Math.round(item.progress * 100)}%`}
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The drop zone and the progress of what it sends, wired to one `useAttachmentUpload`. */
export function AttachmentUploader({
  uploads,
  className,
}: {
  uploads: ReturnType<typeof useAttachmentUpload>;
  className?: string;
}) {
  return (
    <div className={className}>
      <FileDropZone
        onFiles={(files) => void uploads.upload(files)}
        onSelectionFailed={uploads.selectionFailed}
      />
      <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
    </div>
  );
}
