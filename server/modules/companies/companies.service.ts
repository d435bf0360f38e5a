import { eq } from "drizzle-orm";
import { FREE_TRIAL_DAYS, TRIAL_CONTRACT_LIMITS } from "../../../shared/constants";
import { ROLE_IDS } from "../../../shared/enums";
import type { CreateCompanyInput } from "../../../shared/schemas";
import { AppError, isAppError } from "../../core/app-error";
import { authorize, requireVerifiedUser } from "../../core/authz";
import { DAY_MS } from "../../core/clock";
import type { ServiceContext } from "../../core/context";
import { companies, contracts, users } from "../../db/schema";
import { lockUser } from "../auth/account.queries";

/**
 * The company step after sign-up (spec 01 §8 'Failed to create company'): the user becomes its
 * Admin, a 30-day FREE contract starts now, and the company waits for the provider's approval
 * unless the deployment approves companies itself (the demo).
 */
export async function createCompany(
  ctx: ServiceContext,
  input: CreateCompanyInput,
  options: { autoApprove: boolean },
) {
  const actor = requireVerifiedUser(ctx);
  try {
    return await ctx.tx(async (tx) => {
      // Locked so a double-clicked submit cannot make two companies for one person.
      const user = await lockUser(tx.db, actor.userId);
      if (!user) throw new AppError("UNAUTHENTICATED");
      if (user.companyId) throw new AppError("COMPANY_ALREADY_EXISTS");
      const now = tx.clock.now();
      const [company] = await tx.db
        .insert(companies)
        .values({
          companyName: input.companyName,
          phoneNumber: input.companyTel,
          workEmail: user.email,
          approvalState: options.autoApprove ? "APPROVED" : "PENDING",
          approvedAt: options.autoApprove ? now : null,
          contractStatus: "IN_TRIAL",
          trialStartedAt: now,
        })
        .returning();
      if (!company) throw new Error("company insert returned nothing");
      await tx.db.insert(contracts).values({
        companyId: company.id,
        plan: "FREE",
        startsAt: now,
        endsAt: new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS),
        ...TRIAL_CONTRACT_LIMITS,
      });
      await tx.db
        .update(users)
        // The sign-up's pending company is made now; it must not come back if they ever leave.
        .set({
          companyId: company.id,
          roleId: ROLE_IDS.ADMIN,
          pendingCompanyName: null,
          pendingCompanyTel: null,
        })
        .where(eq(users.id, user.id));
      return { id: company.id, companyName: company.companyName, approvalState: company.approvalState };
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    ctx.log.error({ err }, "company creation failed");
    throw new AppError("COMPANY_CREATION_FAILED", {}, { cause: err });
  }
}

/**
 * 'Cancel Trial' on the Approval Required screen: the Admin withdraws a company the provider has
 * not approved yet. Everything of the company goes; its people keep their accounts, without one.
 */
export async function cancelTrial(ctx: ServiceContext): Promise<void> {
  const actor = await authorize(ctx, "company.cancelTrial");
  await ctx.tx(async (tx) => {
    const [company] = await tx.db
      .select()
      .from(companies)
      .where(eq(companies.id, actor.companyId))
      .for("update");
    if (!company) throw new AppError("NO_COMPANY");
    if (company.approvalState === "APPROVED") throw new AppError("TRIAL_CANCEL_NOT_ALLOWED");
    // The role goes with the company: a later company or invitation sets a new one.
    await tx.db.update(users).set({ companyId: null, roleId: null }).where(eq(users.companyId, company.id));
    await tx.db.delete(companies).where(eq(companies.id, company.id));
  });
}
