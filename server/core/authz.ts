import { eq } from "drizzle-orm";
import type { Plan, Role } from "../../shared/enums";
import {
  type Action,
  authorizeDecision,
  type CompanyStandingGate,
  companyStandingGate,
} from "../../shared/permissions";
import { type ContractTerms, effectiveStanding } from "../../shared/plan-standing";
import { companies, contracts } from "../db/schema";
import { AppError } from "./app-error";
import type { Actor, ServiceContext } from "./context";
import { companyRow, companyStanding, requestSnapshot } from "./request-cache";

// The first lines of every service function come from here: who is acting, and may they.

export type UserActor = Extract<Actor, { kind: "user" }>;
export type MemberActor = UserActor & { companyId: string; role: Role };

/** Signed in, whatever the state of verification (e.g. to resend the verification e-mail). */
export function requireSignedIn(ctx: ServiceContext): UserActor {
  if (ctx.actor.kind !== "user") throw new AppError("UNAUTHENTICATED");
  return ctx.actor;
}

/**
 * Signed in through the console's session, not an API token: for what belongs to the session or
 * the account's credentials (sign-out, password, MFA, account deletion).
 */
export function requireSession(ctx: ServiceContext): UserActor {
  const actor = requireSignedIn(ctx);
  if (actor.via === "apiToken") throw new AppError("SESSION_REQUIRED");
  return actor;
}

/** Signed in with a verified e-mail and, where enabled, the second factor passed this session. */
export function requireVerifiedUser(ctx: ServiceContext): UserActor {
  const actor = requireSignedIn(ctx);
  if (!actor.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  if (!actor.mfaSatisfied) throw new AppError("MFA_REQUIRED");
  return actor;
}

/** A verified user who belongs to a company with a role. */
export function requireMember(ctx: ServiceContext): MemberActor {
  const actor = requireVerifiedUser(ctx);
  if (!actor.companyId || !actor.role) throw new AppError("NO_COMPANY");
  return actor as MemberActor;
}

/**
 * The limits in force (shared/plan-standing decides: a paid contract wins over an overlapping FREE
 * trial). Without a current contract nothing is allowed: FREE with no seats.
 */
export async function currentContractLimits(ctx: ServiceContext, companyId: string) {
  const standing = await companyStanding(ctx, companyId);
  return { plan: standing.plan, maxMembers: standing.maxMembers, maxTrackings: standing.maxTrackings };
}

/** The plan of the company's current contract (FREE when none is current). */
export async function currentPlan(ctx: ServiceContext, companyId: string): Promise<Plan> {
  return (await currentContractLimits(ctx, companyId)).plan;
}

function gateOf(
  ctx: ServiceContext,
  approvalState: string,
  terms: readonly ContractTerms[],
): { plan: Plan; company: CompanyStandingGate } {
  const standing = effectiveStanding(terms, ctx.clock.now());
  return {
    plan: standing.plan,
    company: companyStandingGate(approvalState === "APPROVED", standing),
  };
}

/**
 * The company's approval and its contracts: from the request's snapshot when it holds them, else
 * in one statement (a company has a handful of contracts). Also what an answer that lists the
 * viewer's possible actions (a shipment's viewerCan) decides them from.
 */
export async function loadCompanyGate(ctx: ServiceContext, companyId: string) {
  const snapshot = requestSnapshot(ctx);
  if (snapshot?.company?.id === companyId) {
    return gateOf(ctx, snapshot.company.approvalState, snapshot.contracts);
  }
  const rows = await ctx.db
    .select({ approvalState: companies.approvalState, contract: contracts })
    .from(companies)
    .leftJoin(contracts, eq(contracts.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const [first] = rows;
  // The actor's company is gone (deleted or withdrawn since the session was read).
  if (!first) throw new AppError("NO_COMPANY");
  return gateOf(
    ctx,
    first.approvalState,
    rows.flatMap((r) => (r.contract ? [r.contract] : [])),
  );
}

/**
 * The one check every business procedure passes, on every surface: role × action from the shared
 * matrix, then the company's approval and contract (an unapproved company, one whose trial ended or
 * a churned one may only do what shared/permissions' STANDING_GATES allow), then the plan gate. Throws
 * the spec's message on refusal.
 */
export async function authorize(ctx: ServiceContext, action: Action): Promise<MemberActor> {
  const actor = requireMember(ctx);
  const { plan, company } = await loadCompanyGate(ctx, actor.companyId);
  const decision = authorizeDecision({ role: actor.role, plan, action, company });
  if (!decision.ok) throw new AppError(decision.code);
  return actor;
}

/** Loads the actor's company; used where a rule depends on its state (approval, flags). */
export async function getActorCompany(ctx: ServiceContext, companyId: string) {
  const company = await companyRow(ctx, companyId);
  if (!company) throw new AppError("NO_COMPANY");
  return company;
}

export type SystemActor = Extract<Actor, { kind: "system" }>;

/**
 * Work no request may start (jobs, the admin CLI, tests): only a system actor passes. Returns it so
 * its reason can be logged or audited.
 */
export function requireSystem(ctx: ServiceContext): SystemActor {
  if (ctx.actor.kind !== "system") throw new AppError("PERMISSION_DENIED");
  return ctx.actor;
}

/**
 * The provider's own operations (no screen in the spec): only the system actor the admin CLI
 * starts may call them. Returns the operator's name for the audit log.
 */
export function requireProvider(ctx: ServiceContext): string {
  const actor = requireSystem(ctx);
  if (!actor.reason.startsWith("admin-cli")) throw new AppError("PERMISSION_DENIED");
  return actor.reason;
}
