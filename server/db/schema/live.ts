import { bigserial, boolean, index, pgTable, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The recent schedule changes the console's live stream told about, numbered in commit order so a
 * reconnecting browser (Last-Event-ID) is replayed what it missed. Only ids: what changed is read
 * through the ordinary, authorized queries. Rows older than the replay window are pruned
 * (docs/decisions/0086-live-updates.md).
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    shipmentId: uuid().notNull(),
    companyId: uuid().notNull(),
    teamId: uuid().notNull(),
    /** The shipment had a share link when the change was published: its team's guests may hear it. */
    isShared: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_created_at_idx").on(t.createdAt)],
);

export type LiveEvent = typeof liveEvents.$inferSelect;
