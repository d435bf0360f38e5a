import type { FastifyReply, FastifyRequest } from "fastify";
import { roleFromId } from "../../../shared/enums";
import type { Config } from "../../config";
import type { Clock } from "../../core/clock";
import type { Actor } from "../../core/context";
import { rememberRequestSnapshot } from "../../core/request-cache";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "../../core/session-cookie";
import type { Database } from "../../db/client";
import type { SignupDecoy } from "../../db/schema";
import { idleExpiry, validateSessionToken } from "./session.internal";
import type { SessionLookup } from "./session.queries";
import { validateSignupDecoy } from "./signup/signup-decoy";

export type RequestAuth = SessionLookup;

declare module "fastify" {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** The pending session of a sign-up with a registered address (signup-decoy.ts); opens nothing. */
    signupDecoy: SignupDecoy | null;
  }
}

/**
 * Reads the session cookie once per request: a valid session is attached to the request (and its
 * cookie extended when the session was refreshed); an invalid one clears the cookie. A request
 * without the cookie passes synchronously: most answers (health checks, assets, API tokens) have none.
 */
export function sessionAuthenticator(deps: { db: Database; clock: Clock; config: Config }) {
  const cookieName = sessionCookieName(deps.config);
  const attach = async (req: FastifyRequest, reply: FastifyReply, token: string) => {
    const result = await validateSessionToken(deps.db, deps.clock, token);
    if (!result) {
      const pending = await validateSignupDecoy(deps.db, deps.clock, token);
      if (pending) {
        req.signupDecoy = pending.decoy;
        if (pending.refreshed) setSessionCookie(reply, deps.config, token, idleExpiry(pending.decoy));
        return;
      }
      clearSessionCookie(reply, deps.config);
      return;
    }
    if (result.refreshed) setSessionCookie(reply, deps.config, token, idleExpiry(result.session));
    const { refreshed: _refreshed, ...lookup } = result;
    req.auth = lookup;
  };
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    req.auth = null;
    req.signupDecoy = null;
    const token = req.cookies[cookieName];
    if (!token) return done();
    attach(req, reply, token).then(() => done(), done);
  };
}

/** Requests that change nothing may reuse what authentication read (core/request-cache). */
const READ_ONLY_METHODS = new Set(["GET", "HEAD"]);

/** The actor of a request, from what the authenticator attached. */
export async function actorFromRequest(req: FastifyRequest): Promise<Actor> {
  const auth = req.auth;
  if (!auth) return { kind: "anonymous" };
  const actor = sessionActor(auth);
  if (READ_ONLY_METHODS.has(req.method)) rememberRequestSnapshot(actor, auth);
  return actor;
}

/** The actor a valid session gives (a request's cookie, or a live stream's session read again). */
export function sessionActor({ user, session }: SessionLookup): Actor {
  return {
    kind: "user",
    userId: user.id,
    sessionId: session.id,
    email: user.email,
    companyId: user.companyId,
    role: user.roleId ? (roleFromId(user.roleId) ?? null) : null,
    emailVerified: user.isEmailVerified,
    mfaSatisfied: !user.isMultiFactorEnabled || session.isMultiFactorVerified,
  };
}
