import type { CompanyApprovalState, ContractStatus, Plan } from "../../../shared/enums";
import { type ContractSummary, toContractSummary } from "../../../shared/plan-standing";
import { requireSignedIn } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companyRow, companyStanding, type StandingContract } from "../../core/request-cache";

/** A contract summary (plan, phase, dates, limits) or null. */
const summaryOf = (contract: StandingContract | null, now: Date): ContractSummary | null =>
  contract ? toContractSummary(contract, now) : null;

/** The company as the console gates and the top bar need it (account.viewer). */
export interface ViewerCompany {
  id: string;
  companyName: string;
  approvalState: CompanyApprovalState;
  isApproved: boolean;
  contractStatus: ContractStatus;
  canAccessConsole: boolean;
  /** CHURN after a paid contract: the read-only console with the CHURN banner (shared/plan-standing). */
  isChurned: boolean;
  /** The current contract's plan; FREE when none is current (as core/authz currentPlan). */
  plan: Plan;
  /** End of the current FREE contract (ISO), else null. */
  trialEndsAt: string | null;
  /** Whole days (rounded up) until the current FREE contract ends, else null. */
  trialDaysLeft: number | null;
  hasUpcomingContract: boolean;
  upcomingContractStartsAt: string | null;
  /** The contract in force as the standing picks it (the one whose plan and limits apply), else null. */
  currentContract: ContractSummary | null;
  /** The next contract to start, else null. */
  upcomingContract: ContractSummary | null;
  isHeadquarterEnabled: boolean;
  isConnectEnabled: boolean;
  isApiEnabled: boolean;
  isContainerEventEnabled: boolean;
}

/**
 * The state of the signed-in actor's own company, or null when they have none.
 *
 * canAccessConsole: true when the company has a contract covering now (any plan, the FREE trial
 * included) or one starting later (an accepted upgrade, WAITING_CONTRACT), or it is churned (a paid
 * contract ended: the read-only console). A FREE trial whose 30 days are over with nothing after it
 * is false: the console shows 'Trial Period Ended'. Approval is a separate gate (isApproved),
 * checked after this one.
 */
export async function viewerCompany(ctx: ServiceContext): Promise<ViewerCompany | null> {
  const { companyId } = requireSignedIn(ctx);
  if (!companyId) return null;
  // The same decision as authorization (core/request-cache, over shared/plan-standing), so the plan
  // shown is the plan enforced; on a read request both come from the session's own statement.
  const [company, standing] = await Promise.all([
    companyRow(ctx, companyId),
    companyStanding(ctx, companyId),
  ]);
  if (!company) return null;
  return {
    id: company.id,
    companyName: company.companyName,
    approvalState: company.approvalState,
    isApproved: company.approvalState === "APPROVED",
    contractStatus: standing.contractStatus,
    canAccessConsole: standing.canAccessConsole,
    isChurned: standing.churned,
    plan: standing.plan,
    trialEndsAt: standing.trialEndsAt ? standing.trialEndsAt.toISOString() : null,
    trialDaysLeft: standing.trialDaysLeft,
    hasUpcomingContract: standing.upcoming !== null,
    upcomingContractStartsAt: standing.upcoming ? standing.upcoming.startsAt.toISOString() : null,
    currentContract: summaryOf(standing.current, ctx.clock.now()),
    upcomingContract: summaryOf(standing.upcoming, ctx.clock.now()),
    isHeadquarterEnabled: company.isHeadquarterEnabled,
    isConnectEnabled: company.isConnectEnabled,
    isApiEnabled: company.isApiEnabled,
    isContainerEventEnabled: company.isContainerEventEnabled,
  };
}
