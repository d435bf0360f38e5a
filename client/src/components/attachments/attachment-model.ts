import {
  ATTACHMENT_ALLOWED_CONTENT_TYPES,
  ATTACHMENT_ALLOWED_EXTENSIONS,
  ATTACHMENT_CONTENT_TYPE_BY_EXTENSION,
  ATTACHMENT_MAX_BYTES,
} from "../../../../shared/constants";
import { isAllowedAttachment } from "../../../../shared/schemas/attachments";

// What the Files tab and the share page's Attached Files decide before and around an upload:
// which picked files may go (spec 02 §5), the upload itself with progress, and file sizes for
// people. The server checks everything again by content.

/** What the file picker accepts; the same list the server allows. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_ALLOWED_EXTENSIONS.map((extension) => `.${extension}`),
  ...ATTACHMENT_ALLOWED_CONTENT_TYPES,
].join(",");

/**
 * The content type to declare: the one the extension stands for. Browsers report TIFF, and files
 * from some systems, with an empty or odd type; the server decides by the bytes anyway.
 */
export function contentTypeOf(file: { name: string; type: string }): string {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const byExtension: Readonly<Record<string, string>> = ATTACHMENT_CONTENT_TYPE_BY_EXTENSION;
  return byExtension[extension] ?? file.type;
}

export interface Selection<F> {
  accepted: F[];
  tooLarge: number;
  wrongType: number;
}

/** Splits picked files into those to upload and those refused, counted per reason. */
export function selectFiles<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
): Selection<F> {
  const selection: Selection<F> = { accepted: [], tooLarge: 0, wrongType: 0 };
  for (const file of files) {
    if (file.size < 1 || !isAllowedAttachment({ filename: file.name, contentType: contentTypeOf(file) })) {
      selection.wrongType += 1;
    } else if (file.size > ATTACHMENT_MAX_BYTES) {
      selection.tooLarge += 1;
    } else {
      selection.accepted.push(file);
    }
  }
  return selection;
}

/** 1 decimal below 10 units, none above: "532 B", "8.4 KB", "4.9 MB". */
export function formatBytes(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(language === "ja" ? "ja-JP" : "en-US", {
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${units[unit]}`;
}

export interface UploadTicket {
  attachmentId: string;
  uploadUrl: string;
  method: "PUT";
  headers: Record<string, string>;
}

/**
 * PUTs the file to its signed address with the signed headers, reporting progress (0–1). A fetch
 * cannot report upload progress; XMLHttpRequest can.
 */
export function putWithProgress(
  ticket: UploadTicket,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(`upload refused with HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("upload failed"));
    xhr.onabort = () => reject(new Error("upload aborted"));
    xhr.send(file);
  });
}

/** Starts a download of a signed address without leaving the page (the server says "attachment"). */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}
