import { and, asc, eq, sql } from "drizzle-orm";
import type { UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { requestSnapshot } from "../../core/request-cache";
import type { Db } from "../../db/client";
import { type Session, sessions, teamMembers, teams, type User, users } from "../../db/schema";

/**
 * The signed-in user's row and session, as account.viewer shows them: on a read request the rows
 * read while validating the session, otherwise read now. Null when either is gone.
 */
export async function viewerAccount(
  ctx: ServiceContext,
  actor: UserActor,
): Promise<{ user: User; session: Pick<Session, "isMultiFactorVerified"> } | null> {
  // An API token is no session: its user is read alone (the key stood in for the second factor).
  if (actor.via === "apiToken") {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
    return user ? { user, session: { isMultiFactorVerified: true } } : null;
  }
  const snapshot = requestSnapshot(ctx);
  if (snapshot && snapshot.user.id === actor.userId && snapshot.session.id === actor.sessionId) {
    return { user: snapshot.user, session: snapshot.session };
  }
  const [row] = await ctx.db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, actor.sessionId));
  if (!row || row.user.id !== actor.userId) return null;
  return row;
}

function viewerTeamsQuery(db: Db) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, sql.placeholder("userId")), eq(teams.isArchived, false)))
    .orderBy(asc(teams.createdAt), asc(teams.name))
    .prepare("viewer_teams");
}

// The console reads the viewer on every page; its SQL is built once per database handle.
const preparedTeams = new WeakMap<Db, ReturnType<typeof viewerTeamsQuery>>();

/** The active teams the user belongs to, oldest first (the team switcher's order). */
export async function viewerTeams(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  let query = preparedTeams.get(ctx.db);
  if (!query) {
    query = viewerTeamsQuery(ctx.db);
    preparedTeams.set(ctx.db, query);
  }
  return query.execute({ userId });
}
