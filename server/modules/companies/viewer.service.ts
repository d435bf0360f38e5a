import { and, asc, eq, sql } from "drizzle-orm";
import type { CompanyApprovalState, ContractStatus, Plan } from "../../../shared/enums";
import { type ContractSummary, toContractSummary } from "../../../shared/plan-standing";
import { requireSignedIn, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import {
  companyRow,
  companyStanding,
  requestSnapshot,
  type StandingContract,
} from "../../core/request-cache";
import type { Db } from "../../db/client";
import { type Session, sessions, teamMembers, teams, type User, users } from "../../db/schema";

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

/**
 * The signed-in user's row and session, as account.viewer shows them: on a read request the rows
 * read while validating the session, otherwise read now. Null when either is gone.
 */
export async function viewerAccount(
  ctx: ServiceContext,
  actor: UserActor,
): Promise<{ user: User; session: Pick<Session, "isMultiFactorVerified"> } | null> {
  // An API token is no session: its user is read alone (the key stood in for the second factor).
  if (actor.via === "apiToken") {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
    return user ? { user, session: { isMultiFactorVerified: true } } : null;
  }
  const snapshot = requestSnapshot(ctx);
  if (snapshot && snapshot.user.id === actor.userId && snapshot.session.id === actor.sessionId) {
    return { user: snapshot.user, session: snapshot.session };
  }
  const [row] = await ctx.db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, actor.sessionId));
  if (!row || row.user.id !== actor.userId) return null;
  return row;
}

function viewerTeamsQuery(db: Db) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, sql.placeholder("userId")), eq(teams.isArchived, false)))
    .orderBy(asc(teams.createdAt), asc(teams.name))
    .prepare("viewer_teams");
}

// The console reads the viewer on every page; its SQL is built once per database handle.
const preparedTeams = new WeakMap<Db, ReturnType<typeof viewerTeamsQuery>>();

/** The active teams the user belongs to, oldest first (the team switcher's order). */
export async function viewerTeams(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  let query = preparedTeams.get(ctx.db);
  if (!query) {
    query = viewerTeamsQuery(ctx.db);
    preparedTeams.set(ctx.db, query);
  }
  return query.execute({ userId });
}
