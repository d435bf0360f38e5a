import { guestMayDelete, guestMayDownload } from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import { requireVerifiedUser, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { countMiss, refuseWhileLimited } from "../share/share.limits";
import {
  type DownloadTicket,
  type GuestAttachmentView,
  toGuestAttachmentView,
  type UploadTicket,
} from "./attachments.output";
import {
  type AttachmentRow,
  attachmentOfShipment,
  guestVisibleAttachments,
  sharesOf,
  shipmentByShareToken,
} from "./attachments.queries";
import type { AttachmentStorage } from "./storage/storage";
import {
  finishUpload,
  issueDownload,
  issueUpload,
  removeAttachment,
  type UploadClaim,
} from "./upload/attachments.upload.internal";

// The Attached Files section of the share page (spec 02 §2, §6): anyone signed in who holds the
// shipment's share token, while its company has the connect feature. A guest uploads, downloads
// only files shared with their address (LIMITED_SHARING) and their own uploads, and deletes only
// their own. A revoked or unknown token is "not found", whoever asks.

interface GuestScope {
  actor: UserActor;
  shipment: { id: string; companyId: string };
}

/** Where the request came from: misses of share tokens count per address (share.limits). */
export interface GuestClient {
  ip: string;
}

async function requireGuestScope(
  ctx: ServiceContext,
  shareToken: string,
  client: GuestClient,
): Promise<GuestScope> {
  const actor = requireVerifiedUser(ctx);
  // One limit for every lookup by share token, whichever call makes it (the page, its files).
  await refuseWhileLimited(ctx, client.ip);
  const found = await shipmentByShareToken(ctx.db, shareToken);
  if (!found) {
    await countMiss(ctx, client.ip);
    throw new AppError("SHIPMENT_NOT_FOUND");
  }
  if (!found.isConnectEnabled) throw new AppError("CONNECT_NOT_ENABLED");
  return { actor, shipment: { id: found.shipment.id, companyId: found.shipment.companyId } };
}

async function mayDownload(ctx: ServiceContext, row: AttachmentRow, actor: UserActor): Promise<boolean> {
  if (row.uploadedByUserId === actor.userId) return true;
  const shares = await sharesOf(ctx.db, [row.id]);
  return guestMayDownload(
    { visibilityScope: row.visibilityScope, shareList: shares.get(row.id) ?? [] },
    actor.email,
  );
}

/** A finished file the guest may see on this shipment; anything else is "not found". */
async function guestAttachment(
  ctx: ServiceContext,
  scope: GuestScope,
  attachmentId: string,
): Promise<AttachmentRow> {
  const row = await attachmentOfShipment(ctx.db, scope.shipment.id, attachmentId);
  if (!row || row.uploadedAt === null || !(await mayDownload(ctx, row, scope.actor))) {
    throw new AppError("ATTACHMENT_NOT_FOUND");
  }
  return row;
}

export async function guestListAttachments(
  ctx: ServiceContext,
  shareToken: string,
  client: GuestClient,
): Promise<GuestAttachmentView[]> {
  const scope = await requireGuestScope(ctx, shareToken, client);
  const rows = await guestVisibleAttachments(ctx.db, scope.shipment.id, {
    userId: scope.actor.userId,
    email: scope.actor.email,
  });
  return rows.map((row) => toGuestAttachmentView(row, scope.actor.userId));
}

export async function guestGenerateUploadUrl(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  input: UploadClaim & { shareToken: string },
  client: GuestClient,
): Promise<UploadTicket> {
  const scope = await requireGuestScope(ctx, input.shareToken, client);
  return issueUpload(
    ctx,
    storage,
    {
      companyId: scope.shipment.companyId,
      shipmentId: scope.shipment.id,
      userId: scope.actor.userId,
      guestEmail: scope.actor.email,
    },
    input,
  );
}

export async function guestCompleteUpload(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  input: { shareToken: string; attachmentId: string },
  client: GuestClient,
): Promise<GuestAttachmentView> {
  const scope = await requireGuestScope(ctx, input.shareToken, client);
  const row = await attachmentOfShipment(ctx.db, scope.shipment.id, input.attachmentId);
  if (!row || row.uploadedByUserId !== scope.actor.userId || row.uploadedByGuestEmail === null) {
    throw new AppError("ATTACHMENT_NOT_FOUND");
  }
  await finishUpload(ctx, storage, row);
  return toGuestAttachmentView(await guestAttachment(ctx, scope, row.id), scope.actor.userId);
}

export async function guestGetDownloadUrl(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  input: { shareToken: string; attachmentId: string },
  client: GuestClient,
): Promise<DownloadTicket> {
  const scope = await requireGuestScope(ctx, input.shareToken, client);
  return issueDownload(ctx, storage, await guestAttachment(ctx, scope, input.attachmentId));
}

export async function guestDeleteAttachment(
  ctx: ServiceContext,
  storage: AttachmentStorage,
  input: { shareToken: string; attachmentId: string },
  client: GuestClient,
): Promise<{ attachmentId: string }> {
  const scope = await requireGuestScope(ctx, input.shareToken, client);
  const row = await guestAttachment(ctx, scope, input.attachmentId);
  if (!guestMayDelete(row, scope.actor.userId)) throw new AppError("PERMISSION_DENIED");
  return removeAttachment(ctx, storage, row);
}
