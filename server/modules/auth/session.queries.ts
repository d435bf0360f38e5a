import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type NewSession, sessions, users } from "../../db/schema";

export async function insertSession(db: Db, row: NewSession) {
  await db.insert(sessions).values(row);
}

export async function findSessionWithUser(db: Db, id: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row ?? null;
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(sessions).set({ lastVerifiedAt: at }).where(eq(sessions.id, id));
}

export async function markSessionMfaVerified(db: Db, id: string) {
  await db.update(sessions).set({ isMultiFactorVerified: true }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** All of a user's sessions, or all but one (a password change keeps the session that made it). */
export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}
