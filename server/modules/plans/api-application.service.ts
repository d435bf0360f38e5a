import { and, eq } from "drizzle-orm";
import type { Plan, UpgradeRequestStatus } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { ApiInquiryInput } from "../../../shared/schemas/upgrade";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { companies, teams } from "../../db/schema";
import type { PaymentSettings } from "./payment-provider";
import { fileApiApplication, latestApplication } from "./plans.internal";
import { pendingBankUpgrade } from "./upgrade-requests.queries";

// The application part of the API settings page (spec 02 §2, §6, §7): FREE must upgrade first;
// other plans apply (POST /inquiry {type, teamId, accountId, email}), then see the thank-you state.
// A paid contract waiting to start counts: the page says when the API becomes available, and the
// Admin may apply ahead of it (the upgrade form's "Also apply for the API" box files it too).
// Approval (company.isApiEnabled) is the provider's, with the admin CLI.

export interface ApiApplicationState {
  plan: Plan;
  /** The current plan includes the API (FREE does not). */
  availableNow: boolean;
  /** The current plan, or the paid contract waiting to start, includes the API. */
  canApply: boolean;
  /** A paid contract with the API waiting to start, when the current plan has none: its plan and start (ISO). */
  availableFrom: { plan: Plan; startsAt: string } | null;
  /** An upgrade request (bank transfer) is waiting for the provider's review. */
  upgradeRequested: boolean;
  isApiEnabled: boolean;
  application: { status: UpgradeRequestStatus; appliedAt: string } | null;
}

async function apiAvailability(ctx: ServiceContext, companyId: string) {
  const standing = await loadStanding(ctx.db, companyId, ctx.clock.now());
  const availableNow = planAllows(standing.plan, "api");
  const upcoming = standing.upcoming;
  const availableFrom =
    !availableNow && upcoming && planAllows(upcoming.plan, "api")
      ? { plan: upcoming.plan, startsAt: upcoming.startsAt.toISOString() }
      : null;
  return {
    plan: standing.plan,
    availableNow,
    availableFrom,
    canApply: availableNow || availableFrom !== null,
  };
}

export async function getApiApplication(ctx: ServiceContext): Promise<ApiApplicationState> {
  const actor = await authorize(ctx, "apiSettings.view");
  const [company] = await ctx.db
    .select({ isApiEnabled: companies.isApiEnabled })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  if (!company) throw new AppError("NO_COMPANY");
  const availability = await apiAvailability(ctx, actor.companyId);
  const latest = await latestApplication(ctx, actor.companyId);
  const pending = await pendingBankUpgrade(ctx.db, actor.companyId);
  return {
    ...availability,
    upgradeRequested: pending !== null,
    isApiEnabled: company.isApiEnabled,
    application: latest ? { status: latest.status, appliedAt: latest.createdAt.toISOString() } : null,
  };
}

/** The API settings page's application (POST /inquiry). */
export async function applyForApi(
  ctx: ServiceContext,
  settings: Pick<PaymentSettings, "salesEmail">,
  raw: ApiInquiryInput,
): Promise<ApiApplicationState> {
  const actor = await authorize(ctx, "apiSettings.view");
  const input = ApiInquiryInput.parse(raw);
  // The account is the signed-in Admin's own: nobody applies in another person's name.
  if (input.accountId !== actor.userId) throw new AppError("PERMISSION_DENIED");
  await ctx.tx(async (tx) => {
    await lockCompany(tx, actor.companyId);
    // The plan gate of apiSettings.manage, widened to a paid contract waiting to start.
    if (!(await apiAvailability(tx, actor.companyId)).canApply) throw new AppError("UPGRADE_REQUIRED");
    if (input.teamId) {
      const [team] = await tx.db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, input.teamId), eq(teams.companyId, actor.companyId)));
      if (!team) throw new AppError("TEAM_NOT_FOUND");
    }
    await fileApiApplication(tx, settings, {
      companyId: actor.companyId,
      userId: actor.userId,
      teamId: input.teamId ?? null,
      email: input.email,
    });
  });
  return getApiApplication(ctx);
}
