import { and, desc, eq } from "drizzle-orm";
import type { Plan, UpgradeRequestStatus } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { ApiInquiryInput } from "../../../shared/schemas/upgrade";
import { AppError } from "../../core/app-error";
import { authorize, currentPlan } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { apiApplicationRequests, auditLogs, companies, formSubmissions, teams } from "../../db/schema";
import { queueRenderedEmailsOnce } from "../mail/mail.service";
import type { PaymentSettings } from "./payment-provider";
import { renderPlansMail } from "./plans.mail";

// The application part of the API settings page (spec 02 §2, §6, §7): FREE must upgrade first;
// other plans apply (POST /inquiry {type, teamId, accountId, email}), then see the thank-you state.
// Approval (company.isApiEnabled) is the provider's, with the admin CLI.

export interface ApiApplicationState {
  plan: Plan;
  /** False on FREE: the page asks to upgrade first. */
  canApply: boolean;
  isApiEnabled: boolean;
  application: { status: UpgradeRequestStatus; appliedAt: string } | null;
}

async function latestApplication(ctx: ServiceContext, companyId: string) {
  const [row] = await ctx.db
    .select()
    .from(apiApplicationRequests)
    .where(eq(apiApplicationRequests.companyId, companyId))
    .orderBy(desc(apiApplicationRequests.createdAt))
    .limit(1);
  return row ?? null;
}

export async function getApiApplication(ctx: ServiceContext): Promise<ApiApplicationState> {
  const actor = await authorize(ctx, "apiSettings.view");
  const [company] = await ctx.db
    .select({ isApiEnabled: companies.isApiEnabled })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  if (!company) throw new AppError("NO_COMPANY");
  const plan = await currentPlan(ctx, actor.companyId);
  const latest = await latestApplication(ctx, actor.companyId);
  return {
    plan,
    canApply: planAllows(plan, "api"),
    isApiEnabled: company.isApiEnabled,
    application: latest ? { status: latest.status, appliedAt: latest.createdAt.toISOString() } : null,
  };
}

/** Records the application (once while one is waiting) and tells the provider's sales desk. */
export async function applyForApi(
  ctx: ServiceContext,
  settings: Pick<PaymentSettings, "salesEmail">,
  raw: ApiInquiryInput,
): Promise<ApiApplicationState> {
  const actor = await authorize(ctx, "apiSettings.manage");
  const input = ApiInquiryInput.parse(raw);
  // The account is the signed-in Admin's own: nobody applies in another person's name.
  if (input.accountId !== actor.userId) throw new AppError("PERMISSION_DENIED");
  await ctx.tx(async (tx) => {
    await lockCompany(tx, actor.companyId);
    if (input.teamId) {
      const [team] = await tx.db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, input.teamId), eq(teams.companyId, actor.companyId)));
      if (!team) throw new AppError("TEAM_NOT_FOUND");
    }
    const latest = await latestApplication(tx, actor.companyId);
    if (latest?.status === "SUBMITTED") return;
    const [application] = await tx.db
      .insert(apiApplicationRequests)
      .values({
        companyId: actor.companyId,
        requestedByUserId: actor.userId,
        teamId: input.teamId ?? null,
        email: input.email,
        createdAt: tx.clock.now(),
      })
      .returning();
    if (!application) throw new AppError("SOMETHING_FAILED");
    // The spec also posts the application to the form service.
    await tx.db.insert(formSubmissions).values({
      companyId: actor.companyId,
      submittedByUserId: actor.userId,
      type: "API",
      payload: {
        type: input.type,
        teamId: input.teamId ?? null,
        accountId: input.accountId,
        email: input.email,
      },
    });
    await tx.db.insert(auditLogs).values({
      actor: `user:${actor.userId}`,
      action: "api.applied",
      target: `company:${actor.companyId}`,
      details: { applicationId: application.id },
    });
    const [company] = await tx.db
      .select({ companyName: companies.companyName })
      .from(companies)
      .where(eq(companies.id, actor.companyId));
    await queueRenderedEmailsOnce(tx, [
      renderPlansMail({
        kind: "api",
        to: settings.salesEmail,
        lang: "en",
        companyId: actor.companyId,
        dedupeKey: `api-application:${application.id}:sales`,
        params: {
          companyName: company?.companyName ?? "",
          email: input.email,
          teamId: input.teamId ?? "-",
          accountId: input.accountId,
          companyId: actor.companyId,
        },
      }),
    ]);
  });
  return getApiApplication(ctx);
}
