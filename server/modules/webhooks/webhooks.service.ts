import { randomUUID } from "node:crypto";
import type { UpdateWebhookUrlInput, WebhookDeliveriesInput } from "../../../shared/schemas/webhooks";
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from "../../../shared/schemas/webhooks";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { checkOutboundUrl, OutboundRefused } from "../../core/outbound-http";
import { consumeRateLimit } from "../../core/rate-limit";
import { scheduleWebhookAttempts } from "./webhooks.jobs";
import {
  toDeliveryItem,
  toWebhookSettings,
  type WebhookDeliveriesPage,
  type WebhookSettings,
} from "./webhooks.output";
import { testEventId, testEventPayload } from "./webhooks.payload";
import {
  deleteEndpoint,
  deliveriesPage,
  deliveryOfEndpoint,
  endpointOfUser,
  requeueDelivery,
  upsertEndpoint,
} from "./webhooks.queries";
import { defaultWebhookRuntime, type WebhookRuntime } from "./webhooks.runtime";
import { rotateSigningSecret, signingSecretOf } from "./webhooks.secret";
import { createDeliveries } from "./webhooks.store";

// The API settings page's webhook: the viewer's endpoint (one per user), the company's signing
// secret, a test event and the delivery log. Admins only (apiSettings.*); changing anything needs
// a plan with the API (the plan gate of apiSettings.manage).

const REFUSAL_CODES = {
  INVALID_URL: "WEBHOOK_URL_INVALID",
  HTTPS_REQUIRED: "WEBHOOK_URL_HTTPS_REQUIRED",
  CREDENTIALS_IN_URL: "WEBHOOK_URL_CREDENTIALS",
  PRIVATE_ADDRESS: "WEBHOOK_URL_PRIVATE_ADDRESS",
} as const;

/** Test events and redeliveries a person may send: enough to debug a receiver, not to flood one. */
const MANUAL_SENDS = { limit: 30, windowMs: 10 * 60_000 };

async function limitManualSends(ctx: ServiceContext, userId: string) {
  await consumeRateLimit(ctx, { key: `webhooks:manual:${userId}`, ...MANUAL_SENDS });
}

/**
 * The viewer's own webhook URL (spec Viewer.webhookUrl), for any member: only Admins can save one,
 * so other roles read null.
 */
export async function getViewerWebhookUrl(ctx: ServiceContext): Promise<string | null> {
  const actor = await authorize(ctx, "account.manageOwn");
  return (await endpointOfUser(ctx.db, actor.companyId, actor.userId))?.url ?? null;
}

export async function getWebhookSettings(ctx: ServiceContext): Promise<WebhookSettings> {
  const actor = await authorize(ctx, "apiSettings.view");
  return toWebhookSettings(await endpointOfUser(ctx.db, actor.companyId, actor.userId));
}

/** Saves the viewer's webhook URL ("" removes it). Saving re-enables a disabled endpoint. */
export async function updateWebhookUrl(
  ctx: ServiceContext,
  input: UpdateWebhookUrlInput,
  runtime: WebhookRuntime = defaultWebhookRuntime(),
): Promise<WebhookSettings> {
  const actor = await authorize(ctx, "apiSettings.manage");
  const raw = input.webhookUrl.trim();
  if (raw === "") {
    await deleteEndpoint(ctx.db, actor.companyId, actor.userId);
    return toWebhookSettings(null);
  }
  let url: URL;
  try {
    url = await checkOutboundUrl(raw, runtime.outbound);
  } catch (error) {
    if (error instanceof OutboundRefused && error.reason !== "HOST_NOT_FOUND") {
      throw new AppError(REFUSAL_CODES[error.reason]);
    }
    // A name that does not resolve today is no danger: every delivery checks again at connect time.
    url = new URL(raw);
  }
  const endpoint = await upsertEndpoint(
    ctx.db,
    { companyId: actor.companyId, userId: actor.userId, url: url.href },
    ctx.clock.now(),
  );
  return toWebhookSettings(endpoint);
}

export async function getSigningSecret(
  ctx: ServiceContext,
  runtime: WebhookRuntime = defaultWebhookRuntime(),
): Promise<{ secret: string }> {
  const actor = await authorize(ctx, "apiSettings.manage");
  return { secret: await signingSecretOf(ctx.db, runtime, actor.companyId, ctx.clock.now()) };
}

/** A new secret at once: deliveries from now on are signed with it. */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  runtime: WebhookRuntime = defaultWebhookRuntime(),
): Promise<{ secret: string }> {
  const actor = await authorize(ctx, "apiSettings.manage");
  return { secret: await rotateSigningSecret(ctx.db, runtime, actor.companyId, ctx.clock.now()) };
}

/** A webhook.test event to the viewer's endpoint, through the same queue, signing and log as any. */
export async function sendTestEvent(ctx: ServiceContext): Promise<{ deliveryId: string }> {
  const actor = await authorize(ctx, "apiSettings.manage");
  await limitManualSends(ctx, actor.userId);
  return ctx.tx(async (tx) => {
    const endpoint = await endpointOfUser(tx.db, actor.companyId, actor.userId);
    if (!endpoint) throw new AppError("WEBHOOK_NOT_CONFIGURED");
    const now = tx.clock.now();
    const eventId = testEventId(randomUUID());
    const [deliveryId] = await createDeliveries(
      tx,
      [
        {
          companyId: actor.companyId,
          endpointId: endpoint.id,
          eventId,
          event: "webhook.test",
          payload: testEventPayload(now),
        },
      ],
      scheduleWebhookAttempts,
    );
    if (!deliveryId) throw new Error("test delivery was not created");
    return { deliveryId };
  });
}

export async function listWebhookDeliveries(
  ctx: ServiceContext,
  input: WebhookDeliveriesInput,
): Promise<WebhookDeliveriesPage> {
  const actor = await authorize(ctx, "apiSettings.view");
  const endpoint = await endpointOfUser(ctx.db, actor.companyId, actor.userId);
  if (!endpoint) return { items: [], hasNextPage: false };
  const page = input?.page ?? 1;
  const rows = await deliveriesPage(
    ctx.db,
    endpoint.id,
    actor.companyId,
    (page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE,
    WEBHOOK_DELIVERIES_PAGE_SIZE + 1,
  );
  return {
    items: rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE).map(toDeliveryItem),
    hasNextPage: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE,
  };
}

/** Sends a delivery again with its event id and payload: the receiver can tell it is the same event. */
export async function redeliverWebhook(
  ctx: ServiceContext,
  input: { deliveryId: string },
): Promise<{ deliveryId: string }> {
  const actor = await authorize(ctx, "apiSettings.manage");
  await limitManualSends(ctx, actor.userId);
  return ctx.tx(async (tx) => {
    const endpoint = await endpointOfUser(tx.db, actor.companyId, actor.userId);
    const delivery = endpoint
      ? await deliveryOfEndpoint(tx.db, input.deliveryId, endpoint.id, actor.companyId)
      : null;
    if (!delivery) throw new AppError("WEBHOOK_DELIVERY_NOT_FOUND");
    await requeueDelivery(tx.db, delivery.id, tx.clock.now());
    await scheduleWebhookAttempts(tx, [delivery.id]);
    return { deliveryId: delivery.id };
  });
}
