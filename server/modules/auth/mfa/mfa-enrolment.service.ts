import type { MfaChangeInput, MfaSetupInput } from "../../../../shared/schemas";
import { AppError } from "../../../core/app-error";
import { requireSession, requireVerifiedUser, type UserActor } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import { queueEmail } from "../../mail/mail.internal";
import { findUserById } from "../account.queries";
import { consumeTotpCode, loadMfaUser, MFA_ENROLMENT_LIMIT } from "../auth.internal";
import { invalidateUserSessions } from "../session.internal";
import { markSessionMfaVerified } from "../session.queries";
import { requireRecentSignIn } from "../signin/recent-sign-in";
import { clearMfa, storePendingSecret, storePendingSecretIfNone } from "./mfa.queries";
import type { MfaEnrolment } from "./mfa.service";
import { generateTotpSecret, totpQrCodeDataUrl, totpUri } from "./mfa.totp";

// Turning multi-factor authentication on and off (spec 01 §7, spec 02 account settings). A stolen
// session cookie must not be enough to do either: each step needs the current password or a
// sign-in within minutes (recent-sign-in.ts). The GET route draws a key only when none is pending
// and never replaces one: a cross-site navigation to it cannot swap the key the owner is scanning.

/**
 * POST /auth/multi_factor_setup: draws a new pending key; MFA stays off until a code confirms it.
 * `passwordProven` tells the route to start a new session (the password was a sign-in), so the
 * following steps count as a recent sign-in without asking again.
 */
export async function setUpMfa(
  ctx: ServiceContext,
  input: MfaSetupInput,
): Promise<{ enrolment: MfaEnrolment; passwordProven: boolean }> {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  const user = await loadMfaUser(ctx, actor.userId);
  if (user.isMultiFactorEnabled) throw new AppError("MFA_ALREADY_ENABLED");
  const { passwordProven } = await requireRecentSignIn(ctx, actor, input.currentPassword);
  await consumeRateLimit(ctx, { key: `mfa:enrol:${user.id}`, ...MFA_ENROLMENT_LIMIT });
  const secret = generateTotpSecret();
  if (!(await storePendingSecret(ctx.db, user.id, secret, ctx.clock.now()))) {
    throw new AppError("MFA_ALREADY_ENABLED");
  }
  return { enrolment: await enrolmentOf(secret, user.email), passwordProven };
}

/**
 * GET /auth/multi_factor_qrcode (spec 01 §7: "returns data (QR code)"), to a recent sign-in: the
 * pending key, drawn here when there is none, so a client that follows the spec and calls it
 * first gets a key to scan. A key already pending is returned as it is and never replaced: a
 * cross-site navigation to the GET cannot swap the key the owner is scanning. Enabling still
 * needs a code from the app and the password or a recent sign-in.
 */
export async function getMfaEnrolment(ctx: ServiceContext): Promise<MfaEnrolment> {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  const user = await loadMfaUser(ctx, actor.userId);
  if (user.isMultiFactorEnabled) throw new AppError("MFA_ALREADY_ENABLED");
  await requireRecentSignIn(ctx, actor, undefined);
  if (user.totpSecret) return enrolmentOf(user.totpSecret, user.email);
  await consumeRateLimit(ctx, { key: `mfa:enrol:${user.id}`, ...MFA_ENROLMENT_LIMIT });
  const stored = await storePendingSecretIfNone(ctx.db, user.id, generateTotpSecret(), ctx.clock.now());
  if (!stored || stored.enabled) throw new AppError("MFA_ALREADY_ENABLED");
  if (!stored.secret) throw new AppError("MFA_NOT_SET_UP");
  return enrolmentOf(stored.secret, user.email);
}

/**
 * POST /auth/enable_multi_factor_authentication: the first code proves the app holds the key. The
 * session that proved it stays and needs no second code; every other session ends (whoever held
 * one must now pass the second factor), and the owner is told by e-mail.
 */
export async function enableMfa(ctx: ServiceContext, input: MfaChangeInput): Promise<void> {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  const user = await loadMfaUser(ctx, actor.userId);
  if (user.isMultiFactorEnabled) throw new AppError("MFA_ALREADY_ENABLED");
  if (!user.totpSecret) throw new AppError("MFA_NOT_SET_UP");
  await requireRecentSignIn(ctx, actor, input.currentPassword);
  await consumeTotpCode(ctx, user, user.totpSecret, input.totpCode, { isMultiFactorEnabled: true });
  await ctx.tx(async (tx) => {
    await markSessionMfaVerified(tx.db, actor.sessionId);
    await afterMfaChange(tx, actor, "mfaEnabled");
  });
}

/**
 * POST /auth/disable_multi_factor_authentication (not in the spec): a way out for someone changing
 * phones. Needs a session that passed MFA, a current code and a recent sign-in; ends every other
 * session and tells the owner.
 */
export async function disableMfa(ctx: ServiceContext, input: MfaChangeInput): Promise<void> {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  const user = await loadMfaUser(ctx, actor.userId);
  if (!user.isMultiFactorEnabled || !user.totpSecret) throw new AppError("MFA_NOT_SET_UP");
  await requireRecentSignIn(ctx, actor, input.currentPassword);
  await consumeTotpCode(ctx, user, user.totpSecret, input.totpCode);
  await ctx.tx(async (tx) => {
    await clearMfa(tx.db, user.id, tx.clock.now());
    await afterMfaChange(tx, actor, "mfaDisabled");
  });
}

async function afterMfaChange(ctx: ServiceContext, actor: UserActor, template: "mfaEnabled" | "mfaDisabled") {
  await invalidateUserSessions(ctx.db, actor.userId, actor.sessionId);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  await queueEmail(ctx, {
    to: user.email,
    template,
    params: { name: user.nickname },
    lang: user.language,
    companyId: user.companyId,
  });
}

async function enrolmentOf(secret: string, email: string): Promise<MfaEnrolment> {
  const uri = totpUri(secret, email);
  return { data: await totpQrCodeDataUrl(uri), secret, uri };
}
