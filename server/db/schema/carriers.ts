import { sql } from "drizzle-orm";
import { check, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The provider's notice for one shipping line (spec 01 §8: a delay or a maintenance of the line),
 * set and cleared from the admin CLI and shown on the New shipment form and that line's shipments.
 * At most one per line: setting another replaces it.
 */
export const carrierNotices = pgTable(
  "carrier_notices",
  {
    shippingLine: text().primaryKey(),
    kind: text().notNull(),
    /** Who set it (the admin CLI's operator), for the audit of provider actions. */
    setBy: text().notNull(),
    setAt: createdAt(),
  },
  (t) => [check("carrier_notices_kind", sql`${t.kind} in ('DELAY', 'MAINTENANCE')`)],
);

export type CarrierNotice = typeof carrierNotices.$inferSelect;
