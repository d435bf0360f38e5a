import { eq } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit, type RateLimit } from "../../core/rate-limit";
import { rateLimitBuckets } from "../../db/schema";

// Share links are 192-bit bearer tokens, so guessing is hopeless; the limit makes trying costly
// anyway. Only misses count: people following real links are never slowed down, while an address
// that keeps asking for unknown tokens is refused, found or not, until its window passes.

const MINUTE_MS = 60_000;

export const SHARE_LOOKUP_MISSES = { limit: 20, windowMs: 10 * MINUTE_MS } as const;

function missRule(ip: string): RateLimit {
  return { key: `share:miss:ip:${ip}`, ...SHARE_LOOKUP_MISSES };
}

/** Refuses before the lookup when this address already used up its misses. */
export async function refuseWhileLimited(ctx: ServiceContext, ip: string): Promise<void> {
  const rule = missRule(ip);
  const [bucket] = await ctx.db
    .select({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, rule.key));
  const now = ctx.clock.now().getTime();
  if (bucket && bucket.resetAt.getTime() > now && bucket.count >= rule.limit) {
    const seconds = Math.max(1, Math.ceil((bucket.resetAt.getTime() - now) / 1000));
    throw new AppError("RATE_LIMITED", { seconds });
  }
}

/** Counts a miss; throws RATE_LIMITED once the window's misses are used up. */
export async function countMiss(ctx: ServiceContext, ip: string): Promise<void> {
  await consumeRateLimit(ctx, missRule(ip));
}

/**
 * The guest home's search: a person typing (debounced by the console) asks a few times a minute;
 * a script growing a query one character at a time asks hundreds. Per account and per address.
 */
export const GUEST_SEARCHES = { limit: 30, windowMs: MINUTE_MS } as const;

/** Counts a guest's search; throws RATE_LIMITED once the account or the address used up its window. */
export async function countGuestSearch(ctx: ServiceContext, userId: string, ip: string): Promise<void> {
  await consumeRateLimit(ctx, { key: `guest-search:user:${userId}`, ...GUEST_SEARCHES });
  await consumeRateLimit(ctx, { key: `guest-search:ip:${ip}`, ...GUEST_SEARCHES });
}
