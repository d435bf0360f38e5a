import {
  AttachmentIdInput,
  GenerateUploadUrlInput,
  GuestAttachmentInput,
  GuestAttachmentsInput,
  GuestGenerateUploadUrlInput,
  UpdateAttachmentVisibilityInput,
} from "../../../shared/schemas/attachments";
import { ShipmentIdInput } from "../../../shared/schemas/shipments";
import { router, serviceProcedure } from "../../trpc/init";
import {
  guestCompleteUpload,
  guestDeleteAttachment,
  guestGenerateUploadUrl,
  guestGetDownloadUrl,
  guestListAttachments,
} from "./attachments.guest.service";
import {
  completeUpload,
  deleteAttachment,
  generateUploadUrl,
  getDownloadUrl,
  listAttachments,
  updateAttachmentVisibility,
} from "./attachments.service";
import { storageFor } from "./storage/storage";

/** Files on a shipment: the console's Files tab, and the share page's Attached Files (guest*). */
export const attachmentsRouter = router({
  list: serviceProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listAttachments(ctx.service, input.shipmentId)),
  generateUploadUrl: serviceProcedure
    .input(GenerateUploadUrlInput)
    .mutation(({ ctx, input }) => generateUploadUrl(ctx.service, storageFor(ctx.config), input)),
  completeUpload: serviceProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => completeUpload(ctx.service, storageFor(ctx.config), input.attachmentId)),
  downloadUrl: serviceProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => getDownloadUrl(ctx.service, storageFor(ctx.config), input.attachmentId)),
  delete: serviceProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => deleteAttachment(ctx.service, storageFor(ctx.config), input.attachmentId)),
  updateVisibility: serviceProcedure
    .input(UpdateAttachmentVisibilityInput)
    .mutation(({ ctx, input }) =>
      updateAttachmentVisibility(ctx.service, input, { appUrl: ctx.config.APP_URL }),
    ),
  guestList: serviceProcedure
    .input(GuestAttachmentsInput)
    .query(({ ctx, input }) => guestListAttachments(ctx.service, input.shareToken, { ip: ctx.req.ip })),
  guestGenerateUploadUrl: serviceProcedure
    .input(GuestGenerateUploadUrlInput)
    .mutation(({ ctx, input }) =>
      guestGenerateUploadUrl(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestCompleteUpload: serviceProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestCompleteUpload(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestDownloadUrl: serviceProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestGetDownloadUrl(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestDelete: serviceProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestDeleteAttachment(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
});
