import { eq } from "drizzle-orm";
import { planAllows } from "../../../shared/permissions";
import type {
  UpdateCompanySettingsInput,
  UpdateInvitationDomainsInput,
} from "../../../shared/schemas/company";
import { AppError } from "../../core/app-error";
import { authorize, currentContractLimits, getActorCompany } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, users } from "../../db/schema";
import { allowedInvitationDomains } from "../invitations/invitation-rules";

/** The company as its settings page shows it, with the invitation domain rule spelled out. */
export async function getCompanySettings(ctx: ServiceContext) {
  const actor = await authorize(ctx, "companyPage.view");
  const company = await getActorCompany(ctx, actor.companyId);
  const limits = await currentContractLimits(ctx, actor.companyId);
  return {
    id: company.id,
    companyName: company.companyName,
    phoneNumber: company.phoneNumber,
    workEmail: company.workEmail,
    allowTrackingNumDuplication: company.allowTrackingNumDuplication,
    isHeadquarterEnabled: company.isHeadquarterEnabled,
    isConnectEnabled: company.isConnectEnabled,
    plan: limits.plan,
    maxMembers: limits.maxMembers,
    maxTrackings: limits.maxTrackings,
    canEnableHeadquarters: planAllows(limits.plan, "headquarters.toggle"),
    canDeleteCompany: planAllows(limits.plan, "company.delete"),
    extraInvitationDomains: company.allowedInvitationDomains,
    invitationDomains: allowedInvitationDomains(company),
  };
}

/** Detailed settings (Admin); headquarters only on PREMIUM or ENTERPRISE (spec 02 §6). */
export async function updateCompanySettings(ctx: ServiceContext, input: UpdateCompanySettingsInput) {
  const actor = await authorize(ctx, "company.settings");
  if (input.isHeadquarterEnabled === true) {
    const { plan } = await currentContractLimits(ctx, actor.companyId);
    if (!planAllows(plan, "headquarters.toggle")) throw new AppError("HEADQUARTERS_PREMIUM_ONLY");
  }
  const [updated] = await ctx.db
    .update(companies)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(companies.id, actor.companyId))
    .returning({
      allowTrackingNumDuplication: companies.allowTrackingNumDuplication,
      isHeadquarterEnabled: companies.isHeadquarterEnabled,
    });
  return updated;
}

export async function updateInvitationDomains(ctx: ServiceContext, input: UpdateInvitationDomainsInput) {
  const actor = await authorize(ctx, "company.settings");
  await ctx.db
    .update(companies)
    .set({ allowedInvitationDomains: input.domains, updatedAt: ctx.clock.now() })
    .where(eq(companies.id, actor.companyId));
  return { extraInvitationDomains: input.domains };
}

/**
 * Danger zone: an Admin deletes the company on the FREE plan only. All its data goes with it; its
 * people keep their accounts, without a company, and meet the no-company screen.
 */
export async function deleteCompany(ctx: ServiceContext) {
  const actor = await authorize(ctx, "company.delete");
  await ctx.tx(async (tx) => {
    await tx.db
      .update(users)
      .set({ companyId: null, roleId: null })
      .where(eq(users.companyId, actor.companyId));
    await tx.db.delete(companies).where(eq(companies.id, actor.companyId));
  });
  return { ok: true as const };
}
