import { fileTypeFromBuffer } from "file-type";
import {
  ATTACHMENT_CONTENT_TYPE_BY_EXTENSION,
  ATTACHMENT_MAX_BYTES,
  type AttachmentContentType,
} from "../../../../shared/constants";
import type { ErrorCode } from "../../../../shared/errors";

// What a file is, decided by its content: the name and the browser's type are only claims. A
// file passes when its magic number is one of the allowed types and agrees with both claims.

export type AllowedType = AttachmentContentType;

/** Bytes read from the start of an object to recognise it (file-type's own sample is 4,100). */
export const SNIFF_BYTES = 64 * 1024;

/** The type the filename's extension stands for, if it is an allowed one. */
export function typeOfFilename(filename: string): AllowedType | null {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return null;
  const byExtension: Readonly<Record<string, AllowedType>> = ATTACHMENT_CONTENT_TYPE_BY_EXTENSION;
  return byExtension[filename.slice(dot + 1).toLowerCase()] ?? null;
}

/** The declared type when it is allowed and matches the filename's extension; else null. */
export function declaredType(filename: string, contentType: string): AllowedType | null {
  const byName = typeOfFilename(filename);
  return byName !== null && byName === contentType.trim().toLowerCase() ? byName : null;
}

/** How the messages name each type. */
export const TYPE_LABEL: Readonly<Record<AllowedType, string>> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/tiff": "TIFF",
};

/**
 * Why a stored object is refused, or null when it is what was declared and within the limit.
 * Nothing stored (the PUT was refused or never made) is the uploader's to repeat, not a fault;
 * content of another kind than the name says is a mismatch, whatever that kind is: the type was
 * allowed when the address was asked for, by the name.
 */
export async function contentProblem(
  declared: AllowedType,
  size: number | null,
  start: Buffer,
): Promise<ErrorCode | null> {
  if (size === null || size < 1) return "ATTACHMENT_NOT_RECEIVED";
  if (size > ATTACHMENT_MAX_BYTES) return "ATTACHMENT_TOO_LARGE";
  const detected = await fileTypeFromBuffer(start);
  return detected?.mime === declared ? null : "ATTACHMENT_CONTENT_MISMATCH";
}
