import { and, gt, inArray, sql } from "drizzle-orm";
import type { ServiceContext } from "../../../core/context";
import { rateLimitBuckets } from "../../../db/schema";
import { authLimits, signinPairPrefix } from "../auth-limits";

// Sign-in throttling after ASVS 6.3.1 and OWASP's authentication guidance: a guesser is refused per
// (account, address) and per address (auth-limits.ts), and slowed down by its own wrong passwords
// only — at one account, and over every account. Nothing counted at the account as a whole slows
// or refuses an attempt, so strangers' guesses cost the owner nothing, from wherever they sign in
// (docs/decisions/0018-signin-slowdown-by-source.md).

export const SIGNIN_SLOWDOWN = {
  /** Wrong passwords from one address at one account before its attempts there start to wait. */
  freeFailures: 5,
  /** Wrong passwords from one address over every account before all its attempts start to wait. */
  freeSourceFailures: 10,
  firstDelayMs: 500,
  maxDelayMs: 10_000,
};

/** The wait after this many recent wrong passwords, `free` of them costing nothing: doubling, capped. */
export function signinDelayMs(failures: number, free = SIGNIN_SLOWDOWN.freeFailures): number {
  const over = failures - free;
  if (over <= 0) return 0;
  return Math.min(SIGNIN_SLOWDOWN.maxDelayMs, SIGNIN_SLOWDOWN.firstDelayMs * 2 ** (over - 1));
}

export interface SigninThrottleDecision {
  /** This address's attempts at the account since its last success there: all wrong passwords. */
  accountFailures: number;
  /** Accounts this address recently gave a wrong password for. */
  sourceFailures: number;
  delayMs: number;
}

/** How long the next attempt at `address` from `ip` waits before its password is checked. */
export async function signinThrottleDecision(
  ctx: ServiceContext,
  address: string,
  ip: string,
): Promise<SigninThrottleDecision> {
  const pair = authLimits.signinPerAccountAndIp(address, ip).key;
  const source = authLimits.signinFailuresPerIp(ip).key;
  const rows = await ctx.db
    .select({ key: rateLimitBuckets.key, count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(inArray(rateLimitBuckets.key, [pair, source]), gt(rateLimitBuckets.resetAt, ctx.clock.now())));
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  const accountFailures = count(pair);
  const sourceFailures = count(source);
  const delayMs = Math.max(
    signinDelayMs(accountFailures),
    signinDelayMs(sourceFailures, SIGNIN_SLOWDOWN.freeSourceFailures),
  );
  return { accountFailures, sourceFailures, delayMs };
}

/** The timer the slowdown waits on; an object so tests can observe the waits instead of sitting them out. */
export const signinTimer = {
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Waits as long as the decision asks, before the password is checked. */
export async function slowDownSignin(decision: SigninThrottleDecision): Promise<void> {
  if (decision.delayMs > 0) await signinTimer.wait(decision.delayMs);
}

/** Forgets every (account, address) sign-in counter of an account (a password reset proves the owner). */
export async function clearSigninThrottle(ctx: ServiceContext, address: string): Promise<void> {
  await ctx.db
    .delete(rateLimitBuckets)
    .where(sql`starts_with(${rateLimitBuckets.key}, ${signinPairPrefix(address)})`);
}
