import { and, desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { QUOTE_NUMBER_PREFIX } from "../../../shared/constants";
import type { ContractStatus, PaymentMethod } from "../../../shared/enums";
import { AUTO_RENEW_ENDS_AT, type ContractSummary, toContractSummary } from "../../../shared/plan-standing";
import { AppError } from "../../core/app-error";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import type { Db } from "../../db/client";
import {
  apiApplicationRequests,
  auditLogs,
  type Contract,
  companies,
  contracts,
  formSubmissions,
  paymentCheckouts,
  type UpgradeRequest,
  upgradeRequests,
} from "../../db/schema";
import { queueRenderedEmailsOnce } from "../mail/mail.internal";
import type { PaymentSettings } from "./payment-provider";
import { renderPlansMail } from "./plans.mail";
import { latestSubmittedUpgrade } from "./upgrade-requests.queries";

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
  return latestSubmittedUpgrade(ctx.db, companyId, "CARD");
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

export async function latestApplication(ctx: ServiceContext, companyId: string) {
  const [row] = await ctx.db
    .select()
    .from(apiApplicationRequests)
    .where(eq(apiApplicationRequests.companyId, companyId))
    .orderBy(desc(apiApplicationRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** Recomputes and stores one company's status in the caller's transaction; returns it. */
export async function applyContractStatus(ctx: ServiceContext, companyId: string, actor: string) {
  const now = ctx.clock.now();
  const [company] = await ctx.db
    .select({ status: companies.contractStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("NO_COMPANY");
  const standing = await loadStanding(ctx.db, companyId, now);
  if (standing.contractStatus !== company.status) {
    await storeContractStatus(ctx.db, companyId, company.status, standing.contractStatus, actor, now);
  }
  return standing;
}

// The stored contract status follows the contracts and the clock (shared/plan-standing decides).
// Every change of contracts stores it at once; the daily job catches what time alone changes: a
// trial's end (CHURN), an upcoming contract's start (ACTIVE), a contract's end.

const AUDIT_ACTION: Record<ContractStatus, string> = {
  CHURN: "company.trialEnded",
  ACTIVE: "company.contractStarted",
  WAITING_CONTRACT: "company.contractWaiting",
  IN_TRIAL: "company.trialResumed",
};

export async function storeContractStatus(
  db: Db,
  companyId: string,
  from: ContractStatus,
  to: ContractStatus,
  actor: string,
  now: Date,
) {
  await db.update(companies).set({ contractStatus: to, updatedAt: now }).where(eq(companies.id, companyId));
  await db.insert(auditLogs).values({
    actor,
    action: AUDIT_ACTION[to],
    target: `company:${companyId}`,
    details: { previous: from, status: to },
  });
}

export function toContractView(contract: Contract, now: Date): ContractView {
  return {
    ...toContractSummary(contract, now),
    paymentMethod: contract.paymentMethod,
    quoteNumber: contract.quoteNumber ? `${QUOTE_NUMBER_PREFIX}${contract.quoteNumber}` : null,
  };
}

// The Plan and Payment page (spec 02 §2): plan cards for a company in trial or churned, else the
// company's information and its contracts (Upcoming, Current, Past), quote numbers with 'MC-'.

/** A contract on the Plan and Payment page (Admins): its summary with the payment details. */
export interface ContractView extends ContractSummary {
  paymentMethod: PaymentMethod;
  /** With the 'MC-' prefix; null when the contract has no quote. */
  quoteNumber: string | null;
}

/**
 * Turns a completed checkout into the contract, once: the checkout row is locked and marked in the
 * same transaction. The session must be ours (its id recorded for that company).
 */
export async function finalizeCheckout(
  ctx: ServiceContext,
  session: Pick<Stripe.Checkout.Session, "id" | "status" | "customer">,
  actorName: string,
): Promise<CheckoutOutcome> {
  if (session.status !== "complete") throw new AppError("CHECKOUT_NOT_COMPLETED");
  return ctx.tx(async (tx) => {
    const [found] = await tx.db
      .select({ companyId: paymentCheckouts.companyId })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.providerSessionId, session.id));
    if (!found) throw new AppError("CHECKOUT_NOT_FOUND");
    await lockCompany(tx, found.companyId);
    const [checkout] = await tx.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.providerSessionId, session.id));
    const [request] = checkout
      ? await tx.db.select().from(upgradeRequests).where(eq(upgradeRequests.id, checkout.upgradeRequestId))
      : [];
    if (!checkout || !request) throw new AppError("CHECKOUT_NOT_FOUND");
    if (checkout.completedAt && checkout.contractId) {
      return { contractId: checkout.contractId, plan: request.plan, created: false };
    }
    const now = tx.clock.now();
    const desired = new Date(`${request.desiredStartDate}T00:00:00.000Z`);
    const contract = await createContractFor(tx, request, desired > now ? desired : now, "CARD");
    await tx.db
      .update(paymentCheckouts)
      .set({ completedAt: now, contractId: contract.id })
      .where(eq(paymentCheckouts.id, checkout.id));
    await tx.db
      .update(upgradeRequests)
      .set({ status: "ACCEPTED" })
      .where(and(eq(upgradeRequests.id, request.id), eq(upgradeRequests.companyId, checkout.companyId)));
    const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
    if (customer) {
      await tx.db
        .update(companies)
        .set({ paymentCustomerId: customer, paymentFailedAt: null })
        .where(eq(companies.id, checkout.companyId));
    }
    await tx.db.insert(auditLogs).values({
      actor: actorName,
      action: "contract.checkoutCompleted",
      target: `company:${checkout.companyId}`,
      details: { contractId: contract.id, plan: request.plan, upgradeRequestId: request.id },
    });
    await applyContractStatus(tx, checkout.companyId, actorName);
    return { contractId: contract.id, plan: request.plan, created: true };
  });
}

export interface CheckoutOutcome {
  contractId: string;
  plan: string;
  /** False when the contract already existed (the webhook or an earlier return came first). */
  created: boolean;
}
