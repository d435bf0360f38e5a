import { and, asc, count, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, invitations, invitationTeams, teamGuestUsers, teams, users } from "../../db/schema";
import { hashToken } from "../auth/tokens";

export async function countMembers(db: Db, companyId: string) {
  return db.$count(users, eq(users.companyId, companyId));
}

/** Open invitations that can still be accepted: they hold a seat against the member limit. */
export async function countOpenInvitations(
  db: Db,
  companyId: string,
  now: Date,
  exceptEmails: string[] = [],
) {
  const lowered = exceptEmails.map((e) => e.toLowerCase());
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitationStatus, "INVITED"),
        gt(invitations.invitationExpireAt, now),
        lowered.length > 0 ? notInArray(sql`lower(${invitations.email})`, lowered) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function findUsersByEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
}

export async function findOpenInvitationByEmail(db: Db, companyId: string, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitationStatus, "INVITED"),
        eq(sql`lower(${invitations.email})`, email.toLowerCase()),
      ),
    );
  return row ?? null;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.invitationTokenHash, tokenHash));
  return row ?? null;
}

export async function companyTeamIds(db: Db, companyId: string, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.isArchived, false), inArray(teams.id, teamIds)));
  return rows.map((r) => r.id);
}

export async function invitationTeamIds(db: Db, invitationId: string) {
  const rows = await db
    .select({ teamId: invitationTeams.teamId })
    .from(invitationTeams)
    .where(eq(invitationTeams.invitationId, invitationId));
  return rows.map((r) => r.teamId);
}

export async function listInvited(db: Db, companyId: string) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      roleId: invitations.roleId,
      invitationStatus: invitations.invitationStatus,
      invitationExpireAt: invitations.invitationExpireAt,
      createdAt: invitations.createdAt,
      updatedAt: invitations.updatedAt,
    })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.invitationStatus, "INVITED")))
    .orderBy(asc(invitations.createdAt));
}

export async function invitedTeams(db: Db, invitationIds: string[]) {
  if (invitationIds.length === 0) return [];
  return db
    .select({ invitationId: invitationTeams.invitationId, teamId: teams.id, name: teams.name })
    .from(invitationTeams)
    .innerJoin(teams, eq(teams.id, invitationTeams.teamId))
    .where(inArray(invitationTeams.invitationId, invitationIds))
    .orderBy(asc(teams.name));
}

/** A guest invitation to a team by its token, with the names its link shows. */
export async function findGuestInvitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({ guest: teamGuestUsers, teamName: teams.name, companyName: companies.companyName })
    .from(teamGuestUsers)
    .innerJoin(teams, eq(teams.id, teamGuestUsers.teamId))
    .innerJoin(companies, eq(companies.id, teamGuestUsers.companyId))
    .where(eq(teamGuestUsers.invitationTokenHash, hashToken(token.trim())));
  return row ?? null;
}
