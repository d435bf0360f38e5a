import { createRequire } from "node:module";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ErrorCode, errorStatus } from "../../../shared/errors";
import { errorMessage } from "../../../shared/i18n";
import type { Config } from "../../config";
import { isAppError } from "../../core/app-error";
import type { Actor, ServiceDeps } from "../../core/context";
import { requestLanguage } from "../../core/request-context";
import { type ApiTokenActor, authenticateApiToken } from "./api-auth.service";
import { consumeApiRequest } from "./api-rate-limit";
import { bearerToken } from "./api-token";

// API customers' access to /graphql: the Bearer token is read once per request, before the body
// is parsed, and the request is refused with a GraphQL error body (and 401/403/429) when the key
// or its company may not use the API, or the key's per-minute budget is spent. Requests without
// an Authorization header are the console's (session cookie, same CSRF rules) or anonymous.

// mercurius builds its schema with graphql's CommonJS build; the ESM build's printSchema would
// refuse it as a schema of "another realm".
const { printSchema }: typeof import("graphql") = createRequire(import.meta.url)("graphql");

declare module "fastify" {
  interface FastifyRequest {
    apiActor: ApiTokenActor | null;
  }
}

const GRAPHQL_PATH = "/graphql";

const isGraphqlPath = (url: string) =>
  url.startsWith(GRAPHQL_PATH) && (url.length === GRAPHQL_PATH.length || url[GRAPHQL_PATH.length] === "?");

function refuse(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, number> = {},
) {
  const status = errorStatus(code);
  req.log.info({ api: { code, status } }, "api request refused");
  if (status === 401) reply.header("www-authenticate", 'Bearer realm="graphql", error="invalid_token"');
  if (code === "API_RATE_LIMITED") reply.header("retry-after", String(params.seconds ?? 60));
  reply.status(status).send({
    data: null,
    errors: [{ message: errorMessage(requestLanguage(req), code, params), extensions: { code } }],
  });
  return true;
}

export function installApiAccess(
  app: FastifyInstance,
  deps: ServiceDeps,
  config: Pick<Config, "API_RATE_LIMIT_PER_MINUTE">,
) {
  app.decorateRequest("apiActor", null);
  /** Whether it answered the request (a refusal). */
  const authenticate = async (req: FastifyRequest, reply: FastifyReply, header: string): Promise<boolean> => {
    const token = bearerToken(header);
    if (!token) return refuse(req, reply, "API_TOKEN_INVALID");
    let actor: ApiTokenActor;
    try {
      actor = await authenticateApiToken(deps.db, deps.clock, token);
    } catch (error) {
      if (isAppError(error)) return refuse(req, reply, error.code);
      throw error;
    }
    const rate = await consumeApiRequest(
      deps.db,
      deps.clock,
      actor.tokenId,
      config.API_RATE_LIMIT_PER_MINUTE,
    );
    reply.header("ratelimit-limit", String(rate.limit));
    reply.header("ratelimit-remaining", String(rate.remaining));
    reply.header("ratelimit-reset", String(rate.resetSeconds));
    if (!rate.allowed) return refuse(req, reply, "API_RATE_LIMITED", { seconds: rate.resetSeconds });
    req.apiActor = actor;
    return false;
  };
  // Synchronous for every request without a Bearer header for /graphql, i.e. nearly all of them.
  app.addHook("onRequest", (req, reply, done) => {
    const header = req.headers.authorization;
    if (header === undefined || !isGraphqlPath(req.url)) return done();
    // A refused request is answered: the hooks after this one must not run.
    authenticate(req, reply, header).then((answered) => {
      if (!answered) done();
    }, done);
  });

  // The live schema as SDL, for API customers' code generators (public: it is the published contract).
  app.get(`${GRAPHQL_PATH}/schema.graphql`, async (_req, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(`${printSchema(app.graphql.schema)}\n`),
  );
}

/** The request's actor: the API token's member when one was presented, else the session's. */
export function withApiTokenActor(resolve: (req: FastifyRequest) => Promise<Actor>) {
  return async (req: FastifyRequest): Promise<Actor> => req.apiActor ?? (await resolve(req));
}
