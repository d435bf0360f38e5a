import type { FastifyInstance } from "fastify";
import { errorMessage } from "../../shared/i18n";
import type { Config } from "../config";
import { requestLanguage } from "./request-context";
import { sessionCookieName } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that would act with the session cookie must come from the console itself: its Origin
 * must be APP_URL's, or the browser must vouch with Sec-Fetch-Site: same-origin. Covers REST, tRPC
 * and GraphQL alike. Requests without the cookie (API tokens, anonymous) have nothing to forge.
 */
export function installCsrfProtection(app: FastifyInstance, config: Pick<Config, "APP_URL">) {
  const allowedOrigin = new URL(config.APP_URL).origin;
  const cookie = sessionCookieName(config);
  // Synchronous: it runs on every request and decides from headers alone.
  app.addHook("onRequest", (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || req.cookies[cookie] === undefined) return done();
    const origin = req.headers.origin;
    const sameSite = req.headers["sec-fetch-site"] === "same-origin";
    if (origin === allowedOrigin || (origin === undefined && sameSite)) return done();
    req.log.warn({ origin, secFetchSite: req.headers["sec-fetch-site"] }, "cross-site request refused");
    // Answered here: not calling done() ends the request's hooks.
    reply.status(403).send({
      error: true,
      code: "CSRF_REJECTED",
      message: errorMessage(requestLanguage(req), "CSRF_REJECTED"),
    });
  });
}
