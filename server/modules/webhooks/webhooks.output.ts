import type { WebhookDeliveryStatus, WebhookDisabledReason } from "../../../shared/schemas/webhooks";
import type { WebhookDelivery, WebhookEndpoint } from "../../db/schema";

// The answers of the webhook service: named shapes, so a new column (the payload, an excerpt of a
// receiver's answer) cannot reach a client by being added to a row.

export interface WebhookSettings {
  url: string | null;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: WebhookDisabledReason | null;
}

export interface WebhookDeliveryItem {
  id: string;
  eventId: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseCode: number | null;
  /** Why the last attempt failed: HTTP_<status>, TIMEOUT, CONNECTION_FAILED, PRIVATE_ADDRESS… */
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface WebhookDeliveriesPage {
  items: WebhookDeliveryItem[];
  hasNextPage: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function disabledReason(value: string | null): WebhookDisabledReason | null {
  return value === "GONE" || value === "FAILING" ? value : null;
}

export function toWebhookSettings(endpoint: WebhookEndpoint | null): WebhookSettings {
  if (!endpoint) return { url: null, enabled: false, disabledAt: null, disabledReason: null };
  return {
    url: endpoint.url,
    enabled: endpoint.enabled,
    disabledAt: iso(endpoint.disabledAt),
    disabledReason: disabledReason(endpoint.disabledReason),
  };
}

export function toDeliveryItem(row: WebhookDelivery): WebhookDeliveryItem {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === "PENDING" ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
  };
}
