import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TestClock } from "../../server/core/clock";
import { createSession } from "../../server/modules/auth/session.internal";
import { buildWorld, NOW, type World } from "../authz/world";
import { APP_ORIGIN } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";

// Requests to every surface as the console and API clients send them: a session cookie with the
// console's Origin for a signed-in caller, nothing for an anonymous one.

export interface Caller {
  name: string;
  /** The cookie header, or null for an anonymous caller. */
  cookie: string | null;
}

export async function surfaceWorld(): Promise<{
  t: TestApp;
  world: World;
  admin: Caller;
  anonymous: Caller;
}> {
  const clock = new TestClock(NOW);
  const t = await createTestApp({ clock });
  const world = await buildWorld(t.database.db);
  const { token } = await createSession(t.database.db, clock, world.roles.ADMIN.id);
  return {
    t,
    world,
    admin: { name: "admin", cookie: `session=${token}` },
    anonymous: { name: "anonymous", cookie: null },
  };
}

export function send(
  app: FastifyInstance,
  caller: Caller,
  request: {
    method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS";
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    lang?: "en" | "ja";
    /** A stream that stays open (server-sent events): answer once the headers are written, then hang up. */
    stream?: boolean;
  },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (caller.cookie) {
    headers.cookie = caller.cookie;
    headers.origin = APP_ORIGIN;
  }
  if (request.lang) headers["x-lang"] = request.lang;
  if (request.stream) {
    const hangUp = new AbortController();
    return app
      .inject({
        method: request.method,
        url: request.url,
        headers,
        payloadAsStream: true,
        signal: hangUp.signal,
      })
      .then((res) => {
        res.stream().on("error", () => {});
        hangUp.abort();
        return res;
      });
  }
  return app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload as string | object }),
  });
}

/** A tRPC call over HTTP as the console's client makes it. */
export function trpc(
  app: FastifyInstance,
  caller: Caller,
  type: "query" | "mutation",
  path: string,
  input: unknown,
  lang?: "en" | "ja",
) {
  if (type === "query") {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return send(app, caller, { method: "GET", url: `/trpc/${path}${qs}`, lang });
  }
  return send(app, caller, {
    method: "POST",
    url: `/trpc/${path}`,
    payload: input === undefined ? "" : JSON.stringify(input),
    headers: { "content-type": "application/json" },
    lang,
  });
}

export function graphql(app: FastifyInstance, caller: Caller, body: unknown, lang?: "en" | "ja") {
  return send(app, caller, {
    method: "POST",
    url: "/graphql",
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    lang,
  });
}
