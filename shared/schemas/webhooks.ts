import { z } from "zod";
import { addIssue, msg } from "./common";

// The API settings page's webhook form and log. The server adds what only it can check: https in
// production and where the host resolves (server/core/outbound-http.ts).

export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Deliveries per page of the log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const WebhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, { message: msg("errors.WEBHOOK_URL_INVALID") })
  .superRefine((value, ctx) => {
    // Empty removes the webhook.
    if (value === "") return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      addIssue(ctx, "errors.WEBHOOK_URL_INVALID");
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") addIssue(ctx, "errors.WEBHOOK_URL_INVALID");
    else if (url.username || url.password) addIssue(ctx, "errors.WEBHOOK_URL_CREDENTIALS");
  });

export const UpdateWebhookUrlInput = z.object({ webhookUrl: WebhookUrl });
export type UpdateWebhookUrlInput = z.infer<typeof UpdateWebhookUrlInput>;

export const WebhookDeliveriesInput = z
  .object({ page: z.number().int().min(1).max(100_000).optional() })
  .optional();
export type WebhookDeliveriesInput = z.infer<typeof WebhookDeliveriesInput>;

export const RedeliverWebhookInput = z.object({ deliveryId: z.uuid() });
export type RedeliverWebhookInput = z.infer<typeof RedeliverWebhookInput>;

/** Event types a receiver may get (documented in docs/api.md). */
export const WEBHOOK_EVENT_TYPES = ["shipment.updated", "webhook.test"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DISABLED_REASONS = ["GONE", "FAILING"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
