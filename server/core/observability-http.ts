import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PgBoss } from "pg-boss";
import type { Config } from "../config";
import { observeQueries } from "../db/observe";
import {
  collectProcessMetrics,
  httpDuration,
  httpRequests,
  metricsContentType,
  registry,
  setQueueDepthSource,
} from "./metrics";
import { tracer, tracingEnabled } from "./tracing";

// GET /metrics and the per-request hooks of metrics and traces (docs/decisions/0088-metrics-and-traces.md).

/** Who may read /metrics: nobody (404), anyone (development), or holders of the token. */
export type MetricsAccess = { kind: "off" } | { kind: "open" } | { kind: "token"; digest: Buffer };

const digest = (value: string) => createHash("sha256").update(value).digest();

export function metricsAccess(
  config: Pick<Config, "METRICS_ENABLED" | "METRICS_TOKEN" | "NODE_ENV">,
): MetricsAccess {
  if (config.METRICS_ENABLED === false) return { kind: "off" };
  if (config.METRICS_TOKEN) return { kind: "token", digest: digest(config.METRICS_TOKEN) };
  return config.NODE_ENV === "production" ? { kind: "off" } : { kind: "open" };
}

/** Both sides hashed first, so the comparison takes the same time whatever the length or content given. */
function authorized(access: MetricsAccess, header: string | undefined): boolean {
  if (access.kind === "open") return true;
  if (access.kind !== "token") return false;
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), access.digest);
}

/** pg-boss's per-queue counts, read once per scrape. */
function queueDepthFrom(boss: PgBoss) {
  return async () =>
    (await boss.getQueues()).map((q) => ({
      name: q.name,
      queued: q.queuedCount ?? 0,
      active: q.activeCount ?? 0,
      deferred: q.deferredCount ?? 0,
    }));
}

function prepareMetrics(boss: PgBoss): void {
  collectProcessMetrics();
  observeQueries({ inFlight: true });
  setQueueDepthSource(queueDepthFrom(boss));
}

type Observed = { inc(): void; observe(seconds: number): void };

/**
 * The request hooks: the server span (when tracing) and the per-route counters (when metrics are
 * on). Installed before any other hook so the span covers authentication too. With both off, no
 * hook is added at all.
 */
export function installObservability(app: FastifyInstance, config: Config, boss: PgBoss): void {
  const access = metricsAccess(config);
  if (tracingEnabled()) installServerSpans(app);
  if (access.kind === "off") return;
  prepareMetrics(boss);
  // One child pair per (method, route pattern, status), resolved once; a request costs a map look-up.
  const children = new Map<string, Observed>();
  app.addHook("onResponse", (req, reply, done) => {
    const route = req.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    const key = `${req.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: req.method, route, status: String(status) };
      const counter = httpRequests.labels(labels);
      const histogram = httpDuration.labels(labels);
      child = { inc: () => counter.inc(), observe: (s) => histogram.observe(s) };
      children.set(key, child);
    }
    child.inc();
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", async (req, reply) => {
    if (!authorized(access, req.headers.authorization)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ status: "unauthorized" });
    }
    return reply
      .header("content-type", metricsContentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}

const SPAN = Symbol("otel.span");
const CONTEXT = Symbol("otel.context");
type Traced = FastifyRequest & { [SPAN]?: Span; [CONTEXT]?: Context };

function installServerSpans(app: FastifyInstance): void {
  app.addHook("onRequest", (req: Traced, _reply, done) => {
    const route = req.routeOptions.url ?? "unmatched";
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    // The route pattern, never the URL: paths can carry share tokens and feed secrets.
    const span = tracer().startSpan(
      `${req.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method, "http.route": route } },
      parent,
    );
    const active = trace.setSpan(parent, span);
    req[SPAN] = span;
    req[CONTEXT] = active;
    context.with(active, done);
  });
  // The body arrives on the socket's events, outside the request's context: enter it again before
  // the handler so the service and SQL spans nest under the server span.
  app.addHook("preHandler", (req: Traced, _reply, done) => {
    const active = req[CONTEXT];
    if (active) context.with(active, done);
    else done();
  });
  app.addHook("onResponse", (req: Traced, reply: FastifyReply, done) => {
    const span = req[SPAN];
    if (span) {
      span.setAttribute("http.response.status_code", reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/**
 * A worker-only process has no web server: its metrics (jobs, refreshes, deliveries) are served by
 * this small listener on METRICS_PORT, with the same access rule as the web's /metrics.
 */
export async function startMetricsListener(config: Config, boss: PgBoss): Promise<http.Server | null> {
  const access = metricsAccess(config);
  if (access.kind === "off" || !config.METRICS_PORT) return null;
  prepareMetrics(boss);
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    if (!authorized(access, req.headers.authorization)) {
      res.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"' }).end();
      return;
    }
    registry.metrics().then(
      (text) =>
        res.writeHead(200, { "content-type": metricsContentType, "cache-control": "no-store" }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(config.METRICS_PORT, config.HOST, resolve));
  return server;
}
