import { and, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "../../core/context";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { DISABLE_FAILING_AFTER_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from "./webhooks.constants";
import type { AttemptOutcome, SendResult } from "./webhooks.delivery.service";
import { mailAdminsEndpointDisabled } from "./webhooks.mail";
import { lockCompanySlots, releaseSlot } from "./webhooks.slots";
import type { ScheduleAttempt } from "./webhooks.store";

// Writing down what an attempt got, in one transaction with its consequences: the next attempt's
// job, the endpoint's failure run, disabling it (410 Gone, or failing for days), and handing the
// company's delivery slot to its next waiting delivery (webhooks.slots).

export interface AttemptRecord {
  claimed: WebhookDelivery;
  endpoint: WebhookEndpoint;
  result: SendResult;
  /** When the attempt was sent (its webhook-timestamp). */
  at: Date;
  appUrl: string;
  schedule: ScheduleAttempt;
}

function errorOf(result: SendResult): string | null {
  if (result.kind === "error") return result.error;
  const { status } = result.response;
  if (status >= 200 && status < 300) return null;
  // A redirect is never followed: the customer's URL is the only place a delivery goes.
  if (status >= 300 && status < 400) return "REDIRECT_NOT_FOLLOWED";
  return `HTTP_${status}`;
}

export async function recordAttempt(ctx: ServiceContext, record: AttemptRecord): Promise<AttemptOutcome> {
  return ctx.tx(async (tx) => {
    // The slot lock before the delivery's row lock, in the order every slot user takes them.
    await lockCompanySlots(tx.db, record.claimed.companyId);
    const outcome = await recordOutcome(tx, record);
    await releaseSlot(tx, record.claimed, record.schedule);
    return outcome;
  });
}

async function recordOutcome(tx: ServiceContext, record: AttemptRecord): Promise<AttemptOutcome> {
  const { claimed, endpoint, result, at } = record;
  const [current] = await tx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, claimed.id))
    .for("update");
  // Redelivered or recorded by another worker meanwhile: this attempt's outcome is stale.
  if (current?.status !== "PENDING" || current.attempts !== claimed.attempts) return "skipped";
  const now = tx.clock.now();
  const attempts = claimed.attempts + 1;
  const response = result.kind === "response" ? result.response : null;
  const lastError = errorOf(result);
  const recorded = {
    attempts,
    lastAttemptAt: at,
    responseCode: response?.status ?? null,
    responseExcerpt: response?.excerpt ?? null,
    lastError,
  };
  const update = (values: Partial<WebhookDelivery>) =>
    tx.db
      .update(webhookDeliveries)
      .set({ ...recorded, ...values })
      .where(eq(webhookDeliveries.id, claimed.id));

  if (lastError === null) {
    await update({ status: "DELIVERED", deliveredAt: now, nextAttemptAt: null });
    await tx.db
      .update(webhookEndpoints)
      .set({ lastSuccessAt: now, failingSince: null })
      .where(eq(webhookEndpoints.id, endpoint.id));
    return "delivered";
  }
  if (response?.status === 410) {
    await update({ status: "FAILED", nextAttemptAt: null });
    await disableEndpoint(tx, endpoint.id, "GONE", now);
    return "gone";
  }
  if (lastError === "ENDPOINT_DISABLED") {
    await update({ status: "FAILED", nextAttemptAt: null });
    return "failed";
  }
  const delay = RETRY_SCHEDULE_MS[attempts];
  if (attempts >= MAX_ATTEMPTS || delay === undefined) {
    await update({ status: "FAILED", nextAttemptAt: null });
  } else {
    await update({ nextAttemptAt: new Date(now.getTime() + delay) });
    await record.schedule(tx, [claimed.id], delay);
  }
  await noteEndpointFailure(tx, endpoint.id, now, record.appUrl);
  return attempts >= MAX_ATTEMPTS ? "failed" : "retrying";
}

async function disableEndpoint(
  ctx: ServiceContext,
  endpointId: string,
  reason: "GONE" | "FAILING",
  now: Date,
) {
  const [disabled] = await ctx.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning();
  return disabled ?? null;
}

/** Starts (or continues) the endpoint's run of failures; after days of it, disables and tells the Admins. */
async function noteEndpointFailure(ctx: ServiceContext, endpointId: string, now: Date, appUrl: string) {
  await ctx.db
    .update(webhookEndpoints)
    .set({ failingSince: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for("update");
  if (!endpoint?.enabled || !endpoint.failingSince) return;
  if (now.getTime() - endpoint.failingSince.getTime() < DISABLE_FAILING_AFTER_MS) return;
  const disabled = await disableEndpoint(ctx, endpointId, "FAILING", now);
  if (!disabled) return;
  await mailAdminsEndpointDisabled(ctx, {
    companyId: endpoint.companyId,
    endpointId,
    endpointUrl: endpoint.url,
    since: endpoint.failingSince,
    disabledAt: now,
    appUrl,
  });
}
