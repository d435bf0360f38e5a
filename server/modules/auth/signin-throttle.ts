import { and, eq, gt, or, sql } from "drizzle-orm";
import type { ServiceContext } from "../../core/context";
import { rateLimitBuckets } from "../../db/schema";
import { authLimits, signinPairPrefix } from "./auth-limits";

// Sign-in throttling after ASVS 6.3.1 and OWASP's authentication guidance: a guesser is refused per
// (account, address) and per address (auth-limits.ts), while guesses at one account from many
// addresses only slow every attempt at that account down. Nothing refuses the right password
// because of strangers' wrong ones; the owner waits a few seconds at worst.

export const SIGNIN_SLOWDOWN = {
  /** Wrong passwords in the window before attempts at the account start to wait. */
  freeFailures: 5,
  firstDelayMs: 500,
  maxDelayMs: 10_000,
};

/** The wait before an attempt at an account with this many recent wrong passwords: doubling, capped. */
export function signinDelayMs(failures: number): number {
  const over = failures - SIGNIN_SLOWDOWN.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGNIN_SLOWDOWN.maxDelayMs, SIGNIN_SLOWDOWN.firstDelayMs * 2 ** (over - 1));
}

/** The timer the slowdown waits on; an object so tests can observe the waits instead of sitting them out. */
export const signinTimer = {
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Waits as long as the account's recent wrong passwords ask for, before the password is checked. */
export async function slowDownSignin(ctx: ServiceContext, address: string): Promise<void> {
  const rule = authLimits.signinFailuresPerAccount(address);
  const [row] = await ctx.db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, rule.key), gt(rateLimitBuckets.resetAt, ctx.clock.now())));
  const delay = signinDelayMs(row?.count ?? 0);
  if (delay > 0) await signinTimer.wait(delay);
}

/** Forgets every sign-in counter of an account (a password reset proves the owner). */
export async function clearSigninThrottle(ctx: ServiceContext, address: string): Promise<void> {
  await ctx.db
    .delete(rateLimitBuckets)
    .where(
      or(
        eq(rateLimitBuckets.key, authLimits.signinFailuresPerAccount(address).key),
        sql`starts_with(${rateLimitBuckets.key}, ${signinPairPrefix(address)})`,
      ),
    );
}
