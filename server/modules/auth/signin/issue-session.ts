import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../../config";
import type { ServiceContext } from "../../../core/context";
import { setSessionCookie } from "../../../core/session-cookie";
import type { MeView } from "../auth.internal";
import { createSession, idleExpiry, invalidateSession } from "../session.internal";
import { createSignupDecoy, signupDecoyView } from "../signup/signup-decoy";

/**
 * Every sign-in (password, Google, Firebase, sign-up) ends here: a brand-new session — never a
 * reused one, so a planted cookie cannot be elevated — and its cookie on the reply.
 */
export async function issueSession(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  userId: string,
  options: { isMultiFactorVerified?: boolean } = {},
) {
  const created = await createSession(ctx.db, ctx.clock, userId, {
    ip: req.ip,
    userAgent: req.headers["user-agent"] ?? null,
    isMultiFactorVerified: options.isMultiFactorVerified ?? false,
  });
  setSessionCookie(reply, config, created.token, idleExpiry(created.session));
  return created.session;
}

/**
 * Proving the password again is a sign-in: the request's session is replaced by a brand-new one
 * (keeping whether it passed the second factor), so "signed in within minutes" holds for what follows.
 */
export async function renewSession(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
) {
  const current = req.auth;
  if (!current) return;
  await issueSession(ctx, req, reply, config, current.user.id, {
    isMultiFactorVerified: current.session.isMultiFactorVerified,
  });
  await invalidateSession(ctx.db, current.session.id);
}

/**
 * The answer to a sign-up with an address that already has an account, shaped like a new one's: a
 * real pending session (signup-decoy.ts) with a cookie of the same form and lifetime, and the
 * account view of an unverified newcomer. What follows (the owner's e-mail) happens out of sight.
 */
export async function decoySignupAnswer(
  ctx: ServiceContext,
  reply: FastifyReply,
  config: Config,
  input: { email: string; displayName: string },
): Promise<MeView> {
  const { token, decoy } = await createSignupDecoy(ctx.db, ctx.clock, input);
  setSessionCookie(reply, config, token, idleExpiry(decoy));
  return signupDecoyView(decoy);
}
