import { lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneTimeTokens, rateLimitBuckets, sessions, signupDecoys } from "../../db/schema";

/** Removes sessions past their absolute end or idle too long, used-up tokens, and spent rate windows. */
export async function deleteExpiredAuthData(db: Db, now: Date, idleCutoff: Date) {
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastVerifiedAt, idleCutoff)))
    .returning({ id: sessions.id });
  // Pending sign-ups with a registered address end like the sessions they stand in for.
  await db
    .delete(signupDecoys)
    .where(or(lt(signupDecoys.expiresAt, now), lt(signupDecoys.lastVerifiedAt, idleCutoff)));
  const deletedTokens = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, now))
    .returning({ id: oneTimeTokens.id });
  const deletedBuckets = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.resetAt, now))
    .returning({ key: rateLimitBuckets.key });
  return {
    sessions: deletedSessions.length,
    tokens: deletedTokens.length,
    rateLimits: deletedBuckets.length,
  };
}
