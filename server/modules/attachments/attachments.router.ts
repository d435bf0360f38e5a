import {
  AttachmentIdInput,
  GenerateUploadUrlInput,
  GuestAttachmentInput,
  GuestAttachmentsInput,
  GuestGenerateUploadUrlInput,
  UpdateAttachmentVisibilityInput,
} from "../../../shared/schemas/attachments";
import { ShipmentIdInput } from "../../../shared/schemas/shipments";
import { publicProcedure, router } from "../../trpc/init";
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
import { storageFor } from "./storage";

/** Files on a shipment: the console's Files tab, and the share page's Attached Files (guest*). */
export const attachmentsRouter = router({
  list: publicProcedure
    .input(ShipmentIdInput)
    .query(({ ctx, input }) => listAttachments(ctx.service, input.shipmentId)),
  generateUploadUrl: publicProcedure
    .input(GenerateUploadUrlInput)
    .mutation(({ ctx, input }) => generateUploadUrl(ctx.service, storageFor(ctx.config), input)),
  completeUpload: publicProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => completeUpload(ctx.service, storageFor(ctx.config), input.attachmentId)),
  downloadUrl: publicProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => getDownloadUrl(ctx.service, storageFor(ctx.config), input.attachmentId)),
  delete: publicProcedure
    .input(AttachmentIdInput)
    .mutation(({ ctx, input }) => deleteAttachment(ctx.service, storageFor(ctx.config), input.attachmentId)),
  updateVisibility: publicProcedure
    .input(UpdateAttachmentVisibilityInput)
    .mutation(({ ctx, input }) =>
      updateAttachmentVisibility(ctx.service, input, { appUrl: ctx.config.APP_URL }),
    ),
  guestList: publicProcedure
    .input(GuestAttachmentsInput)
    .query(({ ctx, input }) => guestListAttachments(ctx.service, input.shareToken, { ip: ctx.req.ip })),
  guestGenerateUploadUrl: publicProcedure
    .input(GuestGenerateUploadUrlInput)
    .mutation(({ ctx, input }) =>
      guestGenerateUploadUrl(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestCompleteUpload: publicProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestCompleteUpload(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestDownloadUrl: publicProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestGetDownloadUrl(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
  guestDelete: publicProcedure
    .input(GuestAttachmentInput)
    .mutation(({ ctx, input }) =>
      guestDeleteAttachment(ctx.service, storageFor(ctx.config), input, { ip: ctx.req.ip }),
    ),
});
