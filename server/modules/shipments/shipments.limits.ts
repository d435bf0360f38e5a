import { and, count, eq, gt, isNull, lte } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { currentContractLimits } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, contracts, shipments } from "../../db/schema";

// The company row owns the tracking limit: every change that makes a shipment active (create,
// unarchive) locks it first, so two requests at the limit cannot both pass the count.

/** Locks the company row for the rest of the transaction and returns it. */
export async function lockCompany(ctx: ServiceContext, companyId: string) {
  if (!ctx.inTransaction) throw new Error("lockCompany needs a transaction");
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId)).for("update");
  if (!company) throw new AppError("NO_COMPANY");
  return company;
}

/** New trackings need an approved company with a current contract that has not churned. */
export async function assertMayAddShipments(
  ctx: ServiceContext,
  company: { id: string; approvalState: string; contractStatus: string },
): Promise<{ maxTrackings: number }> {
  if (company.approvalState !== "APPROVED") throw new AppError("COMPANY_NOT_APPROVED");
  if (company.contractStatus === "CHURN") throw new AppError("TRIAL_ENDED");
  const now = ctx.clock.now();
  const [current] = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.companyId, company.id), lte(contracts.startsAt, now), gt(contracts.endsAt, now)))
    .limit(1);
  // No contract covers now: the trial is over (or a paid contract has not started yet).
  if (!current) throw new AppError("TRIAL_ENDED");
  const limits = await currentContractLimits(ctx, company.id);
  return { maxTrackings: limits.maxTrackings };
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
