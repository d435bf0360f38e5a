import { and, asc, count, eq, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { teamGuestUsers, teamMembers, teams, users } from "../../db/schema";

/** The company's active teams, each with its member count and whether `userId` belongs to it. */
export async function listActiveTeams(db: Db, companyId: string, userId: string) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      color: teams.color,
      createdAt: teams.createdAt,
      memberCount: db.$count(teamMembers, eq(teamMembers.teamId, teams.id)),
      joined: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))})`,
    })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.isArchived, false)))
    .orderBy(asc(teams.createdAt), asc(teams.name));
}

export async function findActiveTeam(db: Db, companyId: string, teamId: string) {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId), eq(teams.isArchived, false)));
  return team ?? null;
}

export async function insertTeam(db: Db, companyId: string, name: string) {
  const [team] = await db.insert(teams).values({ companyId, name }).returning();
  if (!team) throw new Error("team insert returned nothing");
  return team;
}

/** Idempotent: joining a team one already belongs to changes nothing. */
export async function insertMember(db: Db, companyId: string, teamId: string, userId: string) {
  await db.insert(teamMembers).values({ companyId, teamId, userId }).onConflictDoNothing();
}

export async function deleteMember(db: Db, companyId: string, teamId: string, userId: string) {
  const removed = await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.companyId, companyId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
      ),
    )
    .returning({ id: teamMembers.id });
  return removed.length > 0;
}

export async function findTeam(db: Db, companyId: string, teamId: string) {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)));
  return team ?? null;
}

export async function isMember(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row !== undefined;
}

/** The user's memberships in active teams of the company. */
export async function countUserTeams(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(eq(teamMembers.companyId, companyId), eq(teamMembers.userId, userId), eq(teams.isArchived, false)),
    );
  return row?.n ?? 0;
}

export async function listMembers(db: Db, teamId: string) {
  return db
    .select({ id: users.id, nickname: users.nickname, email: users.email, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.nickname));
}

/** Company members not yet in the team: the Add Members modal's choices. */
export async function listMemberCandidates(db: Db, companyId: string, teamId: string) {
  return db
    .select({ id: users.id, nickname: users.nickname, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, users.id))),
        ),
      ),
    )
    .orderBy(asc(users.nickname));
}

export async function listGuests(db: Db, teamId: string) {
  return db
    .select({
      id: teamGuestUsers.id,
      email: teamGuestUsers.email,
      createdAt: teamGuestUsers.createdAt,
      teamId: teamGuestUsers.teamId,
    })
    .from(teamGuestUsers)
    .where(eq(teamGuestUsers.teamId, teamId))
    .orderBy(asc(teamGuestUsers.email));
}

interface TeamMemberJson {
  id: string;
  nickname: string;
  email: string;
  joinedAt: string;
}

interface TeamGuestJson {
  id: string;
  email: string;
  createdAt: string;
  teamId: string;
}

/** JSON from a subquery: postgres.js parses json columns, but a driver may hand the text over. */
const parsed = <T>(value: T[] | string): T[] => (typeof value === "string" ? JSON.parse(value) : value);

// The team page is one round trip: the team row, whether the viewer belongs to it, its members
// and (when asked) its guests, the lists riding along as JSON in the lists' own order. The
// subqueries name the outer row as teams.id: Drizzle leaves a one-table select's columns unqualified.
function teamPageQuery(db: Db) {
  const members = sql<TeamMemberJson[] | string>`coalesce((
    select json_agg(json_build_object(
      'id', u.id, 'nickname', u.nickname, 'email', u.email, 'joinedAt', tm.created_at) order by u.nickname)
    from ${teamMembers} tm join ${users} u on u.id = tm.user_id
    where tm.team_id = teams.id), '[]'::json)`;
  const guests = sql<TeamGuestJson[] | string>`case when ${sql.placeholder("withGuests")}::boolean
    then coalesce((
      select json_agg(json_build_object(
        'id', g.id, 'email', g.email, 'createdAt', g.created_at, 'teamId', g.team_id) order by g.email)
      from ${teamGuestUsers} g where g.team_id = teams.id), '[]'::json)
    else '[]'::json end`;
  const isMemberOf = sql<boolean>`exists (
    select 1 from ${teamMembers} m where m.team_id = teams.id and m.user_id = ${sql.placeholder("userId")})`;
  return db
    .select({ team: teams, isMember: isMemberOf, members, guests })
    .from(teams)
    .where(and(eq(teams.id, sql.placeholder("teamId")), eq(teams.companyId, sql.placeholder("companyId"))))
    .prepare("team_page");
}

// Built once per database handle: the team page is read often (every visit to a team's page).
const preparedTeamPages = new WeakMap<Db, ReturnType<typeof teamPageQuery>>();

/**
 * A team of the company with what its page shows, in one statement: whether `userId` is a member,
 * the members by nickname and, with `withGuests`, the guests by e-mail. Null when there is no such team.
 */
export async function findTeamPage(
  db: Db,
  params: { companyId: string; teamId: string; userId: string; withGuests: boolean },
) {
  let query = preparedTeamPages.get(db);
  if (!query) {
    query = teamPageQuery(db);
    preparedTeamPages.set(db, query);
  }
  const [row] = await query.execute(params);
  if (!row) return null;
  return {
    team: row.team,
    isMember: row.isMember,
    members: parsed(row.members).map((m) => ({ ...m, joinedAt: new Date(m.joinedAt) })),
    guests: parsed(row.guests).map((g) => ({ ...g, createdAt: new Date(g.createdAt) })),
  };
}
