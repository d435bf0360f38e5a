import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_DAYS_TO_ARCHIVE_AFTER_DELIVERY,
  MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY,
} from "../../../shared/constants";
import { companyId, createdAt, id, literal, updatedAt } from "./columns";
import { users } from "./users";

export const teams = pgTable(
  "teams",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    color: text().notNull().default("#4a90e2"),
    isArchived: boolean().notNull().default(false),
    daysToArchiveAfterDelivery: integer().notNull().default(DEFAULT_DAYS_TO_ARCHIVE_AFTER_DELIVERY),
    enableInitialEtd: boolean().notNull().default(false),
    enableRequestedEtd: boolean().notNull().default(false),
    enableInitialEta: boolean().notNull().default(false),
    enableRequestedEta: boolean().notNull().default(false),
    customField1Name: text(),
    customField2Name: text(),
    customField3Name: text(),
    customField1Enabled: boolean().notNull().default(false),
    customField2Enabled: boolean().notNull().default(false),
    customField3Enabled: boolean().notNull().default(false),
    // Port-community (Cyberport) credentials, each sealed with SECRETS_KEY (server/core/secret-box)
    // and never returned; enabling the import is an Admin's act.
    cyberportEnabled: boolean().notNull().default(false),
    cyberportLoginUsername: text(),
    cyberportLoginPassword: text(),
    cyberportAppId: text(),
    cyberportClientId: text(),
    cyberportClientSecret: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId, t.isArchived),
    // Target of the (teamId, companyId) foreign keys that keep team children in the team's company.
    unique("teams_id_company_id_unique").on(t.id, t.companyId),
    check(
      "teams_days_to_archive_after_delivery_min",
      sql`${t.daysToArchiveAfterDelivery} >= ${literal(MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY)}`,
    ),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    teamId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyId(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.teamId, t.userId),
    index().on(t.userId),
    foreignKey({
      name: "team_members_team_fk",
      columns: [t.teamId, t.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
  ],
);

/** A guest invited to a team by e-mail; userId is filled in once that address has an account. */
export const teamGuestUsers = pgTable(
  "team_guest_users",
  {
    id: id(),
    teamId: uuid().notNull(),
    companyId: companyId(),
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    invitationTokenHash: text().unique("team_guest_users_invitation_token_hash_unique"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_guest_users_team_email_unique").on(t.teamId, sql`lower(${t.email})`),
    index("team_guest_users_email_lower_idx").on(sql`lower(${t.email})`),
    index().on(t.userId),
    foreignKey({
      name: "team_guest_users_team_fk",
      columns: [t.teamId, t.companyId],
      foreignColumns: [teams.id, teams.companyId],
    }).onDelete("cascade"),
  ],
);

export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;
export type TeamMember = typeof teamMembers.$inferSelect;
export type NewTeamMember = typeof teamMembers.$inferInsert;
export type TeamGuestUser = typeof teamGuestUsers.$inferSelect;
export type NewTeamGuestUser = typeof teamGuestUsers.$inferInsert;
