import type { SigninInput } from "../../../../shared/schemas";
import { AppError } from "../../../core/app-error";
import type { ServiceContext } from "../../../core/context";
import { clearRateLimit, consumeRateLimit } from "../../../core/rate-limit";
import type { User } from "../../../db/schema";
import { findUserByEmail } from "../account.queries";
import { authLimits } from "../auth-limits";
import { hashPassword, verifyPassword } from "../password/password";
import { invalidateSession } from "../session.internal";
import { secureRandomString } from "../tokens";
import { signinThrottleDecision, slowDownSignin } from "./signin-throttle";

// A hash of nothing anyone knows: an unknown e-mail costs the same argon2 work as a wrong
// password, so response times do not tell which addresses have accounts.
let dummyHash: Promise<string> | undefined;
function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(secureRandomString(20));
  return dummyHash;
}

/**
 * POST /auth/signin: one message for a wrong e-mail or a wrong password. The caller issues the
 * session, which starts without the second factor even when the account has MFA on. Throttling
 * (signin-throttle.ts) counts unknown addresses like known ones, so it tells nothing either.
 */
export async function signIn(ctx: ServiceContext, input: SigninInput, meta: { ip: string }): Promise<User> {
  await consumeRateLimit(ctx, authLimits.signinPerIp(meta.ip));
  // Decided from this address's earlier attempts only, before this one is counted.
  const throttle = await signinThrottleDecision(ctx, input.email, meta.ip);
  // Counted before the check, in one statement, so parallel guesses cannot slip past the limit.
  const pair = authLimits.signinPerAccountAndIp(input.email, meta.ip);
  await consumeRateLimit(ctx, pair);
  await slowDownSignin(throttle);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await unknownUserHash()), input.password);
  if (!user?.passwordHash || !valid) {
    // Spraying is counted once per account: repeated guesses at one account are the pair's to slow.
    if (throttle.accountFailures === 0) await consumeRateLimit(ctx, authLimits.signinFailuresPerIp(meta.ip));
    throw new AppError("INVALID_CREDENTIALS");
  }
  await clearRateLimit(ctx, pair.key);
  await endCurrentSession(ctx);
  return user;
}

/** POST /auth/signout; also what a new sign-in does with the session it replaces. */
export async function endCurrentSession(ctx: ServiceContext): Promise<void> {
  if (ctx.actor.kind === "user" && ctx.actor.via === "apiToken") throw new AppError("SESSION_REQUIRED");
  if (ctx.actor.kind === "user") await invalidateSession(ctx.db, ctx.actor.sessionId);
}
