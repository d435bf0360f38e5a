import { and, count, eq, isNull } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { shipments } from "../../db/schema";

// The company row owns the tracking limit: every change that makes a shipment active (create,
// unarchive) locks it first (lockCompany in core/company-lock.ts), so two requests at the limit
// cannot both pass the count.

/**
 * New trackings need an approved company with a contract in force: the standing is judged now from
 * the contracts (shared/plan-standing), not from the status the daily job last stored.
 */
export async function assertMayAddShipments(
  ctx: ServiceContext,
  company: { id: string; approvalState: string },
): Promise<{ maxTrackings: number }> {
  if (company.approvalState !== "APPROVED") throw new AppError("COMPANY_NOT_APPROVED");
  const standing = await loadStanding(ctx.db, company.id, ctx.clock.now());
  // No contract covers now: the trial or a paid contract is over (or one has not started yet).
  if (standing.contractStatus === "CHURN" || standing.current === null) {
    throw new AppError(standing.churned ? "CONTRACT_ENDED" : "TRIAL_ENDED");
  }
  return { maxTrackings: standing.maxTrackings };
}

export async function countActiveShipments(ctx: ServiceContext, companyId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), isNull(shipments.archivedAt)));
  return row?.n ?? 0;
}

/** Refuses when `adding` more active shipments would pass the contract's maxTrackings. */
export async function assertTrackingCapacity(
  ctx: ServiceContext,
  companyId: string,
  maxTrackings: number,
  adding = 1,
): Promise<void> {
  const active = await countActiveShipments(ctx, companyId);
  if (active + adding > maxTrackings) throw new AppError("TRACKING_LIMIT_REACHED");
}
