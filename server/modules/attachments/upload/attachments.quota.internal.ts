import {
  ATTACHMENT_GUEST_QUOTA_BYTES,
  ATTACHMENT_STORAGE_QUOTA_BYTES,
  storageQuotaLabel,
} from "../../../../shared/constants";
import { AppError } from "../../../core/app-error";
import { currentContractLimits } from "../../../core/authz";
import { lockCompany } from "../../../core/company-lock";
import type { ServiceContext } from "../../../core/context";
import { storedBytes } from "../attachments.queries";

// Storage quotas (docs/decisions/0015-attachment-storage-quota.md): a company's files and uploads
// under way may not pass its plan's quota, and what one person uploads through the company's share
// links may not pass the guest allowance. Checked under the company's row lock, once before an
// upload address is issued (counting the declared size) and again when the upload completes
// (counting the real size), so parallel uploads take turns and none slips past the sum.

export interface QuotaClaim {
  companyId: string;
  /** Set for an upload through a share link: the guest's allowance applies too. */
  guestUserId: string | null;
  bytes: number;
  /** The upload being completed, whose reservation the real size replaces. */
  except?: string;
}

/** Throws when `bytes` more would pass a quota. Must run in the transaction that then writes. */
export async function assertStorageRoom(ctx: ServiceContext, claim: QuotaClaim): Promise<void> {
  await lockCompany(ctx, claim.companyId);
  const { plan } = await currentContractLimits(ctx, claim.companyId);
  const quota = ATTACHMENT_STORAGE_QUOTA_BYTES[plan];
  const except = claim.except ? { except: claim.except } : {};
  if ((await storedBytes(ctx.db, claim.companyId, except)) + claim.bytes > quota) {
    // A guest cannot make room in another company's storage: they are told whom to ask.
    if (claim.guestUserId !== null) throw new AppError("ATTACHMENT_SHARED_STORAGE_FULL");
    throw new AppError("ATTACHMENT_STORAGE_FULL", { quota: storageQuotaLabel(quota) });
  }
  if (claim.guestUserId === null) return;
  const guestUsed = await storedBytes(ctx.db, claim.companyId, { guestUserId: claim.guestUserId, ...except });
  if (guestUsed + claim.bytes > ATTACHMENT_GUEST_QUOTA_BYTES) {
    throw new AppError("ATTACHMENT_GUEST_QUOTA_REACHED", {
      quota: storageQuotaLabel(ATTACHMENT_GUEST_QUOTA_BYTES),
    });
  }
}
