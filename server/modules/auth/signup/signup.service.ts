import type { SignupInput } from "../../../../shared/schemas";
import { AppError, isAppError } from "../../../core/app-error";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import type { User } from "../../../db/schema";
import { queueEmail } from "../../mail/mail.internal";
import { findUserByEmail, insertUser, isUniqueViolation } from "../account.queries";
import { queueVerificationEmail } from "../auth.internal";
import { authLimits } from "../auth-limits";
import { hashPassword } from "../password/password";
import { endCurrentSession } from "../signin/signin.service";

// Avatar colours for new accounts; members tell each other apart by them in comments and lists.
// Avatar colours: each passes WCAG AA (4.5:1) with the white initials drawn on it.
const COLORS = ["#2563eb", "#15803d", "#c2410c", "#7c3aed", "#dc2626", "#0f766e", "#a16207", "#475569"];

/** Notices to the owner of an address someone tries to sign up with: enough to warn, never a flood. */
const existingAccountNoticeLimit = (email: string) => ({
  key: `signup:existing:${email.trim().toLowerCase()}`,
  limit: 3,
  windowMs: 60 * 60 * 1000,
});

/**
 * A new account, or — for an address that already has one — nothing but an e-mail to its owner.
 * The route answers both alike, so sign-up cannot be used to learn which addresses have accounts.
 */
export type SignupOutcome = { kind: "created"; user: User } | { kind: "existing" };

/**
 * The invitation's part of an invited sign-up. Invitations sit above auth (they look up accounts
 * and hash tokens with it), so the REST surface hands their functions in (server/rest/auth.plugin.ts).
 */
export interface InvitedSignup {
  /** Before anything is created: the address is the invited one and has no account yet. */
  assertInvitedSignup(ctx: ServiceContext, token: string, email: string): Promise<unknown>;
  /** Inside the sign-up's transaction: the new account joins the company or becomes the team's guest. */
  redeemInvitation(ctx: ServiceContext, token: string, user: { id: string; email: string }): Promise<unknown>;
}

/**
 * POST /auth/signup: the account only (the company is a separate call), in the request's language,
 * with the verification mail queued in the same transaction. With an invitation token the account
 * joins the inviting company (or becomes the team's guest) instead; only that sign-up, whose link
 * was mailed to the address, is told the address has an account. The caller signs in.
 */
export async function signUp(
  ctx: ServiceContext,
  input: SignupInput,
  meta: { ip: string; appUrl: string },
  invitations: InvitedSignup,
): Promise<SignupOutcome> {
  await consumeRateLimit(ctx, authLimits.signupPerIp(meta.ip));
  const token = input.invitationToken;
  // An invited address that has an account signs in and accepts instead (told so: the link was
  // mailed to that address, so its holder learns nothing new).
  if (token) await invitations.assertInvitedSignup(ctx, token, input.email);
  // Hashed before the lookup on every path, so both cost the same argon2 work.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    if (token) throw new AppError("INVITATION_SIGN_IN_TO_ACCEPT", { email: existing.email });
    await tellOwner(ctx, existing, meta.appUrl);
    await endCurrentSession(ctx);
    return { kind: "existing" };
  }
  try {
    const user = await ctx.tx(async (tx) => {
      const created = await insertUser(tx.db, {
        email: input.email,
        nickname: input.displayName,
        language: ctx.lang,
        passwordHash,
        color: COLORS[Math.floor(Math.random() * COLORS.length)],
        // The invitation link reached this address, which proves it as a verification link would.
        isEmailVerified: token !== undefined,
        ...pendingCompanyOf(input),
      });
      if (token) {
        await invitations.redeemInvitation(tx, token, created);
        return (await findUserByEmail(tx.db, created.email)) ?? created;
      }
      await queueVerificationEmail(tx, created, meta.appUrl);
      return created;
    });
    await endCurrentSession(ctx);
    return { kind: "created", user };
  } catch (err) {
    // Two sign-ups for one address at the same moment: the index decides; the loser is the
    // "existing" case, answered the same way.
    if (!isUniqueViolation(err, "users_email_lower_unique")) throw err;
    if (token) throw new AppError("INVITATION_SIGN_IN_TO_ACCEPT", { email: input.email });
    const owner = await findUserByEmail(ctx.db, input.email);
    if (owner) await tellOwner(ctx, owner, meta.appUrl);
    await endCurrentSession(ctx);
    return { kind: "existing" };
  }
}

async function tellOwner(ctx: ServiceContext, owner: User, appUrl: string) {
  try {
    await consumeRateLimit(ctx, existingAccountNoticeLimit(owner.email));
  } catch (err) {
    // Past the limit the owner has been told already; the answer must not change, so no error.
    if (isAppError(err) && err.code === "RATE_LIMITED") return;
    throw err;
  }
  await queueEmail(ctx, {
    to: owner.email,
    template: "signupExistingAccount",
    params: { name: owner.nickname, url: `${appUrl.replace(/\/+$/, "")}/app/auth/signin` },
    lang: owner.language,
    companyId: owner.companyId,
  });
}

/** The sign-up form's company, kept until it is created (only without an invitation). */
function pendingCompanyOf(input: SignupInput) {
  const name = input.companyName?.trim();
  const tel = input.companyTel?.trim();
  if (input.invitationToken || !name || !tel) return {};
  return { pendingCompanyName: name, pendingCompanyTel: tel };
}
