import type { Clock } from "../../core/clock";
import type { CachedSession, SessionCache } from "../../core/session-cache";
import type { Db } from "../../db/client";
import type { Session } from "../../db/schema";
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_REFRESH_INTERVAL_MS,
} from "./auth.constants";
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  type SessionLookup,
  touchSession,
} from "./session.queries";
import { sameBytes, secureRandomString, sha256Bytes } from "./tokens";

// Sessions after lucia's current guide: the token handed to the browser is "<id>.<secret>"; the
// database keeps the id and the SHA-256 of the secret, so a leaked table cannot be replayed, and
// the secret is compared in constant time. Sessions end 10 days after their last use (refreshed at
// most hourly) and 30 days after they began, whichever comes first.

export interface CreatedSession {
  token: string;
  session: Session;
}

export async function createSession(
  db: Db,
  clock: Clock,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null; isMultiFactorVerified?: boolean } = {},
): Promise<CreatedSession> {
  const id = secureRandomString();
  const secret = secureRandomString();
  const now = clock.now();
  const session: Session = {
    id,
    userId,
    secretHash: sha256Bytes(secret),
    isMultiFactorVerified: meta.isMultiFactorVerified ?? false,
    createdAt: now,
    lastVerifiedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  };
  await insertSession(db, session);
  return { token: `${id}.${secret}`, session };
}

/** When the idle timeout ends for a session, given its last use. */
export function idleExpiry(session: Pick<Session, "lastVerifiedAt" | "expiresAt">): Date {
  const idleEnd = session.lastVerifiedAt.getTime() + SESSION_IDLE_TIMEOUT_MS;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

/** The session and user a token names, or null; an expired session is deleted on sight. */
export async function validateSessionToken(
  db: Db,
  clock: Clock,
  token: string,
): Promise<(SessionLookup & { refreshed: boolean }) | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const found = await findSessionWithUser(db, id);
  if (!found) return null;
  const { session } = found;
  if (!sameBytes(sha256Bytes(secret), new Uint8Array(session.secretHash))) return null;
  const now = clock.now();
  if (now.getTime() >= idleExpiry(session).getTime()) {
    await deleteSession(db, session.id);
    return null;
  }
  let refreshed = false;
  if (now.getTime() - session.lastVerifiedAt.getTime() >= SESSION_REFRESH_INTERVAL_MS) {
    session.lastVerifiedAt = now;
    await touchSession(db, session.id, now);
    refreshed = true;
  }
  return { ...found, refreshed };
}

/**
 * The session a token names from the process's cache of validated sessions (read requests only),
 * or null when the database must decide: not cached, a wrong secret, idle past its timeout, or due
 * for the periodic extension (which only validateSessionToken writes).
 */
export async function validateCachedSessionToken(
  cache: SessionCache,
  clock: Clock,
  token: string,
): Promise<CachedSession | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const cached = await cache.get(id);
  if (!cached) return null;
  const { session } = cached;
  if (!sameBytes(sha256Bytes(secret), new Uint8Array(session.secretHash))) return null;
  const now = clock.now().getTime();
  if (now >= idleExpiry(session).getTime()) return null;
  if (now - session.lastVerifiedAt.getTime() >= SESSION_REFRESH_INTERVAL_MS) return null;
  return cached;
}

export async function invalidateSession(db: Db, sessionId: string) {
  await deleteSession(db, sessionId);
}

export async function invalidateUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await deleteUserSessions(db, userId, exceptSessionId);
}
