import { sameEmail } from "../../../../shared/schemas";
import { AppError } from "../../../core/app-error";
import { requireSession, requireVerifiedUser } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import type { User } from "../../../db/schema";
import { queueEmail } from "../../mail/mail.internal";
import { findUserById, lockUser, updateUser } from "../account.queries";
import { authLimits } from "../auth-limits";
import { consumeOneTimeToken } from "../one-time-tokens";
import { invalidateUserSessions } from "../session.internal";
import { clearSigninThrottle } from "../signin/signin-throttle";
import { hashPassword, verifyPassword } from "./password";
import { passwordResetEmailJob } from "./password-reset-email";

// Forgotten and changed passwords (spec 01 §2, §7; spec 02 account settings).

/**
 * POST /auth/send_password_reset_email. The answer, and the work done before it, are the same
 * whether or not the address has an account: the limits count every request (so a 429 tells
 * nothing either) and the lookup and e-mail happen in a background job (password-reset-email.ts).
 */
export async function sendPasswordResetEmail(
  ctx: ServiceContext,
  input: { email: string },
  meta: { ip: string; appUrl: string },
): Promise<void> {
  await consumeRateLimit(ctx, authLimits.passwordResetPerIp(meta.ip));
  await consumeRateLimit(ctx, authLimits.passwordResetPerEmail(input.email));
  await ctx.jobs.send(passwordResetEmailJob, { email: input.email, appUrl: meta.appUrl });
}

/**
 * POST /auth/reset_password: the link is spent before anything else (a forged one costs no hashing),
 * then every session of the account ends — whoever knew the old password is out. Following the
 * link also proves the address, so it counts as verified.
 */
export async function resetPassword(ctx: ServiceContext, input: { token: string; newPassword: string }) {
  const row = await consumeOneTimeToken(ctx, "PASSWORD_RESET", input.token);
  if (!row) throw new AppError("PASSWORD_RESET_TOKEN_INVALID");
  const passwordHash = await hashPassword(input.newPassword);
  const user = await ctx.tx(async (tx) => {
    const found = await lockUser(tx.db, row.userId);
    if (!found || !sameEmail(found.email, row.email)) throw new AppError("PASSWORD_RESET_TOKEN_INVALID");
    await updateUser(tx.db, found.id, { passwordHash, isEmailVerified: true });
    await invalidateUserSessions(tx.db, found.id);
    await queuePasswordChanged(tx, found);
    return found;
  });
  // Whoever reset the password is the owner: no earlier guessing slows or stops their sign-in.
  await clearSigninThrottle(ctx, user.email);
}

/**
 * POST /auth/reset_password_with_current_password: the session making the change stays, every
 * other one ends.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: { currentPassword: string; newPassword: string },
) {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  await consumeRateLimit(ctx, authLimits.passwordChangePerUser(actor.userId));
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("WRONG_CURRENT_PASSWORD");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.tx(async (tx) => {
    await updateUser(tx.db, user.id, { passwordHash });
    await invalidateUserSessions(tx.db, user.id, actor.sessionId);
    await queuePasswordChanged(tx, user);
  });
}

/** Tells the owner, so a change they did not make does not go unnoticed. */
function queuePasswordChanged(ctx: ServiceContext, user: User) {
  return queueEmail(ctx, {
    to: user.email,
    template: "passwordChanged",
    params: { name: user.nickname },
    lang: user.language,
    companyId: user.companyId,
  });
}
