import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { SALES_CONTACT_BUSINESS_DAYS } from "../../../shared/constants";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { loadStanding } from "../../core/standing";
import { companies, paymentCheckouts } from "../../db/schema";
import type { PaymentSettings } from "./payment-provider";
import { finalizeCheckout, pendingCardUpgrade } from "./plans.internal";
import { pendingBankUpgrade } from "./upgrade-requests.queries";

// Card payment with Stripe (spec 02 §2, §4, §7). Checkout runs in setup mode: it saves the card on
// the company's Stripe customer; the provider bills the quoted amounts to that customer, and the
// company manages cards and invoices in the billing portal. The contract is created once, when the
// checkout completes: on the return with session_id or by the webhook, whichever comes first.

export const PLANS_PATH = "/app/console/plans";

/**
 * Without a card provider configured the answer is a lasting "not available, use bank transfer",
 * never a 5xx that the console would retry and then call a server issue.
 */
function requireStripe(settings: PaymentSettings): Stripe {
  if (!settings.stripe) throw new AppError("CARD_PAYMENT_NOT_CONFIGURED");
  return settings.stripe;
}

/** The provider's failures are shown as 'card payment unavailable', never as raw messages. */
async function callProvider<T>(ctx: ServiceContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn(
      { err: { name: (err as Error).name, type: (err as { type?: string }).type }, what },
      "payment provider call failed",
    );
    throw new AppError("CARD_PAYMENT_UNAVAILABLE");
  }
}

/** The company's Stripe customer, created once under the company lock. */
async function ensureCustomer(ctx: ServiceContext, stripe: Stripe, companyId: string, email: string) {
  return ctx.tx(async (tx) => {
    await lockCompany(tx, companyId);
    const [company] = await tx.db.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw new AppError("NO_COMPANY");
    if (company.paymentCustomerId) return company.paymentCustomerId;
    const customer = await callProvider(ctx, "customers.create", () =>
      stripe.customers.create(
        { name: company.companyName, email, metadata: { companyId } },
        { idempotencyKey: `customer-${companyId}` },
      ),
    );
    await tx.db.update(companies).set({ paymentCustomerId: customer.id }).where(eq(companies.id, companyId));
    return customer.id;
  });
}

/** The Stripe Checkout address for the company's pending card upgrade (/plans/redirect-to-upgrade). */
export async function createCheckoutUrl(
  ctx: ServiceContext,
  settings: PaymentSettings,
): Promise<{ url: string }> {
  const actor = await authorize(ctx, "company.billing");
  const stripe = requireStripe(settings);
  const request = await pendingCardUpgrade(ctx, actor.companyId);
  if (!request) throw new AppError("NO_PENDING_CARD_UPGRADE");
  // An unpaid card request left behind must not become a second paid contract.
  const standing = await loadStanding(ctx.db, actor.companyId, ctx.clock.now());
  if ([standing.current, standing.upcoming].some((c) => c !== null && c.plan !== "FREE")) {
    throw new AppError("UPGRADE_ALREADY_CONTRACTED");
  }
  if (await pendingBankUpgrade(ctx.db, actor.companyId)) {
    throw new AppError("UPGRADE_REQUEST_PENDING", { days: SALES_CONTACT_BUSINESS_DAYS });
  }
  const customer = await ensureCustomer(ctx, stripe, actor.companyId, request.emailForInvoice);
  const back = `${settings.appUrl}${PLANS_PATH}`;
  const session = await callProvider(ctx, "checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "setup",
      customer,
      currency: "usd",
      client_reference_id: actor.companyId,
      metadata: { companyId: actor.companyId, upgradeRequestId: request.id },
      success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}/upgrade?plan=${request.plan}`,
      locale: ctx.lang === "ja" ? "ja" : "en",
    }),
  );
  if (!session.url) throw new AppError("CARD_PAYMENT_UNAVAILABLE");
  await ctx.db.insert(paymentCheckouts).values({
    companyId: actor.companyId,
    upgradeRequestId: request.id,
    providerSessionId: session.id,
  });
  return { url: session.url };
}

/** The return from Checkout with session_id (spec 02 §2): completes it, then the page goes to /plans. */
export async function completeCheckout(
  ctx: ServiceContext,
  settings: PaymentSettings,
  sessionId: string,
): Promise<{ plan: string; contractId: string }> {
  const actor = await authorize(ctx, "company.billing");
  const stripe = requireStripe(settings);
  // Only a session this company opened: another company's session id finds nothing.
  const [own] = await ctx.db
    .select({ id: paymentCheckouts.id })
    .from(paymentCheckouts)
    .where(
      and(eq(paymentCheckouts.providerSessionId, sessionId), eq(paymentCheckouts.companyId, actor.companyId)),
    );
  if (!own) throw new AppError("CHECKOUT_NOT_FOUND");
  const session = await callProvider(ctx, "checkout.sessions.retrieve", () =>
    stripe.checkout.sessions.retrieve(sessionId),
  );
  const outcome = await finalizeCheckout(ctx, session, `user:${actor.userId}`);
  return { plan: outcome.plan, contractId: outcome.contractId };
}

/** The billing portal address, opened in a new window (spec 02 §2). */
export async function createBillingPortalUrl(
  ctx: ServiceContext,
  settings: PaymentSettings,
): Promise<{ url: string }> {
  const actor = await authorize(ctx, "company.billing");
  const stripe = requireStripe(settings);
  const [company] = await ctx.db
    .select({ customer: companies.paymentCustomerId })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  if (!company?.customer) throw new AppError("BILLING_PORTAL_UNAVAILABLE");
  const customer = company.customer;
  const portal = await callProvider(ctx, "billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${settings.appUrl}${PLANS_PATH}`,
      locale: ctx.lang === "ja" ? "ja" : "en",
    }),
  );
  return { url: portal.url };
}
