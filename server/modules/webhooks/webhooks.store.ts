import type { ServiceContext } from "../../core/context";
import { webhookDeliveries } from "../../db/schema";

// Creating delivery rows. The row is the durable record of an event for one endpoint; its
// (endpoint, event id) is unique, so a fan-out that runs twice creates nothing the second time.

/** Queues the next attempt of deliveries after `delayMs`, in the caller's transaction (webhooks.jobs). */
export type ScheduleAttempt = (ctx: ServiceContext, deliveryIds: string[], delayMs?: number) => Promise<void>;

export interface NewEvent {
  companyId: string;
  endpointId: string;
  eventId: string;
  event: string;
  payload: object;
}

/** Inserts the deliveries that do not exist yet and queues their first attempt; returns their ids. */
export async function createDeliveries(
  ctx: ServiceContext,
  events: NewEvent[],
  schedule: ScheduleAttempt,
): Promise<string[]> {
  if (events.length === 0) return [];
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(webhookDeliveries)
    .values(events.map((e) => ({ ...e, status: "PENDING" as const, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  const ids = inserted.map((r) => r.id);
  await schedule(ctx, ids);
  return ids;
}
