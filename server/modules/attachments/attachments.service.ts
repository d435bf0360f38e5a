import type { Action } from "../../../shared/permissions";
import type {
  GenerateUploadUrlInput,
  UpdateAttachmentVisibilityInput,
} from "../../../shared/schemas/attachments";
import { AppError } from "../../core/app-error";
import { authorize, getActorCompany, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { visibleShipment } from "../shipments/shipments.access";
import { deleteRights } from "./attachments.internal";
import { queueShareNotifications } from "./attachments.mail";
import { claimShareMailRecipients } from "./attachments.mail-limits.internal";
import {
  type AttachmentView,
  type DownloadTicket,
  toAttachmentView,
  type UploadTicket,
} from "./attachments.output";
import {
  type AttachmentRow,
  attachmentOfCompany,
  finishedAttachments,
  lockAttachment,
  replaceShares,
  setVisibility,
  sharesOf,
} from "./attachments.queries";
import type { AttachmentStorage } from "./storage/storage";
import {
  finishUpload,
  issueDownload,
  issueUpload,
  removeAttachment,
} from "./upload/attachments.upload.internal";

// The Files tab of a shipment (spec 01 §2, spec 02 §3–§7): members of the company, on shipments
// they can see, while the company has the connect feature.

export async function requireConnectMember(ctx: ServiceContext, action: Action): Promise<MemberActor> {
  const actor = await authorize(ctx, action);
  const company = await getActorCompany(ctx, actor.companyId);
  if (!company.isConnectEnabled) throw new AppError("CONNECT_NOT_ENABLED");
  return actor;
}

/** A finished file on a shipment the member sees; anything else is "not found". */
async function visibleAttachment(
  ctx: ServiceContext,
  actor: MemberActor,
  attachmentId: string,
  options: { unfinished?: boolean } = {},
): Promise<AttachmentRow> {
  const row = await attachmentOfCompany(ctx.db, actor.companyId, attachmentId);
  if (!row || (row.uploadedAt === null && !options.unfinished)) throw new AppError("ATTACHMENT_NOT_FOUND");
  try {
    await visibleShipment(ctx, actor, row.shipmentId);
  } catch (err) {
    if (err instanceof AppError && err.code === "SHIPMENT_NOT_FOUND")
      throw new AppError("ATTACHMENT_NOT_FOUND");
    throw err;
  }
  return row;
}

async function viewOf(ctx: ServiceContext, actor: MemberActor, row: AttachmentRow): Promise<AttachmentView> {
  const shares = await sharesOf(ctx.db, [row.id]);
  return toAttachmentView(row, shares.get(row.id) ?? [], deleteRights(actor));
}

export async function listAttachments(ctx: ServiceContext, shipmentId: string): Promise<AttachmentView[]> {
  const actor = await requireConnectMember(ctx, "shipment.view");
  const shipment = await visibleShipment(ctx, actor, shipmentId);
  const rows = await finishedAttachments(ctx.db, actor.companyId, shipment.id);
  const shares = await sharesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const rights = deleteRights(actor);
  return rows.map((row) => toAttachmentView(row, shares.get(row.id) ?? [], rights));
}

export async function generateUploadUrl(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  input: GenerateUploadUrlInput,
): Promise<UploadTicket> {
  const actor = await requireConnectMember(ctx, "attachment.upload");
  const shipment = await visibleShipment(ctx, actor, input.shipmentId);
  return issueUpload(
    ctx,
    storage,
    { companyId: actor.companyId, shipmentId: shipment.id, userId: actor.userId, guestEmail: null },
    input,
  );
}

/** After the PUT: checks the stored file and shows it to the team, or deletes it and says why. */
export async function completeUpload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  attachmentId: string,
): Promise<AttachmentView> {
  const actor = await requireConnectMember(ctx, "attachment.upload");
  const row = await visibleAttachment(ctx, actor, attachmentId, { unfinished: true });
  // Only the person who asked for the upload address finishes it.
  if (row.uploadedByUserId !== actor.userId || row.uploadedByGuestEmail !== null) {
    throw new AppError("ATTACHMENT_NOT_FOUND");
  }
  await finishUpload(ctx, storage, row);
  return viewOf(ctx, actor, await visibleAttachment(ctx, actor, attachmentId));
}

export async function getDownloadUrl(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  attachmentId: string,
): Promise<DownloadTicket> {
  const actor = await requireConnectMember(ctx, "attachment.download");
  const row = await visibleAttachment(ctx, actor, attachmentId);
  return issueDownload(ctx, storage, row);
}

export async function deleteAttachment(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  attachmentId: string,
): Promise<{ attachmentId: string }> {
  const actor = await requireConnectMember(ctx, "attachment.delete");
  const row = await visibleAttachment(ctx, actor, attachmentId);
  const rights = deleteRights(actor);
  if (!rights.mayDeleteAny && row.uploadedByUserId !== actor.userId) throw new AppError("PERMISSION_DENIED");
  return removeAttachment(ctx, storage, row);
}

function normalizedEmails(emails: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of emails) {
    const email = raw.trim();
    if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

/**
 * INTERNAL_ONLY, or LIMITED_SHARING with the addresses that may download it through the share
 * page. Newly added addresses may be told by e-mail, with the sender's message and the link.
 */
export async function updateAttachmentVisibility(
  ctx: ServiceContext,
  input: UpdateAttachmentVisibilityInput,
  settings: { appUrl: string },
): Promise<AttachmentView> {
  const actor = await requireConnectMember(ctx, "attachment.share");
  const emails = input.visibilityScope === "LIMITED_SHARING" ? normalizedEmails(input.emails) : [];
  return ctx.tx(async (tx) => {
    const row = await visibleAttachment(tx, actor, input.attachmentId);
    // Two editors at once: the second waits and applies its list to the first one's result.
    await lockAttachment(tx.db, row.id);
    await setVisibility(tx.db, row.id, input.visibilityScope);
    const added = await replaceShares(tx.db, row.id, emails);
    const shipment = await visibleShipment(tx, actor, row.shipmentId);
    const recipients =
      input.sendNotification && added.length > 0 && shipment.shareToken
        ? await claimShareMailRecipients(
            tx,
            { attachmentId: row.id, companyId: actor.companyId, senderId: actor.userId },
            added,
          )
        : [];
    if (recipients.length > 0 && shipment.shareToken) {
      await queueShareNotifications(tx, {
        appUrl: settings.appUrl,
        attachment: { id: row.id, filename: row.filename, companyId: row.companyId },
        shipment: {
          title: shipment.title,
          trackingNumber: shipment.trackingNumber,
          shareToken: shipment.shareToken,
        },
        senderId: actor.userId,
        recipients,
        message: input.notificationMessage ?? null,
      });
    }
    return viewOf(tx, actor, await visibleAttachment(tx, actor, row.id));
  });
}
