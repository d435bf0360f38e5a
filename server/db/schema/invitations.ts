import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, id, timestamptz, updatedAt } from "./columns";
import { roles } from "./companies";
import { invitationStatusEnum } from "./enums";
import { teams } from "./teams";
import { users } from "./users";

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    companyId: companyId(),
    email: text().notNull(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    invitationStatus: invitationStatusEnum().notNull().default("INVITED"),
    invitationTokenHash: text().notNull().unique("invitations_invitation_token_hash_unique"),
    invitationExpireAt: timestamptz().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Resending is by address, so an address has at most one open invitation per company.
    uniqueIndex("invitations_open_email_unique")
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.invitationStatus} = 'INVITED'`),
    index().on(t.companyId, t.invitationStatus),
  ],
);

export const invitationTeams = pgTable(
  "invitation_teams",
  {
    id: id(),
    invitationId: uuid()
      .notNull()
      .references(() => invitations.id, { onDelete: "cascade" }),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex().on(t.invitationId, t.teamId), index().on(t.teamId)],
);

export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type InvitationTeam = typeof invitationTeams.$inferSelect;
