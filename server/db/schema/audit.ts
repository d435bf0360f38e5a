import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * What the provider's staff did (approve a company, set a contract, ...). Deliberately without
 * foreign keys: the record must outlive the company or user it is about.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    /** Who acted, e.g. "admin-cli:alice" or "system:trial-end". */
    actor: text().notNull(),
    action: text().notNull(),
    /** What was acted on, e.g. "company:<uuid>". */
    target: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.target)],
);

export type AuditLog = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;
