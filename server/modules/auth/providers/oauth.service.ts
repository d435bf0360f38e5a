import type { Config } from "../../../config";
import { AppError } from "../../../core/app-error";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import type { User } from "../../../db/schema";
import { findUserByEmail, insertUser, isUniqueViolation } from "../account.queries";
import { authLimits } from "../auth-limits";
import { invalidateUserSessions } from "../session.internal";
import { endCurrentSession } from "../signin/signin.service";
import { fetchGoogleProfile, type ThirdPartyProfile, verifyFirebaseToken } from "./oauth.profiles";
import { claimUnverifiedAccount, findUserByIdentity, insertIdentity } from "./oauth.queries";

// Sign-in with a third-party account (spec 01 §5, §7): the provider vouches for an e-mail address,
// and the account is found by the provider's id, else by that address (then linked), else created.
// Anyone may call these: the provider's proof is the authorization. The route issues the session.

export interface SigninWithGoogleInput {
  googleAccessToken: string;
  invitedEmail?: string | undefined;
}

export interface SigninWithFirebaseInput {
  firebaseToken: string;
}

export interface ThirdPartySignin {
  user: User;
  created: boolean;
}

const UNIQUE_INDEXES = ["users_email_lower_unique", "user_identities_provider_subject_index"];

export async function signInWithGoogle(
  ctx: ServiceContext,
  config: Config,
  input: SigninWithGoogleInput,
  ip: string,
): Promise<ThirdPartySignin> {
  await consumeRateLimit(ctx, authLimits.signinPerIp(ip));
  const profile = await fetchGoogleProfile(config, input.googleAccessToken);
  requireVerifiedEmail(profile);
  const invitedEmail = input.invitedEmail?.trim();
  if (invitedEmail && invitedEmail.toLowerCase() !== profile.email.toLowerCase()) {
    ctx.log.info({ provider: profile.provider }, "third-party sign-in refused: not the invited e-mail");
    throw new AppError("GOOGLE_EMAIL_MISMATCH", { email: profile.email, invitedEmail });
  }
  return signInWithProfile(ctx, profile);
}

export async function signInWithFirebaseToken(
  ctx: ServiceContext,
  config: Config,
  input: SigninWithFirebaseInput,
  ip: string,
): Promise<ThirdPartySignin> {
  await consumeRateLimit(ctx, authLimits.signinPerIp(ip));
  const profile = await verifyFirebaseToken(config, input.firebaseToken, ctx.clock.now());
  requireVerifiedEmail(profile);
  return signInWithProfile(ctx, profile);
}

function requireVerifiedEmail(profile: ThirdPartyProfile) {
  if (!profile.emailVerified) throw new AppError("THIRD_PARTY_EMAIL_NOT_VERIFIED");
}

async function signInWithProfile(ctx: ServiceContext, profile: ThirdPartyProfile): Promise<ThirdPartySignin> {
  let result: ThirdPartySignin;
  try {
    result = await ctx.tx((tx) => findOrCreateUser(tx, profile));
  } catch (err) {
    // Two first sign-ins racing: the loser finds what the winner created.
    if (!UNIQUE_INDEXES.some((index) => isUniqueViolation(err, index))) throw err;
    result = await ctx.tx((tx) => findOrCreateUser(tx, profile));
  }
  // Signing in again from a signed-in browser replaces that session rather than leaving it behind.
  await endCurrentSession(ctx);
  return result;
}

async function findOrCreateUser(ctx: ServiceContext, profile: ThirdPartyProfile): Promise<ThirdPartySignin> {
  const linked = await findUserByIdentity(ctx.db, profile.provider, profile.subject);
  if (linked) return { user: linked, created: false };
  const identity = { provider: profile.provider, subject: profile.subject, email: profile.email };
  const now = ctx.clock.now();
  let user = await findUserByEmail(ctx.db, profile.email);
  if (user) {
    if (!user.isEmailVerified) {
      user = await claimUnverifiedAccount(ctx.db, user.id, now);
      await invalidateUserSessions(ctx.db, user.id);
    }
    await insertIdentity(ctx.db, { ...identity, userId: user.id });
    return { user, created: false };
  }
  const created = await insertUser(ctx.db, {
    email: profile.email,
    nickname: profile.name || profile.email.split("@")[0] || profile.email,
    language: ctx.lang,
    isEmailVerified: true,
    passwordHash: null,
  });
  await insertIdentity(ctx.db, { ...identity, userId: created.id });
  return { user: created, created: true };
}
