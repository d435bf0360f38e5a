import { and, desc, eq } from "drizzle-orm";
import type { PaymentMethod } from "../../../shared/enums";
import type { Db } from "../../db/client";
import { type UpgradeRequest, upgradeRequests } from "../../db/schema";

// Reads of a company's upgrade requests; the caller has checked permission and passes its company.

/** The latest SUBMITTED request paid by `paymentMethod`. */
export async function latestSubmittedUpgrade(
  db: Db,
  companyId: string,
  paymentMethod: PaymentMethod,
): Promise<UpgradeRequest | null> {
  const [row] = await db
    .select()
    .from(upgradeRequests)
    .where(
      and(
        eq(upgradeRequests.companyId, companyId),
        eq(upgradeRequests.paymentMethod, paymentMethod),
        eq(upgradeRequests.status, "SUBMITTED"),
      ),
    )
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** The bank-transfer request waiting for the provider's review (at most one is open at a time). */
export function pendingBankUpgrade(db: Db, companyId: string): Promise<UpgradeRequest | null> {
  return latestSubmittedUpgrade(db, companyId, "BANK_TRANSFER");
}

/** The company's latest upgrade request of any state (the plans page tells a refusal). */
export async function latestUpgradeRequest(db: Db, companyId: string): Promise<UpgradeRequest | null> {
  const [row] = await db
    .select()
    .from(upgradeRequests)
    .where(eq(upgradeRequests.companyId, companyId))
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(1);
  return row ?? null;
}
