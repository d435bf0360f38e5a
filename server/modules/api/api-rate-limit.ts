import { sql } from "drizzle-orm";
import type { Clock } from "../../core/clock";
import type { Db } from "../../db/client";
import { rateLimitBuckets } from "../../db/schema";

// The per-key request budget: a fixed one-minute window kept in Postgres (the same buckets as
// core/rate-limit), so every web process shares it. Unlike core/rate-limit it answers the counts,
// so every API answer can carry RateLimit headers and a refusal its Retry-After.

export const API_RATE_WINDOW_MS = 60_000;

export interface ApiRateState {
  limit: number;
  remaining: number;
  /** Whole seconds until the window starts again (at least 1). */
  resetSeconds: number;
  allowed: boolean;
}

export async function consumeApiRequest(
  db: Db,
  clock: Clock,
  tokenId: string,
  limit: number,
): Promise<ApiRateState> {
  const now = clock.now();
  const resetAt = new Date(now.getTime() + API_RATE_WINDOW_MS);
  // postgres.js binds a raw Date inside sql`` as text and fails; pass ISO strings, typed explicitly.
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const resetParam = sql`${resetAt.toISOString()}::timestamptz`;
  const expired = sql`${rateLimitBuckets.resetAt} <= ${nowParam}`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key: `api:token:${tokenId}`, count: 1, windowStart: now, resetAt })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${resetParam} else ${rateLimitBuckets.resetAt} end`,
        windowStart: sql`case when ${expired} then ${nowParam} else ${rateLimitBuckets.windowStart} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
  const count = row?.count ?? 1;
  const resetSeconds = Math.max(1, Math.ceil(((row?.resetAt ?? resetAt).getTime() - now.getTime()) / 1000));
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, allowed: count <= limit };
}
