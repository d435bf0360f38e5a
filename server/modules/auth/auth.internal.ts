import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit } from "../../core/rate-limit";
import type { Session, User } from "../../db/schema";
import { queueEmail } from "../mail/mail.internal";
import {
  acceptMfaStep,
  findMfaUser,
  type MfaAcceptEffect,
  type MfaUser,
  recordMfaFailure,
} from "./mfa/mfa.queries";
import { matchTotpStep } from "./mfa/mfa.totp";
import { emailVerificationUrl, issueOneTimeToken } from "./one-time-tokens";

export function meView(user: User, session: Pick<Session, "isMultiFactorVerified">): MeView {
  return {
    account: {
      id: user.id,
      email: user.email,
      displayName: user.nickname,
      isEmailVerified: user.isEmailVerified,
      isMultiFactorEnabled: user.isMultiFactorEnabled,
    },
    session: { isMultiFactorVerified: session.isMultiFactorVerified },
  };
}

export async function loadMfaUser(ctx: ServiceContext, userId: string): Promise<MfaUser> {
  const user = await findMfaUser(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return user;
}

/**
 * Checks a code and records the outcome. Each write is its own statement outside any transaction
 * on purpose: a refusal must still count (a rolled-back failure would let guesses go uncounted).
 */
export async function consumeTotpCode(
  ctx: ServiceContext,
  user: MfaUser,
  secret: string,
  code: string,
  onAccept: MfaAcceptEffect = {},
): Promise<void> {
  await consumeRateLimit(ctx, { key: `mfa:user:${user.id}`, ...MFA_ATTEMPT_LIMIT });
  const now = ctx.clock.now();
  throwIfLocked(user.mfaLockedUntil, now);
  const step = await matchTotpStep(secret, code, now);
  if (step === null) {
    const lockedUntil = await recordMfaFailure(ctx.db, user.id, {
      maxAttempts: MFA_MAX_FAILED_ATTEMPTS,
      lockedUntil: new Date(now.getTime() + MFA_LOCK_MS),
      at: now,
    });
    throwIfLocked(lockedUntil, now);
    throw new AppError("MFA_CODE_INVALID");
  }
  if (user.totpLastAcceptedStep !== null && step <= user.totpLastAcceptedStep) {
    throw new AppError("MFA_CODE_ALREADY_USED");
  }
  if (!(await acceptMfaStep(ctx.db, { id: user.id, secret }, step, now, onAccept))) {
    // Lost a race since the user was read: the code was used, a lock began or the secret changed.
    const fresh = await loadMfaUser(ctx, user.id);
    throwIfLocked(fresh.mfaLockedUntil, now);
    throw new AppError(fresh.totpSecret === secret ? "MFA_CODE_ALREADY_USED" : "MFA_CODE_INVALID");
  }
}

// E-mail verification (spec 01 §2): a 24-hour link, a resend from the waiting screen, and a
// verify step that is safe to repeat once the address is verified.

/** Issues a new link (voiding the previous one) and queues the mail, in the caller's transaction. */
export async function queueVerificationEmail(
  ctx: ServiceContext,
  user: Pick<User, "id" | "email" | "nickname" | "language" | "companyId">,
  appUrl: string,
) {
  await ctx.tx(async (tx) => {
    const token = await issueOneTimeToken(tx, "EMAIL_VERIFICATION", user);
    await queueEmail(tx, {
      to: user.email,
      template: "verifyEmail",
      params: { name: user.nickname, url: emailVerificationUrl(appUrl, token) },
      lang: user.language,
      companyId: user.companyId,
    });
  });
}

/** The answer of GET /auth/me and of every sign-in (spec 01 §3 Session/account). */
export interface MeView {
  account: {
    id: string;
    email: string;
    displayName: string;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
  };
  session: { isMultiFactorVerified: boolean };
}

// Multi-factor authentication with TOTP (spec 01 §2, §5, §7; spec 02 account settings). A code is
// accepted once (its time step must be newer than the last accepted one), five wrong codes lock
// MFA for fifteen minutes, and every attempt also counts against a per-user rate limit in Postgres.
// Turning it on and off is in mfa-enrolment.service.ts.

export const MFA_MAX_FAILED_ATTEMPTS = 5;

export const MFA_LOCK_MS = 15 * 60 * 1000;

/** Beyond the lockout: caps all attempts, right or wrong, so no account is hammered. */
export const MFA_ATTEMPT_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 };

/** Each set-up draws a new key; a burst of them is not a person setting up an app. */
export const MFA_ENROLMENT_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };

function throwIfLocked(lockedUntil: Date | null, now: Date) {
  if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new AppError("MFA_LOCKED", { minutes });
  }
}
