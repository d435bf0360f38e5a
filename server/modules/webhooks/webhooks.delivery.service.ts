import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { webhookDeliveryOutcomes } from "../../core/metrics";
import {
  OutboundFailed,
  OutboundRefused,
  type OutboundResponse,
  postGuarded,
} from "../../core/outbound-http";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { ATTEMPT_LEASE_MS, COMPANY_DELIVERY_SLOTS, DUE_TOLERANCE_MS } from "./webhooks.constants";
import { signedRequest } from "./webhooks.internal";
import { recordAttempt } from "./webhooks.record.internal";
import type { WebhookRuntime } from "./webhooks.runtime";
import { signingSecretOf } from "./webhooks.secret";
import { attemptsInFlight, lockCompanySlots, releaseSlot } from "./webhooks.slots";
import type { ScheduleAttempt } from "./webhooks.store";

// One attempt of one delivery. The delivery is claimed with a lease (so a duplicate job or a
// second worker does not send it at the same time), sent outside any transaction, and the outcome
// recorded only if the delivery is still the one that was claimed. A worker that dies between
// sending and recording leaves the lease to expire; the delivery is then sent again with the same
// webhook-id, which is what Standard Webhooks receivers deduplicate on. A company sends at most
// COMPANY_DELIVERY_SLOTS attempts at once (webhooks.slots): a due delivery beyond that waits, without
// holding a worker, for one of its company's attempts to finish.

/** "waiting": due, but its company's slots were taken; a finishing attempt of the company queues it. */
export type AttemptOutcome = "delivered" | "retrying" | "failed" | "gone" | "skipped" | "waiting";

async function claim(
  ctx: ServiceContext,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery | "waiting" | null> {
  const dueBy = new Date(now.getTime() + DUE_TOLERANCE_MS);
  const due = and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.status, "PENDING"),
    or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, dueBy)),
  );
  return ctx.tx(async (tx) => {
    const [target] = await tx.db
      .select({ companyId: webhookDeliveries.companyId })
      .from(webhookDeliveries)
      .where(due);
    if (!target) return null;
    await lockCompanySlots(tx.db, target.companyId);
    if ((await attemptsInFlight(tx.db, target.companyId, now)) >= COMPANY_DELIVERY_SLOTS) {
      // A delivery already waiting keeps its place in the company's line.
      const [waiting] = await tx.db
        .update(webhookDeliveries)
        .set({
          waitingSince: sql`coalesce(${webhookDeliveries.waitingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(due)
        .returning({ id: webhookDeliveries.id });
      return waiting ? "waiting" : null;
    }
    const leasedUntil = new Date(now.getTime() + ATTEMPT_LEASE_MS);
    const [claimed] = await tx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leasedUntil, leasedUntil, waitingSince: null })
      .where(due)
      .returning();
    return claimed ?? null;
  });
}

/** Gives back the slot of an attempt that ends without recording an outcome. */
async function releaseUnrecorded(ctx: ServiceContext, claimed: WebhookDelivery, schedule: ScheduleAttempt) {
  await ctx.tx(async (tx) => {
    await lockCompanySlots(tx.db, claimed.companyId);
    await releaseSlot(tx, claimed, schedule);
  });
}

async function endpointOf(ctx: ServiceContext, delivery: WebhookDelivery): Promise<WebhookEndpoint | null> {
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.companyId, delivery.companyId)),
    );
  return endpoint ?? null;
}

export type SendResult = { kind: "response"; response: OutboundResponse } | { kind: "error"; error: string };

async function send(
  url: string,
  request: ReturnType<typeof signedRequest>,
  runtime: WebhookRuntime,
): Promise<SendResult> {
  try {
    return { kind: "response", response: await postGuarded(url, request, runtime.outbound) };
  } catch (error) {
    if (error instanceof OutboundRefused || error instanceof OutboundFailed) {
      return { kind: "error", error: error.reason };
    }
    throw error;
  }
}

export async function attemptDelivery(
  ctx: ServiceContext,
  deliveryId: string,
  runtime: WebhookRuntime,
  options: { appUrl: string; schedule: ScheduleAttempt },
): Promise<AttemptOutcome> {
  requireSystem(ctx);
  const claimed = await claim(ctx, deliveryId, ctx.clock.now());
  if (claimed === "waiting") return "waiting";
  if (!claimed) return "skipped";
  let result: SendResult;
  let endpoint: WebhookEndpoint | null;
  const at = ctx.clock.now();
  try {
    endpoint = await endpointOf(ctx, claimed);
    if (!endpoint) {
      await releaseUnrecorded(ctx, claimed, options.schedule);
      return "skipped";
    }
    // A disabled endpoint gets nothing but the test events its Admin sends to check it.
    result =
      endpoint.enabled || claimed.event === "webhook.test"
        ? await send(
            endpoint.url,
            signedRequest(claimed, await signingSecretOf(ctx.db, runtime, claimed.companyId, at), at),
            runtime,
          )
        : { kind: "error", error: "ENDPOINT_DISABLED" };
  } catch (error) {
    // The job is retried by pg-boss; meanwhile the company's slot goes to its next delivery.
    await releaseUnrecorded(ctx, claimed, options.schedule);
    webhookDeliveryOutcomes.inc({ outcome: "error" });
    throw error;
  }
  const outcome = await recordAttempt(ctx, { claimed, endpoint, result, at, ...options });
  webhookDeliveryOutcomes.inc({ outcome });
  return outcome;
}
