import { and, asc, gt, inArray, max, min } from "drizzle-orm";
import type { Db } from "../../db/client";
import { liveEvents, sessions } from "../../db/schema";
import { SESSION_IDLE_TIMEOUT_MS } from "../auth/auth.constants";
import type { LiveEventIds } from "./live.scope";

// The web process's own reads for its streams (not on behalf of any one actor): each stream filters
// what they return by the scope its session was authorized for (live.service `hears`).

/** Published changes after `afterId`, in order, at most `limit`. */
export async function liveEventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEventIds[]> {
  return db
    .select({
      id: liveEvents.id,
      shipmentId: liveEvents.shipmentId,
      companyId: liveEvents.companyId,
      teamId: liveEvents.teamId,
      isShared: liveEvents.isShared,
    })
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The oldest id still kept for replay and the newest published (null, null when none are kept). */
export async function liveEventBounds(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const [row] = await db.select({ oldest: min(liveEvents.id), newest: max(liveEvents.id) }).from(liveEvents);
  return { oldest: row?.oldest ?? null, newest: row?.newest ?? null };
}

/** Which of `ids` are sessions still open (not signed out, not past their absolute or idle end). */
export async function openSessionIds(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, [...ids]),
        gt(sessions.expiresAt, now),
        gt(sessions.lastVerifiedAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
