import { AppError } from "../../../core/app-error";
import { requireSession } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { consumeTotpCode, loadMfaUser } from "../auth.internal";
import { markSessionMfaVerified } from "../session.queries";

export interface MfaEnrolment {
  /** The otpauth:// URI as a PNG data URL. */
  data: string;
  /** The base32 key, for typing into an authenticator app by hand. */
  secret: string;
  uri: string;
}

export interface TotpInput {
  totpCode: string;
}

/** POST /auth/verify_multi_factor_authentication: the second factor for this session. */
export async function verifyMfa(ctx: ServiceContext, input: TotpInput): Promise<void> {
  const actor = requireSession(ctx);
  const user = await loadMfaUser(ctx, actor.userId);
  if (!user.isMultiFactorEnabled || !user.totpSecret) throw new AppError("MFA_NOT_SET_UP");
  await consumeTotpCode(ctx, user, user.totpSecret, input.totpCode);
  await markSessionMfaVerified(ctx.db, actor.sessionId);
}
