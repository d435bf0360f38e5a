import { and, eq, gt, lte, sql } from "drizzle-orm";
import Stripe from "stripe";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { auditLogs, companies, contracts, paymentEvents, paymentObjectVersions } from "../../db/schema";
import type { PaymentSettings } from "./payment-provider";
import { applyContractStatus, finalizeCheckout } from "./plans.internal";

// Stripe's webhook (POST /stripe/webhook). The signature over the raw body is the whole authority:
// a forged or stale event is refused before anything is read from it. Each event id is recorded in
// the transaction that applies it, so a replayed or redelivered event is acknowledged and skipped.
// Stripe does not deliver in order: an event about an object (an invoice, a subscription) older than
// the last one applied to it is recorded and skipped (docs/decisions/0027-stripe-event-order.md).
// Verifying and applying need only the signing secret; the API key is for checkout and the portal.

const ACTOR = "system:stripe-webhook";

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "superseded";

/** The events this product acts on; each changes the state of its data.object. */
const APPLIED_TYPES = new Set<string>([
  "checkout.session.completed",
  "invoice.payment_failed",
  "invoice.paid",
  "customer.subscription.deleted",
]);

function verify(settings: PaymentSettings, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!settings.webhookSecret) throw new AppError("CARD_PAYMENT_UNAVAILABLE");
  if (!signature) throw new AppError("PAYMENT_SIGNATURE_INVALID");
  // The signature check is local HMAC work: the SDK's static helper needs no API key.
  const webhooks = settings.stripe?.webhooks ?? Stripe.webhooks;
  try {
    return webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    throw new AppError("PAYMENT_SIGNATURE_INVALID");
  }
}

function customerId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function companyOfCustomer(ctx: ServiceContext, customer: string | null): Promise<string | null> {
  if (!customer) return null;
  const [row] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.paymentCustomerId, customer));
  return row?.id ?? null;
}

/** The card subscription was cancelled: card contracts end now, and upcoming ones never start. */
async function endCardContracts(ctx: ServiceContext, companyId: string) {
  const now = ctx.clock.now();
  const card = and(eq(contracts.companyId, companyId), eq(contracts.paymentMethod, "CARD"));
  await ctx.db.delete(contracts).where(and(card, gt(contracts.startsAt, now)));
  await ctx.db
    .update(contracts)
    .set({ endsAt: now })
    .where(and(card, lte(contracts.startsAt, now), gt(contracts.endsAt, now)));
}

async function apply(
  ctx: ServiceContext,
  event: Stripe.Event,
): Promise<{ applied: boolean; companyId: string | null }> {
  switch (event.type) {
    case "checkout.session.completed": {
      try {
        await finalizeCheckout(ctx, event.data.object, ACTOR);
      } catch (err) {
        // A session opened elsewhere (another product on the same Stripe account) is not ours.
        if (err instanceof AppError && err.code === "CHECKOUT_NOT_FOUND")
          return { applied: false, companyId: null };
        throw err;
      }
      return {
        applied: true,
        companyId: await companyOfCustomer(ctx, customerId(event.data.object.customer)),
      };
    }
    case "invoice.payment_failed":
    case "invoice.paid": {
      const companyId = await companyOfCustomer(ctx, customerId(event.data.object.customer));
      if (!companyId) return { applied: false, companyId: null };
      const failedAt = event.type === "invoice.payment_failed" ? ctx.clock.now() : null;
      await ctx.db.update(companies).set({ paymentFailedAt: failedAt }).where(eq(companies.id, companyId));
      return { applied: true, companyId };
    }
    case "customer.subscription.deleted": {
      const companyId = await companyOfCustomer(ctx, customerId(event.data.object.customer));
      if (!companyId) return { applied: false, companyId: null };
      await endCardContracts(ctx, companyId);
      await applyContractStatus(ctx, companyId, ACTOR);
      return { applied: true, companyId };
    }
    default:
      return { applied: false, companyId: null };
  }
}

function objectIdOf(event: Stripe.Event): string | null {
  const id = (event.data.object as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : null;
}

/**
 * Whether the event is not older than the last one applied to its object, and if so records it as
 * the last. One upsert under the object's row lock, so two deliveries about one invoice racing each
 * other are ordered by their `created`, not by which commits first. Stripe's `created` is in whole
 * seconds: an event of the same second as the last applied one is applied too (arrival order).
 */
async function isNewestForObject(ctx: ServiceContext, event: Stripe.Event): Promise<boolean> {
  const objectId = objectIdOf(event);
  if (!objectId || !Number.isFinite(event.created)) return true;
  const created = new Date(event.created * 1000);
  const [row] = await ctx.db
    .insert(paymentObjectVersions)
    .values({ objectId, lastEventCreatedAt: created, lastEventId: event.id })
    .onConflictDoUpdate({
      target: paymentObjectVersions.objectId,
      set: {
        lastEventCreatedAt: sql`excluded.last_event_created_at`,
        lastEventId: sql`excluded.last_event_id`,
        updatedAt: ctx.clock.now(),
      },
      setWhere: sql`${paymentObjectVersions.lastEventCreatedAt} <= excluded.last_event_created_at`,
    })
    .returning({ objectId: paymentObjectVersions.objectId });
  return row !== undefined;
}

export async function handlePaymentWebhook(
  ctx: ServiceContext,
  settings: PaymentSettings,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = verify(settings, rawBody, signature);
  return ctx.tx(async (tx) => {
    const [fresh] = await tx.db
      .insert(paymentEvents)
      .values({ providerEventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.providerEventId });
    if (!fresh) return "duplicate";
    if (APPLIED_TYPES.has(event.type) && !(await isNewestForObject(tx, event))) return "superseded";
    const { applied, companyId } = await apply(tx, event);
    if (companyId) {
      await tx.db.update(paymentEvents).set({ companyId }).where(eq(paymentEvents.providerEventId, event.id));
      await tx.db.insert(auditLogs).values({
        actor: ACTOR,
        action: "payment.event",
        target: `company:${companyId}`,
        details: { type: event.type, eventId: event.id },
      });
    }
    return applied ? "applied" : "ignored";
  });
}
