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
    /** Signs each delivery so the receiver can tell it came from us. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    companyId: companyId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text().notNull(),
    payload: jsonb().notNull(),
    status: webhookDeliveryStatusEnum().notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamptz(),
    deliveredAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.endpointId, t.createdAt),
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
