import { foreignKey, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, id, timestamptz } from "./columns";
import { teams } from "./teams";
import { users } from "./users";

/**
 * One Trigger Import of a team's port-community (Cyberport) bookings: queued by the button, run by
 * a worker job, and kept with what it created and skipped so the team page can report it.
 */
export const cyberportImports = pgTable(
  "cyberport_imports",
  {
    id: id(),
    companyId: companyId(),
    teamId: uuid().notNull(),
    requestedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** QUEUED, RUNNING, SUCCEEDED or FAILED. */
    status: text().notNull().default("QUEUED"),
    createdCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    /** Per booking: the number, created shipment id or the reason it was skipped (an error code). */
    report: jsonb().notNull().default([]),
    /** An error code (e.g. bad credentials) when the whole import failed; never the peer's text. */
    errorCode: text(),
    createdAt: createdAt(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [
    index().on(t.teamId, t.createdAt),
    foreignKey({
      name: "cyberport_imports_team_fk",
      columns: [t.teamId, t.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
  ],
);

export type CyberportImport = typeof cyberportImports.$inferSelect;
