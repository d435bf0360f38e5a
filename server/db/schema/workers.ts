import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * One row per running worker process, touched on an interval: web processes report not ready when
 * no worker has been seen lately, so a dead background side is noticed (docs/reliability.md).
 */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  /** host:pid:random, new for every process start. */
  id: text().primaryKey(),
  host: text().notNull(),
  pid: integer().notNull(),
  role: text().notNull(),
  startedAt: timestamptz().notNull().defaultNow(),
  lastSeenAt: timestamptz().notNull().defaultNow(),
});
