import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { ServiceContext } from "../../core/context";
import { createSession, idleExpiry } from "./session.service";
import { setSessionCookie } from "./session-cookie";

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
