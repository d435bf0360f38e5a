import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Clock } from "../../../core/clock";
import type { ServiceContext } from "../../../core/context";
import { consumeRateLimit } from "../../../core/rate-limit";
import type { Db } from "../../../db/client";
import { type SignupDecoy, signupDecoys } from "../../../db/schema";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_REFRESH_INTERVAL_MS } from "../auth.constants";
import type { MeView } from "../auth.internal";
import { authLimits } from "../auth-limits";
import { idleExpiry } from "../session.internal";
import { sameBytes, secureRandomString, sha256Bytes } from "../tokens";

// A sign-up with a registered address gets a pending session like a new address's unverified one
// (docs/decisions/0017-signup-decoy-sessions.md): kept in Postgres with the same token form and
// lifetimes, so /auth/me, the verification resend and sign-out answer it as they answer a newcomer
// waiting for the verification e-mail. It never opens an account: nothing can verify it.

export interface CreatedDecoy {
  token: string;
  decoy: SignupDecoy;
}

export async function createSignupDecoy(
  db: Db,
  clock: Clock,
  input: { email: string; displayName: string },
): Promise<CreatedDecoy> {
  const id = secureRandomString();
  const secret = secureRandomString();
  const now = clock.now();
  const decoy: SignupDecoy = {
    id,
    secretHash: sha256Bytes(secret),
    accountId: randomUUID(),
    email: input.email,
    displayName: input.displayName,
    createdAt: now,
    lastVerifiedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
  };
  await db.insert(signupDecoys).values(decoy);
  return { token: `${id}.${secret}`, decoy };
}

/** The pending sign-up a cookie names, or null; refreshed and expired like a session. */
export async function validateSignupDecoy(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ decoy: SignupDecoy; refreshed: boolean } | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const [decoy] = await db.select().from(signupDecoys).where(eq(signupDecoys.id, id));
  if (!decoy || !sameBytes(sha256Bytes(secret), new Uint8Array(decoy.secretHash))) return null;
  const now = clock.now();
  if (now.getTime() >= idleExpiry(decoy).getTime()) {
    await db.delete(signupDecoys).where(eq(signupDecoys.id, id));
    return null;
  }
  if (now.getTime() - decoy.lastVerifiedAt.getTime() < SESSION_REFRESH_INTERVAL_MS) {
    return { decoy, refreshed: false };
  }
  decoy.lastVerifiedAt = now;
  await db.update(signupDecoys).set({ lastVerifiedAt: now }).where(eq(signupDecoys.id, id));
  return { decoy, refreshed: true };
}

/** GET /auth/me for it: a newcomer whose address is not verified yet. */
export function signupDecoyView(decoy: SignupDecoy): MeView {
  return {
    account: {
      id: decoy.accountId,
      email: decoy.email,
      displayName: decoy.displayName,
      isEmailVerified: false,
      isMultiFactorEnabled: false,
    },
    session: { isMultiFactorVerified: false },
  };
}

/**
 * POST /auth/send_verification_email for it: counted against the address like a real resend (so
 * the limit's 429 comes at the same point), and nothing is sent: the owner was told once already.
 */
export async function resendForSignupDecoy(
  ctx: ServiceContext,
  decoy: SignupDecoy,
): Promise<{ alreadyVerified: boolean }> {
  await consumeRateLimit(ctx, authLimits.verificationPerEmail(decoy.email));
  return { alreadyVerified: false };
}

export async function endSignupDecoy(db: Db, decoy: SignupDecoy): Promise<void> {
  await db.delete(signupDecoys).where(eq(signupDecoys.id, decoy.id));
}
