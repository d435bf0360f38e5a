import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";
import { companies } from "./companies";
import { shipments } from "./shipments";
import { users } from "./users";

/** The in-app bell. The text is rendered from kind and params in the reader's language. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for notices about the account itself rather than a company's data. */
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    shipmentId: uuid().references(() => shipments.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt.desc()), index().on(t.shipmentId)],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * The unsubscribe link of every notification e-mail: one unguessable token per (user, shipment),
 * reused by every message about that shipment, so any of them unsubscribes. Stored as given, like a
 * share token: it only ever removes its own subscription row.
 */
export const unsubscribeTokens = pgTable(
  "unsubscribe_tokens",
  {
    id: id(),
    token: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lastUsedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("unsubscribe_tokens_token_unique").on(t.token),
    uniqueIndex("unsubscribe_tokens_user_shipment_unique").on(t.userId, t.shipmentId),
    index().on(t.shipmentId),
  ],
);

export type UnsubscribeToken = typeof unsubscribeTokens.$inferSelect;
