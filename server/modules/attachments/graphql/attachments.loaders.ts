import type { ServiceContext } from "../../../core/context";
import { deleteRights } from "../attachments.internal";
import { type AttachmentView, toAttachmentView } from "../attachments.output";
import { finishedAttachmentsOfShipments, sharesOf } from "../attachments.queries";
import { requireConnectMember } from "../attachments.service";

// Shipment.attachments for a whole page of shipments in two statements (files, then their share
// lists), as the Files tab shows them (listAttachments). The keys are shipments a service already
// answered to this member; the statements are still scoped by the member's company.

/** By shipment id: the shipment's finished files, newest first. */
export async function attachmentsOf(
  ctx: ServiceContext,
  shipmentIds: readonly string[],
): Promise<Map<string, AttachmentView[]>> {
  const actor = await requireConnectMember(ctx, "shipment.view");
  const rows = await finishedAttachmentsOfShipments(ctx.db, actor.companyId, shipmentIds);
  const shares = await sharesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const rights = deleteRights(actor);
  const byShipment = new Map<string, AttachmentView[]>(shipmentIds.map((id) => [id, []]));
  for (const row of rows) {
    byShipment.get(row.shipmentId)?.push(toAttachmentView(row, shares.get(row.id) ?? [], rights));
  }
  return byShipment;
}
