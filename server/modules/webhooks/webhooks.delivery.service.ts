import { and, eq, isNull, lte, or } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
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
import { ATTEMPT_LEASE_MS, DUE_TOLERANCE_MS, USER_AGENT } from "./webhooks.constants";
import { recordAttempt } from "./webhooks.record.service";
import type { WebhookRuntime } from "./webhooks.runtime";
import { signingSecretOf } from "./webhooks.secret";
import type { ScheduleAttempt } from "./webhooks.store";

// One attempt of one delivery. The delivery is claimed with a lease (so a duplicate job or a
// second worker does not send it at the same time), sent outside any transaction, and the outcome
// recorded only if the delivery is still the one that was claimed. A worker that dies between
// sending and recording leaves the lease to expire; the delivery is then sent again with the same
// webhook-id, which is what Standard Webhooks receivers deduplicate on.

export type AttemptOutcome = "delivered" | "retrying" | "failed" | "gone" | "skipped";

/** The Standard Webhooks headers and body of a delivery, signed with the company's secret. */
export function signedRequest(
  delivery: Pick<WebhookDelivery, "eventId" | "payload">,
  secret: string,
  at: Date,
) {
  const body = JSON.stringify(delivery.payload);
  const signature = new Webhook(secret).sign(delivery.eventId, at, body);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}

async function claim(ctx: ServiceContext, deliveryId: string, now: Date) {
  const dueBy = new Date(now.getTime() + DUE_TOLERANCE_MS);
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "PENDING"),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, dueBy)),
      ),
    )
    .returning();
  return claimed ?? null;
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
  if (ctx.actor.kind !== "system") throw new AppError("PERMISSION_DENIED");
  const claimed = await claim(ctx, deliveryId, ctx.clock.now());
  if (!claimed) return "skipped";
  const endpoint = await endpointOf(ctx, claimed);
  if (!endpoint) return "skipped";
  const at = ctx.clock.now();
  // A disabled endpoint gets nothing but the test events its Admin sends to check it.
  const result: SendResult =
    endpoint.enabled || claimed.event === "webhook.test"
      ? await send(
          endpoint.url,
          signedRequest(claimed, await signingSecretOf(ctx.db, runtime, claimed.companyId, at), at),
          runtime,
        )
      : { kind: "error", error: "ENDPOINT_DISABLED" };
  return recordAttempt(ctx, { claimed, endpoint, result, at, ...options });
}
