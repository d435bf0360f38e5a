import { roleFromId } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import type { UserActor } from "../../core/authz";
import type { Clock } from "../../core/clock";
import { loadStanding } from "../../core/standing";
import type { Db } from "../../db/client";
import { apiTokenHash } from "./api-token";
import { findTokenForAuthentication, touchToken } from "./api-tokens.queries";

// `Authorization: Bearer <apiToken>` on /graphql: the token's user acts as the member they are now
// (their current role and company), so every service function's authorize() applies unchanged.
// Refused: an unknown, revoked or malformed token, a user no longer in the key's company, a
// company without the provider's API approval, or one not on a paid plan (FREE, or churned).

/** lastUsedAt is written at most once a minute per key, never once per request. */
export const LAST_USED_PRECISION_MS = 60_000;

export type ApiTokenActor = UserActor & { via: "apiToken"; companyId: string; tokenId: string };

export async function authenticateApiToken(db: Db, clock: Clock, presented: string): Promise<ApiTokenActor> {
  const hash = apiTokenHash(presented);
  if (!hash) throw new AppError("API_TOKEN_INVALID");
  const found = await findTokenForAuthentication(db, hash);
  if (!found || found.revokedAt !== null) throw new AppError("API_TOKEN_INVALID");
  // Removed from the company (or moved to another): the key no longer speaks for a member.
  const role = found.roleId ? roleFromId(found.roleId) : undefined;
  if (found.userCompanyId !== found.tokenCompanyId || !role) throw new AppError("API_TOKEN_INVALID");
  if (!found.isApiEnabled) throw new AppError("API_NOT_APPROVED");
  const now = clock.now();
  const standing = await loadStanding(db, found.tokenCompanyId, now);
  if (!planAllows(standing.plan, "api")) throw new AppError("API_REQUIRES_PAID_PLAN");
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await touchToken(db, found.tokenId, now, new Date(now.getTime() - LAST_USED_PRECISION_MS));
  }
  return {
    kind: "user",
    via: "apiToken",
    tokenId: found.tokenId,
    userId: found.userId,
    // Names no session: session-only actions refuse an API token before using it (requireSession).
    sessionId: `apiToken:${found.tokenId}`,
    email: found.email,
    companyId: found.tokenCompanyId,
    role,
    emailVerified: found.isEmailVerified,
    // The key is the credential; the second factor guarded the session that issued it.
    mfaSatisfied: true,
  };
}
