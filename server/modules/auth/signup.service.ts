import type { SignupInput } from "../../../shared/schemas";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit } from "../../core/rate-limit";
import type { User } from "../../db/schema";
import { assertInvitedEmail, redeemInvitation } from "../invitations/redeem.service";
import { findUserByEmail, insertUser, isUniqueViolation } from "./account.queries";
import { authLimits } from "./auth-limits";
import { hashPassword } from "./password";
import { endCurrentSession } from "./signin.service";
import { queueVerificationEmail } from "./verification.service";

// Avatar colours for new accounts; members tell each other apart by them in comments and lists.
const COLORS = ["#4a90e2", "#50b83c", "#f49342", "#9c6ade", "#de3618", "#47c1bf", "#eec200", "#637381"];

/**
 * POST /auth/signup: the account only (the company is a separate call), in the request's language,
 * with the verification mail queued in the same transaction. With an invitation token the account
 * joins the inviting company (or becomes the team's guest) instead. The caller signs the user in.
 */
export async function signUp(
  ctx: ServiceContext,
  input: SignupInput,
  meta: { ip: string; appUrl: string },
): Promise<User> {
  await consumeRateLimit(ctx, authLimits.signupPerIp(meta.ip));
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError("EMAIL_ALREADY_REGISTERED");
  const token = input.invitationToken;
  if (token) await assertInvitedEmail(ctx, token, input.email);
  const passwordHash = await hashPassword(input.password);
  const user = await ctx
    .tx(async (tx) => {
      const created = await insertUser(tx.db, {
        email: input.email,
        nickname: input.displayName,
        language: ctx.lang,
        passwordHash,
        color: COLORS[Math.floor(Math.random() * COLORS.length)],
        // The invitation link reached this address, which proves it as a verification link would.
        isEmailVerified: token !== undefined,
      });
      if (token) {
        await redeemInvitation(tx, token, created);
        return (await findUserByEmail(tx.db, created.email)) ?? created;
      }
      await queueVerificationEmail(tx, created, meta.appUrl);
      return created;
    })
    .catch((err: unknown) => {
      // Two sign-ups for one address at the same moment: the index decides, the loser is told.
      if (isUniqueViolation(err, "users_email_lower_unique")) throw new AppError("EMAIL_ALREADY_REGISTERED");
      throw err;
    });
  await endCurrentSession(ctx);
  return user;
}
