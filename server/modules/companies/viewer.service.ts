import { eq } from "drizzle-orm";
import type { CompanyApprovalState, ContractStatus, Plan } from "../../../shared/enums";
import { requireSignedIn } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { companies } from "../../db/schema";

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
  // The same decision as authorization (core/standing), so the plan shown is the plan enforced.
  const standing = await loadStanding(ctx.db, companyId, ctx.clock.now());
  return {
    id: company.id,
    companyName: company.companyName,
    approvalState: company.approvalState,
    isApproved: company.approvalState === "APPROVED",
    contractStatus: standing.contractStatus,
    canAccessConsole: standing.canAccessConsole,
    plan: standing.plan,
    trialEndsAt: standing.trialEndsAt ? standing.trialEndsAt.toISOString() : null,
    trialDaysLeft: standing.trialDaysLeft,
    hasUpcomingContract: standing.upcoming !== null,
    upcomingContractStartsAt: standing.upcoming ? standing.upcoming.startsAt.toISOString() : null,
    isHeadquarterEnabled: company.isHeadquarterEnabled,
    isConnectEnabled: company.isConnectEnabled,
    isApiEnabled: company.isApiEnabled,
  };
}
