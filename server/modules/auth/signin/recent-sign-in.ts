import { AppError } from "../../../core/app-error";
import type { UserActor } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import { findSession, findUserById } from "../account.queries";
import { authLimits } from "../auth-limits";
import { verifyPassword } from "../password/password";

/** How long after a sign-in the session may change how the account signs in without the password. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Changing how the account signs in (multi-factor on or off) needs more than a session cookie, which
 * can be stolen: the current password now, or a sign-in within the last ten minutes. Answers whether
 * the password was given (the caller then starts a new session, since that proof is a sign-in).
 * Wrong passwords count against the same per-user limit as a password change.
 */
export async function requireRecentSignIn(
  ctx: ServiceContext,
  actor: UserActor,
  currentPassword: string | undefined,
): Promise<{ passwordProven: boolean }> {
  if (currentPassword !== undefined) {
    await consumeRateLimit(ctx, authLimits.passwordChangePerUser(actor.userId));
    const user = await findUserById(ctx.db, actor.userId);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new AppError("WRONG_CURRENT_PASSWORD");
    }
    return { passwordProven: true };
  }
  const session = await findSession(ctx.db, actor.sessionId);
  const age = session ? ctx.clock.now().getTime() - session.createdAt.getTime() : Number.POSITIVE_INFINITY;
  if (age > RECENT_SIGN_IN_MS) throw new AppError("RECENT_SIGN_IN_REQUIRED");
  return { passwordProven: false };
}
