import { and, desc, eq } from "drizzle-orm";
import type { PaymentMethod } from "../../../shared/enums";
import { AUTO_RENEW_ENDS_AT } from "../../../shared/plan-standing";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import {
  apiApplicationRequests,
  auditLogs,
  type Contract,
  companies,
  contracts,
  formSubmissions,
  type UpgradeRequest,
  upgradeRequests,
} from "../../db/schema";
import { queueRenderedEmailsOnce } from "../mail/mail.internal";
import type { PaymentSettings } from "./payment-provider";
import { renderPlansMail } from "./plans.mail";

/** "MC-123" and "123" name the same quote; stored without the prefix (shown with it). */
export function bareQuoteNumber(value: string): string {
  return value.trim().replace(/^MC-/i, "");
}

/** The contract an upgrade request becomes; it runs until terminated (30 days' notice). */
export async function createContractFor(
  ctx: ServiceContext,
  request: UpgradeRequest,
  startsAt: Date,
  paymentMethod: PaymentMethod,
  terms: Partial<Pick<Contract, "plan" | "endsAt" | "maxTrackings" | "maxMembers" | "quoteNumber">> = {},
) {
  const [contract] = await ctx.db
    .insert(contracts)
    .values({
      companyId: request.companyId,
      plan: terms.plan ?? request.plan,
      startsAt,
      endsAt: terms.endsAt ?? AUTO_RENEW_ENDS_AT,
      maxTrackings: terms.maxTrackings ?? request.maxTrackings,
      maxMembers: terms.maxMembers ?? request.maxMembers,
      contractPeriod: request.contractPeriod,
      paymentMethod,
      quoteNumber: terms.quoteNumber ?? request.quoteNumber,
    })
    .returning();
  if (!contract) throw new AppError("SOMETHING_FAILED");
  return contract;
}

/** The latest card upgrade not yet paid (SUBMITTED until its checkout completes). */
export async function pendingCardUpgrade(
  ctx: ServiceContext,
  companyId: string,
): Promise<UpgradeRequest | null> {
  const [row] = await ctx.db
    .select()
    .from(upgradeRequests)
    .where(
      and(
        eq(upgradeRequests.companyId, companyId),
        eq(upgradeRequests.paymentMethod, "CARD"),
        eq(upgradeRequests.status, "SUBMITTED"),
      ),
    )
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(1);
  return row ?? null;
}

export interface ApiApplicationFiling {
  companyId: string;
  userId: string;
  teamId: string | null;
  email: string;
}

/**
 * Records an application (once while one is waiting), posts it to the form service and tells the
 * provider's sales desk, in the caller's transaction under the company's lock. Returns whether a
 * new application was filed.
 */
export async function fileApiApplication(
  tx: ServiceContext,
  settings: Pick<PaymentSettings, "salesEmail">,
  filing: ApiApplicationFiling,
): Promise<boolean> {
  const latest = await latestApplication(tx, filing.companyId);
  if (latest?.status === "SUBMITTED") return false;
  const [application] = await tx.db
    .insert(apiApplicationRequests)
    .values({
      companyId: filing.companyId,
      requestedByUserId: filing.userId,
      teamId: filing.teamId,
      email: filing.email,
      createdAt: tx.clock.now(),
    })
    .returning();
  if (!application) throw new AppError("SOMETHING_FAILED");
  // The spec also posts the application to the form service.
  await tx.db.insert(formSubmissions).values({
    companyId: filing.companyId,
    submittedByUserId: filing.userId,
    type: "API",
    payload: { type: "API", teamId: filing.teamId, accountId: filing.userId, email: filing.email },
  });
  await tx.db.insert(auditLogs).values({
    actor: `user:${filing.userId}`,
    action: "api.applied",
    target: `company:${filing.companyId}`,
    details: { applicationId: application.id },
  });
  const [company] = await tx.db
    .select({ companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, filing.companyId));
  await queueRenderedEmailsOnce(tx, [
    renderPlansMail({
      kind: "api",
      to: settings.salesEmail,
      lang: "en",
      companyId: filing.companyId,
      dedupeKey: `api-application:${application.id}:sales`,
      params: {
        companyName: company?.companyName ?? "",
        email: filing.email,
        teamId: filing.teamId ?? "-",
        accountId: filing.userId,
        companyId: filing.companyId,
      },
    }),
  ]);
  return true;
}
