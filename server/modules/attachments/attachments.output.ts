import type { VisibilityScope } from "../../../shared/enums";
import type { AttachmentRow } from "./attachments.queries";

// The answers' shapes. A member sees who uploaded each file and whom it is shared with; a guest
// sees only whether a file is their own (spec 02 §3: no owner fields to compare with the current
// user), never the other addresses it is shared with.

export interface AttachmentShareView {
  id: string;
  email: string;
}

/** What a member and a guest alike see of a file. */
interface AttachmentFileView {
  id: string;
  filename: string;
  contentType: string;
  fileSizeBytes: number;
  createdAt: string;
  /** The uploader's nickname; for an upload through a share link, the guest's e-mail as well. */
  uploadedUserName: string | null;
}

export interface AttachmentView extends AttachmentFileView {
  uploadedByUserId: string | null;
  /** Set when a guest uploaded it through the share page. */
  uploadedByGuestEmail: string | null;
  visibilityScope: VisibilityScope;
  shareList: AttachmentShareView[];
  isOwn: boolean;
  canDelete: boolean;
}

export interface GuestAttachmentView extends AttachmentFileView {
  isOwn: boolean;
  canDelete: boolean;
}

export interface UploadTicket {
  attachmentId: string;
  uploadUrl: string;
  method: "PUT";
  /** Send exactly these with the PUT: they are inside the signature. */
  headers: Record<string, string>;
  expiresAt: string;
}

export interface DownloadTicket {
  url: string;
  expiresAt: string;
}

function fileView(row: AttachmentRow): AttachmentFileView {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    fileSizeBytes: row.fileSizeBytes,
    createdAt: row.createdAt.toISOString(),
    uploadedUserName: row.uploaderNickname ?? row.uploadedByGuestEmail,
  };
}

function isUploadedBy(row: AttachmentRow, userId: string): boolean {
  return row.uploadedByUserId !== null && row.uploadedByUserId === userId;
}

export function toAttachmentView(
  row: AttachmentRow,
  shares: AttachmentShareView[],
  viewer: { userId: string; mayDeleteAny: boolean; mayDeleteOwn: boolean },
): AttachmentView {
  const isOwn = isUploadedBy(row, viewer.userId);
  return {
    ...fileView(row),
    uploadedByUserId: row.uploadedByUserId,
    uploadedByGuestEmail: row.uploadedByGuestEmail,
    visibilityScope: row.visibilityScope,
    shareList:
      row.visibilityScope === "LIMITED_SHARING" ? shares.map((s) => ({ id: s.id, email: s.email })) : [],
    isOwn,
    canDelete: viewer.mayDeleteAny || (viewer.mayDeleteOwn && isOwn),
  };
}

export function toGuestAttachmentView(row: AttachmentRow, guestUserId: string): GuestAttachmentView {
  const isOwn = isUploadedBy(row, guestUserId);
  return { ...fileView(row), isOwn, canDelete: isOwn };
}
