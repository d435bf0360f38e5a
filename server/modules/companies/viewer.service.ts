import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import type { CompanyApprovalState, ContractStatus, Plan } from "../../../shared/enums";
import { requireSignedIn } from "../../core/authz";
import { DAY_MS } from "../../core/clock";
import type { ServiceContext } from "../../core/context";
import { type Contract, companies, contracts } from "../../db/schema";

/** The company as the console gates and the top bar need it (account.viewer). */
export interface ViewerCompany {
  id: string;
  companyName: string;
  approvalState: CompanyApprovalState;
  isApproved: boolean;
  contractStatus: ContractStatus;
  canAccessConsole: boolean;
  /** The current contract's plan; FREE when none is current (as core/authz currentPlan). */
  plan: Plan;
  /** End of the current FREE contract (ISO), else null. */
  trialEndsAt: string | null;
  /** Whole days (rounded up) until the current FREE contract ends, else null. */
  trialDaysLeft: number | null;
  hasUpcomingContract: boolean;
  upcomingContractStartsAt: string | null;
  isHeadquarterEnabled: boolean;
  isConnectEnabled: boolean;
  isApiEnabled: boolean;
}

/**
 * The state of the signed-in actor's own company, or null when they have none.
 *
 * canAccessConsole: true when the company has a contract covering now (any plan, the FREE trial
 * included) or one starting later (an accepted upgrade, WAITING_CONTRACT). A FREE trial whose 30
 * days are over with nothing after it is false: the console shows 'Trial Period Ended'. Approval is
 * a separate gate (isApproved), checked after this one.
 */
export async function viewerCompany(ctx: ServiceContext): Promise<ViewerCompany | null> {
  const { companyId } = requireSignedIn(ctx);
  if (!companyId) return null;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const now = ctx.clock.now();
  const [current, upcoming] = await Promise.all([
    currentContract(ctx, companyId, now),
    upcomingContract(ctx, companyId, now),
  ]);
  const trial = current?.plan === "FREE" ? current : null;
  return {
    id: company.id,
    companyName: company.companyName,
    approvalState: company.approvalState,
    isApproved: company.approvalState === "APPROVED",
    contractStatus: company.contractStatus,
    canAccessConsole: current !== null || upcoming !== null,
    plan: current?.plan ?? "FREE",
    trialEndsAt: trial ? trial.endsAt.toISOString() : null,
    trialDaysLeft: trial ? Math.max(0, Math.ceil((trial.endsAt.getTime() - now.getTime()) / DAY_MS)) : null,
    hasUpcomingContract: upcoming !== null,
    upcomingContractStartsAt: upcoming ? upcoming.startsAt.toISOString() : null,
    isHeadquarterEnabled: company.isHeadquarterEnabled,
    isConnectEnabled: company.isConnectEnabled,
    isApiEnabled: company.isApiEnabled,
  };
}

async function currentContract(ctx: ServiceContext, companyId: string, now: Date): Promise<Contract | null> {
  const [row] = await ctx.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), lte(contracts.startsAt, now), gt(contracts.endsAt, now)))
    .orderBy(desc(contracts.startsAt))
    .limit(1);
  return row ?? null;
}

async function upcomingContract(ctx: ServiceContext, companyId: string, now: Date): Promise<Contract | null> {
  const [row] = await ctx.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), gt(contracts.startsAt, now)))
    .orderBy(asc(contracts.startsAt))
    .limit(1);
  return row ?? null;
}
