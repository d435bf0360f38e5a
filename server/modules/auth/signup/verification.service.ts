import { sameEmail } from "../../../../shared/schemas";
import { AppError } from "../../../core/app-error";
import { requireSignedIn } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import { findUserById, updateUser } from "../account.queries";
import { queueVerificationEmail } from "../auth.internal";
import { authLimits } from "../auth-limits";
import { consumeOneTimeToken } from "../one-time-tokens";

/** POST /auth/send_verification_email. */
export async function sendVerificationEmail(
  ctx: ServiceContext,
  meta: { appUrl: string },
): Promise<{ alreadyVerified: boolean }> {
  const actor = requireSignedIn(ctx);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  if (user.isEmailVerified) return { alreadyVerified: true };
  await consumeRateLimit(ctx, authLimits.verificationPerEmail(user.email));
  await queueVerificationEmail(ctx, user, meta.appUrl);
  return { alreadyVerified: false };
}

/**
 * POST /auth/verify_email. Needs no session: the link may be opened in another browser. A link
 * sent to an address the account no longer has verifies nothing.
 */
export async function verifyEmail(
  ctx: ServiceContext,
  input: { token: string },
): Promise<{ alreadyVerified: boolean }> {
  const row = await consumeOneTimeToken(ctx, "EMAIL_VERIFICATION", input.token);
  if (!row) {
    // A second click on a used link, by someone already verified, is not an error to them.
    if (ctx.actor.kind === "user" && ctx.actor.emailVerified) return { alreadyVerified: true };
    throw new AppError("EMAIL_VERIFICATION_TOKEN_INVALID");
  }
  const user = await findUserById(ctx.db, row.userId);
  if (!user || !sameEmail(user.email, row.email)) throw new AppError("EMAIL_VERIFICATION_TOKEN_INVALID");
  if (user.isEmailVerified) return { alreadyVerified: true };
  await updateUser(ctx.db, user.id, { isEmailVerified: true });
  return { alreadyVerified: false };
}
