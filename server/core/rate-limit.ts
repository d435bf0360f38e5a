import { sql } from "drizzle-orm";
import { rateLimitBuckets } from "../db/schema";
import { AppError } from "./app-error";
import type { ServiceContext } from "./context";

export interface RateLimit {
  /** What is limited, e.g. `signin:email:a@b.c` or `signin:ip:127.0.0.1`. */
  key: string;
  limit: number;
  windowMs: number;
  /** How many units this attempt uses (e.g. one per e-mail of a batch); 1 when absent. */
  weight?: number;
  /** The refusal to throw instead of RATE_LIMITED, given the seconds until the window resets. */
  refusal?: (seconds: number) => AppError;
}

/**
 * Counts one attempt against a fixed window kept in Postgres (so every web process shares it) and
 * refuses with RATE_LIMITED, naming the seconds to wait, once the window's limit is passed.
 */
export async function consumeRateLimit(ctx: ServiceContext, rule: RateLimit): Promise<void> {
  const now = ctx.clock.now();
  const resetAt = new Date(now.getTime() + rule.windowMs);
  // postgres.js binds a raw Date inside sql`` as text and fails; pass ISO strings, typed explicitly.
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const resetParam = sql`${resetAt.toISOString()}::timestamptz`;
  const weight = rule.weight ?? 1;
  const [row] = await ctx.db
    .insert(rateLimitBuckets)
    .values({ key: rule.key, count: weight, windowStart: now, resetAt })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= ${nowParam} then ${weight}::int else ${rateLimitBuckets.count} + ${weight}::int end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= ${nowParam} then ${resetParam} else ${rateLimitBuckets.resetAt} end`,
        windowStart: sql`case when ${rateLimitBuckets.resetAt} <= ${nowParam} then ${nowParam} else ${rateLimitBuckets.windowStart} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
  if (row && row.count > rule.limit) {
    const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    throw rule.refusal ? rule.refusal(seconds) : new AppError("RATE_LIMITED", { seconds });
  }
}

/** Forgets a key's attempts, e.g. the per-account sign-in counter after a successful sign-in. */
export async function clearRateLimit(ctx: ServiceContext, key: string): Promise<void> {
  await ctx.db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
}
