// Attachment uploads and sharing (spec 02 §4, §5, §7).

import { z } from "zod";
import {
  ATTACHMENT_ALLOWED_CONTENT_TYPES,
  ATTACHMENT_ALLOWED_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
} from "../constants";
import { VISIBILITY_SCOPES } from "../enums";
import {
  addIssue,
  booleanField,
  emailField,
  enumField,
  idField,
  listOf,
  msg,
  optionalText,
  requiredString,
} from "./common";

export function isAllowedAttachment(file: { filename: string; contentType: string }): boolean {
  const extension = file.filename.split(".").pop()?.toLowerCase() ?? "";
  return (
    (ATTACHMENT_ALLOWED_CONTENT_TYPES as readonly string[]).includes(file.contentType.toLowerCase()) &&
    (ATTACHMENT_ALLOWED_EXTENSIONS as readonly string[]).includes(extension)
  );
}

/**
 * Characters that change how a name is shown rather than what it says: C0 and C1 controls (CR/LF
 * would split an e-mail subject or a header line) and the bidirectional embeddings, overrides and
 * isolates, with which "invoice\u202Efdp.exe" is displayed as "invoiceexe.pdf".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const LINE_AND_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name as stored and shown: each run of controls and line breaks becomes one space, bidi
 * controls go, and the ends are trimmed. Other spaces (a Japanese name's full-width one) stay.
 */
export function cleanAttachmentName(name: string): string {
  return name.replace(BIDI_CONTROLS, "").replace(LINE_AND_CONTROL, " ").trim();
}

const uploadFields = {
  // Cleaned at the door, so what is checked, stored, mailed and downloaded is the shown name.
  filename: z
    .string({ error: msg("validation.required") })
    .transform(cleanAttachmentName)
    .pipe(requiredString({ max: 255 })),
  contentType: requiredString({ max: 100 }),
  fileSizeBytes: z
    .number({ error: msg("validation.numeric") })
    .int({ error: msg("validation.integer") })
    .min(0),
};

type UploadFields = { filename: string; contentType: string; fileSizeBytes: number };

function checkFile(file: UploadFields, ctx: z.RefinementCtx): void {
  if (!isAllowedAttachment(file))
    addIssue(ctx, msg("errors.ATTACHMENT_TYPE_NOT_ALLOWED"), { path: ["contentType"] });
  if (file.fileSizeBytes > ATTACHMENT_MAX_BYTES) {
    addIssue(ctx, msg("errors.ATTACHMENT_TOO_LARGE"), { params: { n: 1 }, path: ["fileSizeBytes"] });
  }
}

/** Generate an upload URL for a member: at most 5 MB, PDF/PNG/JPEG/GIF/TIFF only. */
export const GenerateUploadUrlInput = z
  .object({ shipmentId: idField(), ...uploadFields })
  .superRefine(checkFile);
export type GenerateUploadUrlInput = z.output<typeof GenerateUploadUrlInput>;

/** The guest equivalent, keyed by the share token. */
export const GuestGenerateUploadUrlInput = z
  .object({ shareToken: requiredString({ max: 200 }), ...uploadFields })
  .superRefine(checkFile);

export const AttachmentIdInput = z.object({ attachmentId: idField() });

/** A shipment's files as a guest sees them, by the shipment's share token. */
export const GuestAttachmentsInput = z.object({ shareToken: requiredString({ max: 200 }) });

export const GuestAttachmentInput = z.object({
  shareToken: requiredString({ max: 200 }),
  attachmentId: idField(),
});

export const UpdateAttachmentVisibilityInput = z.object({
  attachmentId: idField(),
  visibilityScope: enumField(VISIBILITY_SCOPES),
  emails: listOf(emailField())
    .max(100, { error: msg("validation.invalid") })
    .default([]),
  sendNotification: booleanField().default(false),
  notificationMessage: optionalText(2000),
});
export type UpdateAttachmentVisibilityInput = z.output<typeof UpdateAttachmentVisibilityInput>;
