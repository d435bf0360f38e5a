import { action, type ProcedureCase } from "./procedures.types";

type W = { shipment: { id: string; shareToken: string | null }; attachment: { id: string } };

const onAttachment = (w: W) => ({ attachmentId: w.attachment.id });
const onShareToken = (w: W) => ({ shareToken: w.shipment.shareToken ?? "" });
const upload = { filename: "booking.pdf", contentType: "application/pdf", fileSizeBytes: 2048 };

/**
 * The attachments procedures' rules for the authorization matrix (see procedures.ts). The world's
 * file was uploaded by its Operator and shared with the team's guest address only. The guest*
 * procedures belong to the share page: anyone signed in holding the share token, whatever their
 * company (only the shipment's company's connect feature counts).
 */
export const ATTACHMENT_PROCEDURES: Record<string, ProcedureCase> = {
  "attachments.list": { rule: action("shipment.view"), input: (w) => ({ shipmentId: w.shipment.id }) },
  "attachments.generateUploadUrl": {
    rule: action("attachment.upload"),
    input: (w) => ({ shipmentId: w.shipment.id, ...upload }),
  },
  // Only the person who asked for the upload address finishes it: the Operator's finished file.
  "attachments.completeUpload": {
    rule: action("attachment.upload"),
    input: onAttachment,
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  "attachments.downloadUrl": { rule: action("attachment.download"), input: onAttachment },
  // Admins and Managers delete any file, the Operator their own upload.
  "attachments.delete": { rule: action("attachment.delete"), input: onAttachment },
  "attachments.updateVisibility": {
    rule: action("attachment.share"),
    input: (w) => ({
      attachmentId: w.attachment.id,
      visibilityScope: "LIMITED_SHARING",
      emails: ["guest@partner.example", "another@partner.example"],
      sendNotification: false,
    }),
  },
  "attachments.guestList": { rule: { kind: "signedIn" }, input: onShareToken },
  "attachments.guestGenerateUploadUrl": {
    rule: { kind: "signedIn" },
    input: (w) => ({ ...onShareToken(w), ...upload }),
  },
  "attachments.guestCompleteUpload": {
    rule: { kind: "signedIn" },
    input: (w) => ({ ...onShareToken(w), ...onAttachment(w) }),
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  // Shared with the guest address only: the world's people see it here only as its uploader.
  "attachments.guestDownloadUrl": {
    rule: { kind: "signedIn" },
    input: (w) => ({ ...onShareToken(w), ...onAttachment(w) }),
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
  "attachments.guestDelete": {
    rule: { kind: "signedIn" },
    input: (w) => ({ ...onShareToken(w), ...onAttachment(w) }),
    domainRefusal: "ATTACHMENT_NOT_FOUND",
  },
};
