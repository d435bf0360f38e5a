import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../core/clock";
import { APP_ID_HEADER, BOOKINGS_SCOPE, CYBERPORT_PATHS, USER_TOKEN_HEADER } from "./cyberport.protocol";
import { SIMULATOR_BOOKINGS, SIMULATOR_CREDENTIALS, SIMULATOR_PAGE_SIZE } from "./simulator.data";

// The port-community API as a server (mounted at /sim/cyberport outside production), so the demo
// and the tests import over HTTP through the same adapter a real endpoint gets. Stateless like the
// rest of the product: tokens are HMAC-signed claims checked against the shared clock.

export interface CyberportSimulatorOptions {
  clock: Clock;
}

const TOKEN_TTL_SECONDS = 900;
// Signs simulator tokens only; they open nothing but the simulator's demo data.
const TOKEN_KEY = "tracking cyberport simulator tokens";

type Claims = { kind: "app" | "user"; sub: string; appId: string; exp: number };

function sign(payload: string): string {
  return createHmac("sha256", TOKEN_KEY).update(payload).digest("base64url");
}

function issueToken(claims: Claims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

function readToken(token: string | undefined, kind: Claims["kind"], nowMs: number): Claims | null {
  const [payload, signature] = (token ?? "").split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
    return claims.kind === kind && claims.exp * 1000 > nowMs ? claims : null;
  } catch {
    return null;
  }
}

/** Compares without leaking through timing how much of a secret matched. */
function same(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = createHmac("sha256", TOKEN_KEY).update(given).digest();
  const b = createHmac("sha256", TOKEN_KEY).update(expected).digest();
  return timingSafeEqual(a, b);
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

const bearer = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
};

function oauthError(reply: FastifyReply, status: number, error: string) {
  return reply.status(status).header("cache-control", "no-store").send({ error });
}

export async function cyberportSimulatorRoutes(app: FastifyInstance, options: CyberportSimulatorOptions) {
  const now = () => options.clock.now().getTime();
  const expiry = () => Math.floor(now() / 1000) + TOKEN_TTL_SECONDS;

  // OAuth 2.0 token requests are form-encoded (RFC 6749 §4.4.2); this parser is scoped to the simulator.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post<{ Body: Record<string, string> | undefined }>(CYBERPORT_PATHS.token, async (req, reply) => {
    const client = basicCredentials(req.headers.authorization);
    if (req.body?.grant_type !== "client_credentials")
      return oauthError(reply, 400, "unsupported_grant_type");
    if (
      !client ||
      !same(client.id, SIMULATOR_CREDENTIALS.clientId) ||
      !same(client.secret, SIMULATOR_CREDENTIALS.clientSecret)
    ) {
      return oauthError(reply, 401, "invalid_client");
    }
    if (!same(header(req, APP_ID_HEADER), SIMULATOR_CREDENTIALS.appId))
      return oauthError(reply, 403, "unknown_app");
    const scope = req.body.scope ?? BOOKINGS_SCOPE;
    if (scope !== BOOKINGS_SCOPE) return oauthError(reply, 400, "invalid_scope");
    const token = issueToken({
      kind: "app",
      sub: client.id,
      appId: SIMULATOR_CREDENTIALS.appId,
      exp: expiry(),
    });
    return reply
      .header("cache-control", "no-store")
      .send({ access_token: token, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS, scope });
  });

  app.post<{ Body: { username?: unknown; password?: unknown } | undefined }>(
    CYBERPORT_PATHS.login,
    async (req, reply) => {
      const appClaims = readToken(bearer(req), "app", now());
      if (!appClaims || header(req, APP_ID_HEADER) !== appClaims.appId)
        return oauthError(reply, 401, "invalid_token");
      if (
        !same(req.body?.username, SIMULATOR_CREDENTIALS.loginUsername) ||
        !same(req.body?.password, SIMULATOR_CREDENTIALS.loginPassword)
      ) {
        return oauthError(reply, 401, "invalid_login");
      }
      const userToken = issueToken({
        kind: "user",
        sub: SIMULATOR_CREDENTIALS.loginUsername,
        appId: appClaims.appId,
        exp: expiry(),
      });
      return reply.header("cache-control", "no-store").send({ userToken, expiresIn: TOKEN_TTL_SECONDS });
    },
  );

  app.get<{ Querystring: { cursor?: string } }>(CYBERPORT_PATHS.bookings, async (req, reply) => {
    const appClaims = readToken(bearer(req), "app", now());
    const userClaims = readToken(header(req, USER_TOKEN_HEADER), "user", now());
    if (!appClaims || !userClaims || userClaims.appId !== appClaims.appId)
      return oauthError(reply, 401, "invalid_token");
    const offset = req.query.cursor ? Number(Buffer.from(req.query.cursor, "base64url").toString("utf8")) : 0;
    if (!Number.isInteger(offset) || offset < 0 || offset > SIMULATOR_BOOKINGS.length)
      return oauthError(reply, 400, "invalid_cursor");
    const end = offset + SIMULATOR_PAGE_SIZE;
    const nextCursor =
      end < SIMULATOR_BOOKINGS.length ? Buffer.from(String(end)).toString("base64url") : null;
    return reply.send({ bookings: SIMULATOR_BOOKINGS.slice(offset, end), nextCursor });
  });
}
