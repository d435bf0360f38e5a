import { and, asc, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { ServiceContext } from "../../core/context";
import type { Db } from "../../db/client";
import { type WebhookDelivery, webhookDeliveries } from "../../db/schema";
import type { ScheduleAttempt } from "./webhooks.store";

// A company's delivery slots: at most COMPANY_DELIVERY_SLOTS attempts of one company are sent at
// once, whichever worker sends them. An attempt in flight carries a lease (leasedUntil); a due
// delivery that finds its company's slots taken waits (waitingSince) without holding a worker, and
// each finished attempt hands its slot to the company's longest-waiting delivery. Both sides run
// under one transaction-scoped advisory lock per company, so counting and taking a slot is one
// step across workers. A lease that runs out (its worker died) frees the slot by itself; the
// sweep then queues the deliveries still waiting (webhooks.jobs). See
// docs/decisions/0026-webhook-fairness.md.

/** Serializes slot accounting of one company until the transaction ends; always taken before any delivery row lock. */
export async function lockCompanySlots(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-slots:${companyId}`}, 0))`);
}

/** Attempts of the company whose lease has not run out. */
export async function attemptsInFlight(db: Db, companyId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        isNotNull(webhookDeliveries.leasedUntil),
        gt(webhookDeliveries.leasedUntil, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Ends the attempt's lease and queues the company's longest-waiting delivery in its place. Called
 * inside a transaction holding lockCompanySlots. A lease that is no longer this attempt's (it ran
 * out and the delivery was claimed again) is left to its new holder.
 */
export async function releaseSlot(
  ctx: ServiceContext,
  claimed: Pick<WebhookDelivery, "id" | "companyId" | "leasedUntil">,
  schedule: ScheduleAttempt,
): Promise<void> {
  if (claimed.leasedUntil) {
    await ctx.db
      .update(webhookDeliveries)
      .set({ leasedUntil: null })
      .where(
        and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.leasedUntil, claimed.leasedUntil)),
      );
  }
  const [next] = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, claimed.companyId),
        isNotNull(webhookDeliveries.waitingSince),
        eq(webhookDeliveries.status, "PENDING"),
      ),
    )
    .orderBy(asc(webhookDeliveries.waitingSince), asc(webhookDeliveries.createdAt))
    .limit(1);
  if (!next) return;
  // Cleared now, so the next freed slot goes to the next one in line, not to this one again.
  await ctx.db.update(webhookDeliveries).set({ waitingSince: null }).where(eq(webhookDeliveries.id, next.id));
  await schedule(ctx, [next.id]);
}
