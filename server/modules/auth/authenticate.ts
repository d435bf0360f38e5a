import type { FastifyReply, FastifyRequest } from "fastify";
import { roleFromId } from "../../../shared/enums";
import type { Config } from "../../config";
import type { Clock } from "../../core/clock";
import type { Actor } from "../../core/context";
import { rememberRequestSnapshot } from "../../core/request-cache";
import type { SessionCache } from "../../core/session-cache";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "../../core/session-cookie";
import type { Database } from "../../db/client";
import type { SignupDecoy } from "../../db/schema";
import { idleExpiry, validateCachedSessionToken, validateSessionToken } from "./session.internal";
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
export function sessionAuthenticator(deps: {
  db: Database;
  clock: Clock;
  config: Config;
  /** Validated sessions kept for read requests (core/session-cache); none reads every time. */
  cache?: SessionCache;
}) {
  const cookieName = sessionCookieName(deps.config);
  const { cache } = deps;
  const attach = async (req: FastifyRequest, reply: FastifyReply, token: string) => {
    // Reads may be answered from memory; other writes validate against the database.
    if (cache && (READ_ONLY_METHODS.has(req.method) || isGraphqlPost(req))) {
      const cached = await validateCachedSessionToken(cache, deps.clock, token);
      if (cached) {
        req.auth = cached;
        return;
      }
    }
    const mark = cache?.mark() ?? 0;
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
    req.auth = cache ? cache.remember(lookup, mark) : lookup;
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

/**
 * GraphQL sends its queries by POST, and the method is known before the body says which operation
 * it is. A cached session is as fresh as one read now (the fence of core/session-cache), so the
 * session may come from memory for any GraphQL request; whether the service reuses its rows for
 * authorization is still decided by the operation (graphql/read-only.ts), and a mutation reads them
 * afresh (docs/decisions/0089-session-cache.md).
 */
function isGraphqlPost(req: FastifyRequest): boolean {
  return req.method === "POST" && (req.url === "/graphql" || req.url.startsWith("/graphql?"));
}

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
