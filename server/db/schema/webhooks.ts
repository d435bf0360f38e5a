import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, id, timestamptz, updatedAt } from "./columns";
import { webhookDeliveryStatusEnum } from "./enums";
import { users } from "./users";

/** A GraphQL API token; only its hash is stored, the token itself is shown when issued. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique("api_tokens_token_hash_unique"),
    /** The token's last characters, so the settings page can tell which key is in use without it. */
    hint: text().notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [
    // The viewer has one API token: issuing another revokes the current one.
    uniqueIndex("api_tokens_one_active_per_user").on(t.userId).where(sql`${t.revokedAt} is null`),
    index().on(t.companyId),
  ],
);

/** The viewer's webhook (spec 01 §3 Viewer.webhookUrl): one per user. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .unique("webhook_endpoints_user_id_unique")
      .references(() => users.id, { onDelete: "cascade" }),
    url: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Set when deliveries stopped: the receiver answered 410, or it kept failing for days. */
    disabledAt: timestamptz(),
    disabledReason: text(),
    /** The first failure of the current run of failures; cleared by a success. */
    failingSince: timestamptz(),
    lastSuccessAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId)],
);

/**
 * The company's Standard Webhooks signing secret (whsec_...), sealed with SECRETS_KEY: it signs
 * every delivery, so it must be readable by the worker, and the API settings page shows it.
 */
export const webhookSecrets = pgTable("webhook_secrets", {
  id: id(),
  companyId: companyId().unique("webhook_secrets_company_id_unique"),
  secretSealed: text().notNull(),
  createdAt: createdAt(),
  rotatedAt: timestamptz(),
});

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    companyId: companyId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** Stable across retries and redeliveries: the Standard Webhooks webhook-id (msg_...). */
    eventId: text().notNull(),
    /** The event type, e.g. shipment.updated. */
    event: text().notNull(),
    payload: jsonb().notNull(),
    status: webhookDeliveryStatusEnum().notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    lastError: text(),
    /** At most a short excerpt of the receiver's answer; bodies are never stored whole. */
    responseExcerpt: text(),
    lastAttemptAt: timestamptz(),
    nextAttemptAt: timestamptz(),
    deliveredAt: timestamptz(),
    createdAt: createdAt(),
    /**
     * Set while an attempt is being sent: the company's attempts in flight are counted by it, so a
     * receiver that hangs holds only its own company's delivery slots (webhooks.slots).
     */
    leasedUntil: timestamptz(),
    /** Due, but its company's slots were all in use: the company's next finished attempt queues it. */
    waitingSince: timestamptz(),
  },
  (t) => [
    index("webhook_deliveries_in_flight_idx").on(t.companyId).where(sql`${t.leasedUntil} is not null`),
    index("webhook_deliveries_waiting_idx")
      .on(t.companyId, t.waitingSince)
      .where(sql`${t.waitingSince} is not null`),
    index().on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_endpoint_event_unique").on(t.endpointId, t.eventId),
    index().on(t.status),
    check("webhook_deliveries_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);

export type ApiToken = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
export type WebhookSecret = typeof webhookSecrets.$inferSelect;
