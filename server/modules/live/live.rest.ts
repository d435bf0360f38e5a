import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/app-error";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { LiveHub } from "./live.hub";
import { resolveLiveScope } from "./live.service";
import { rescopeSession } from "./live.session";

/** The console's live schedule updates (server-sent events). */
export const LIVE_EVENTS_PATH = "/live/events";

const hubs = new WeakMap<Server, LiveHub>();

/** The hub of an app (tests drive its background checks directly). */
export function liveHubOf(app: FastifyInstance): LiveHub | undefined {
  return hubs.get(app.server);
}

/** A Last-Event-ID the browser sends back: one of our ids, else none. */
function lastEventIdOf(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * GET /live/events: one stream per open console, authorized by the session cookie (same origin; an
 * EventSource sends it), refused without one. The stream carries ids only; the page refetches
 * through its ordinary, authorized queries.
 */
export async function liveRoutes(app: FastifyInstance, options: RestRouteOptions) {
  const hub = new LiveHub({
    db: options.deps.db,
    clock: options.deps.clock,
    log: options.deps.log,
    rescope: (scope) => rescopeSession(options.deps, scope),
  });
  hubs.set(app.server, hub);
  app.addHook("onReady", () => hub.start());
  // Open streams are never idle: they end before the server closes, or closing would wait on them.
  app.addHook("preClose", () => hub.stop());

  app.get(LIVE_EVENTS_PATH, async (req, reply) => {
    const ctx = await restContext(options, req);
    const scope = await resolveLiveScope(ctx);
    if (!hub.canOpen(scope.userId)) throw new AppError("LIVE_STREAMS_LIMITED");
    const lastEventId = lastEventIdOf(req.headers["last-event-id"]);
    reply.hijack();
    const out = reply.raw;
    // Hijacked: Fastify's onSend hooks do not run, so the headers set so far (security headers, a
    // refreshed session cookie) are written here with the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) out.setHeader(name, value);
    }
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    });
    out.socket?.setNoDelay(true);
    out.socket?.setTimeout(0);
    await hub.open(scope, out, lastEventId);
  });
}
