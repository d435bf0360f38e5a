import { asc, eq } from "drizzle-orm";
import type { ContractStatus, Plan } from "../../../shared/enums";
import { type ContractPhase, effectiveStanding, showsPlanCards } from "../../../shared/plan-standing";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, contracts } from "../../db/schema";
import type { PaymentSettings } from "./payment-provider";
import type { ContractView } from "./plans.internal";
import { pendingCardUpgrade, toContractView } from "./plans.internal";
import { latestUpgradeRequest, pendingBankUpgrade } from "./upgrade-requests.queries";

export interface PlansOverview {
  plan: Plan;
  contractStatus: ContractStatus;
  showPlanCards: boolean;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  maxTrackings: number;
  maxMembers: number;
  company: {
    companyName: string;
    companyAddress: string | null;
    phoneNumber: string;
    personInCharge: string | null;
    workEmail: string;
    emailForInvoice: string | null;
    hasPaymentCustomer: boolean;
    /** The provider reported a failed card payment not yet settled (ISO), else null. */
    paymentFailedAt: string | null;
  };
  /** Upcoming first (soonest first), then current, then past (latest first). */
  contracts: ContractView[];
  upcomingContract: ContractView | null;
  cardPaymentAvailable: boolean;
  /** A card upgrade submitted and not yet paid, to continue to checkout. */
  pendingCardUpgrade: { id: string; plan: Plan } | null;
  /** A bank-transfer request waiting for the provider: shown as sent, with the sales-contact promise. */
  pendingUpgrade: { id: string; plan: Plan; submittedAt: string } | null;
  /** The latest request, when the provider refused it and nothing newer was sent. */
  refusedUpgrade: { id: string; plan: Plan; submittedAt: string; reason: string } | null;
}

const PHASE_ORDER: Record<ContractPhase, number> = { UPCOMING: 0, CURRENT: 1, PAST: 2 };

function sortViews(views: ContractView[]): ContractView[] {
  return views.sort((a, b) => {
    const byPhase = PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase];
    if (byPhase !== 0) return byPhase;
    const diff = Date.parse(a.startsAt) - Date.parse(b.startsAt);
    return a.phase === "UPCOMING" ? diff : -diff;
  });
}

export async function getPlansOverview(
  ctx: ServiceContext,
  settings: PaymentSettings,
): Promise<PlansOverview> {
  const actor = await authorize(ctx, "company.billing");
  const now = ctx.clock.now();
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, actor.companyId));
  if (!company) throw new AppError("NO_COMPANY");
  const rows = await ctx.db
    .select()
    .from(contracts)
    .where(eq(contracts.companyId, actor.companyId))
    .orderBy(asc(contracts.startsAt));
  const standing = effectiveStanding(rows, now);
  const paid = [standing.current, standing.upcoming].some((c) => c !== null && c.plan !== "FREE");
  const bank = await pendingBankUpgrade(ctx.db, actor.companyId);
  // A card request left unpaid stops being offered once another way to a paid plan is under way.
  const pending = paid || bank ? null : await pendingCardUpgrade(ctx, actor.companyId);
  const latest = await latestUpgradeRequest(ctx.db, actor.companyId);
  return {
    plan: standing.plan,
    contractStatus: standing.contractStatus,
    // While the provider reviews a request the page shows it, not the cards that would send another.
    showPlanCards: showsPlanCards(standing.contractStatus) && bank === null,
    trialEndsAt: standing.trialEndsAt ? standing.trialEndsAt.toISOString() : null,
    trialDaysLeft: standing.trialDaysLeft,
    maxTrackings: standing.maxTrackings,
    maxMembers: standing.maxMembers,
    company: {
      companyName: company.companyName,
      companyAddress: company.companyAddress,
      phoneNumber: company.phoneNumber,
      personInCharge: company.personInCharge,
      workEmail: company.workEmail,
      emailForInvoice: company.emailForInvoice,
      hasPaymentCustomer: company.hasPaymentCustomer,
      paymentFailedAt: company.paymentFailedAt ? company.paymentFailedAt.toISOString() : null,
    },
    contracts: sortViews(rows.map((c) => toContractView(c, now))),
    upcomingContract: standing.upcoming ? toContractView(standing.upcoming, now) : null,
    cardPaymentAvailable: settings.stripe !== null,
    pendingCardUpgrade: pending ? { id: pending.id, plan: pending.plan } : null,
    pendingUpgrade: bank ? { id: bank.id, plan: bank.plan, submittedAt: bank.createdAt.toISOString() } : null,
    refusedUpgrade:
      latest?.status === "REJECTED" && !paid
        ? {
            id: latest.id,
            plan: latest.plan,
            submittedAt: latest.createdAt.toISOString(),
            reason: latest.refusalReason ?? "",
          }
        : null,
  };
}

/** What the upgrade form starts from: the company's details as registered. */
export async function getUpgradeDefaults(ctx: ServiceContext, settings: PaymentSettings) {
  const actor = await authorize(ctx, "company.upgrade");
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, actor.companyId));
  if (!company) throw new AppError("NO_COMPANY");
  return {
    companyName: company.companyName,
    companyAddress: company.companyAddress ?? "",
    companyTel: company.phoneNumber,
    personInCharge: company.personInCharge ?? "",
    workEmail: company.workEmail,
    emailForInvoice: company.emailForInvoice ?? company.workEmail,
    cardPaymentAvailable: settings.stripe !== null,
  };
}
