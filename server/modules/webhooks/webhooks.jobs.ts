import { and, eq, gt, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { webhookDeliveries } from "../../db/schema";
import { CHANGE_RECORDS_JOB_OPTIONS, defineJob } from "../../jobs/define";
import { subscribe } from "../../jobs/events";
import { shipmentChanged } from "../tracking/tracking.events";
import { ATTEMPT_LEASE_MS, DELIVERY_WORKER_SLOTS } from "./webhooks.constants";
import { attemptDelivery } from "./webhooks.delivery.service";
import { fanOutShipmentEvent } from "./webhooks.events.service";

// The webhook queues: the fan-out of a refresh's changes, one attempt of one delivery, and a
// sweep that re-queues deliveries whose job was lost (a worker that died mid-attempt).

export const deliverWebhookJob = defineJob({
  name: "webhooks.deliver",
  payload: z.object({ deliveryId: z.uuid() }),
  // The schedule of retries is the delivery's own (webhooks.constants); pg-boss retries only a
  // handler that crashed, and the attempt's lease keeps that from sending twice at once.
  options: { retryLimit: 5, retryDelay: 30, expireInSeconds: 120 },
  // One company holds at most COMPANY_DELIVERY_SLOTS of these (webhooks.slots).
  worker: { localConcurrency: DELIVERY_WORKER_SLOTS },
  needs: ["webhooks", "appUrl"],
  handle: async (ctx, { deliveryId }, { webhooks, appUrl }) => {
    await attemptDelivery(ctx, deliveryId, webhooks, {
      appUrl,
      schedule: scheduleWebhookAttempts,
    });
  },
});

/** Queues attempts of deliveries after `delayMs`, in the caller's transaction. */
export async function scheduleWebhookAttempts(
  ctx: ServiceContext,
  deliveryIds: string[],
  delayMs = 0,
): Promise<void> {
  const startAfter = Math.ceil(delayMs / 1000);
  await ctx.jobs.sendMany(
    deliverWebhookJob,
    deliveryIds.map((deliveryId) => ({
      payload: { deliveryId },
      ...(startAfter > 0 ? { options: { startAfter } } : {}),
    })),
  );
}

/** One refresh's change records of one shipment to webhook deliveries, for each shipment-changed event. */
export const webhookShipmentEventJob = defineJob({
  name: "webhooks.shipment-event",
  payload: z.object({ historyId: z.uuid() }),
  options: CHANGE_RECORDS_JOB_OPTIONS,
  worker: { localConcurrency: 2 },
  handle: async (ctx, { historyId }) => {
    await fanOutShipmentEvent(ctx, historyId, scheduleWebhookAttempts);
  },
});

/** Listed in the registry's event subscriptions. */
export const webhooksOnShipmentChanged = subscribe(shipmentChanged, webhookShipmentEventJob, (e) => ({
  historyId: e.historyId,
}));

/**
 * Deliveries still PENDING well after their attempt was due (a lease that ran out: the worker
 * died; or a job that was lost) are queued again. Moving their time forward first keeps the next
 * sweep from queueing them once more while that job waits. A delivery waiting for one of its
 * company's slots is left alone while an attempt of the company is in flight (that attempt hands
 * the slot on when it ends); only when none is (its worker died) is it queued here.
 */
export async function requeueStalledDeliveries(ctx: ServiceContext): Promise<number> {
  requireSystem(ctx);
  return ctx.tx(async (tx) => {
    const now = tx.clock.now();
    const held = alias(webhookDeliveries, "held");
    const companyInFlight = tx.db
      .select({ one: sql`1` })
      .from(held)
      .where(and(eq(held.companyId, webhookDeliveries.companyId), gt(held.leasedUntil, now)));
    const stalled = await tx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(webhookDeliveries.status, "PENDING"),
          lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - ATTEMPT_LEASE_MS)),
          or(isNull(webhookDeliveries.waitingSince), notExists(companyInFlight)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    await scheduleWebhookAttempts(
      tx,
      stalled.map((r) => r.id),
    );
    return stalled.length;
  });
}

export const webhookSweepJob = defineJob({
  name: "webhooks.sweep",
  payload: z.object({}),
  options: { retryLimit: 0, expireInSeconds: 120 },
  schedule: { cron: "* * * * *", data: {} },
  handle: async (ctx) => {
    await requeueStalledDeliveries(ctx);
  },
});

/** For the registry; the shipment-event queue comes with its subscription (jobs/events.ts). */
export const webhookJobs = [deliverWebhookJob, webhookSweepJob];
