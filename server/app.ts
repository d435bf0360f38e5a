import { randomUUID } from "node:crypto";
import net from "node:net";
import fastifyCookie from "@fastify/cookie";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import type { Config } from "./config";
import type { Clock } from "./core/clock";
import type { ServiceDeps } from "./core/context";
import { installCsrfProtection } from "./core/csrf";
import { installControlCharacterCheck } from "./core/input-checks";
import { lazyRequestLogger, logOutput } from "./core/log-output";
import { safeLoggerOptions } from "./core/log-safety";
import { installObservability } from "./core/observability-http";
import { serviceContextFor } from "./core/request-context";
import { installSecurityHeaders } from "./core/security-headers";
import { SESSION_STANDING_CHANNEL, SessionCache } from "./core/session-cache";
import type { Database } from "./db/client";
import { NotifyListener } from "./db/notify-listener";
import { registerGraphql } from "./graphql/plugin";
import { msSinceLastWorker, WORKER_STALE_AFTER_MS } from "./jobs/heartbeat";
import { createJobQueue } from "./jobs/queue";
import { installApiAccess, withApiTokenActor } from "./modules/api/api.http";
import { storageRoutes } from "./modules/attachments/storage/storage.routes";
import { actorFromRequest, sessionAuthenticator } from "./modules/auth/authenticate";
import { ssoRoutes } from "./modules/auth/providers/sso.rest";
import { calendarFeedRoutes } from "./modules/calendar-feed/calendar-feed.rest";
import { inferenceRoutes } from "./modules/carriers/inference/inference.rest";
import { carrierSimulatorRoutes } from "./modules/carriers/simulator/simulator.routes";
import { CYBERPORT_SIMULATOR_PATH, cyberportSimulatorServed } from "./modules/cyberport/cyberport.config";
import { cyberportSimulatorRoutes } from "./modules/cyberport/simulator.routes";
import { pagesRoutes } from "./modules/help/pages.rest";
import { liveRoutes } from "./modules/live/live.rest";
import { loadNews } from "./modules/news/news.service";
import { unsubscribeRoutes } from "./modules/notifications/unsubscribe.rest";
import { inquiryRoutes, paymentWebhookRoutes } from "./modules/plans/plans.rest";
import { csvExportRoutes } from "./modules/shipments/csv/csv-export.rest";
import { csvSampleRoutes } from "./modules/shipments/csv/csv-samples.rest";
import { telemetryRoutes } from "./modules/telemetry/telemetry.rest";
import { authRoutes } from "./rest/auth.plugin";
import { frameworkErrorHandler, installRestErrorHandler } from "./rest/errors";
import { registerClient, registerCompression } from "./static";
import { trpcFastifyHandler } from "./trpc/fastify-handler";
import type { TrpcContext } from "./trpc/init";
import { type AppRouter, appRouter } from "./trpc/router";

export interface AppDeps {
  config: Config;
  db: Database;
  boss: PgBoss;
  clock: Clock;
  /** /readyz also requires a worker heartbeat younger than a minute (server/jobs/heartbeat.ts). */
  requireWorker?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Starts the drain before close: every answer from now on carries `Connection: close`, so
     * clients leave their kept-alive sockets cleanly after it, and /readyz says 503 so a load
     * balancer stops routing here. `app.close()` after a short grace then finds few idle sockets.
     */
    beginDrain(): void;
  }
}

/** /readyz answers within this, whatever the database does (a load balancer's probe is short). */
const READINESS_TIMEOUT_MS = 1500;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, ...safeLoggerOptions, ...logOutput(config) },
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only behind a proxy that overwrites X-Forwarded-For; otherwise clients could pick their own
    // address and slip past the per-IP rate limits.
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: frameworkErrorHandler,
    // On close, idle keep-alive sockets are closed at once instead of being reset at exit; requests
    // arriving during the drain get 503 (the default, kept explicit) and in-flight ones are
    // answered with `Connection: close` below.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });
  // First, so a request's span and timing cover every hook after it; adds nothing when both are off.
  installObservability(app, config, deps.boss);
  let draining = false;
  app.decorate("beginDrain", () => {
    draining = true;
    // Stop accepting connections but keep the open ones: net.Server's close, not http.Server's,
    // which would also close the idle kept-alive sockets a client may be writing to right now (and
    // a connection accepted a moment ago whose request has not arrived yet).
    if (app.server.listening) net.Server.prototype.close.call(app.server);
  });
  app.addHook("preClose", async () => {
    draining = true;
  });
  // GraphQL resolvers read the deployment's settings (APP_URL for links in e-mails) from the instance.
  app.decorate("appConfig", config);
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header("x-request-id", req.id);
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
  installSecurityHeaders(app, config);
  await registerCompression(app);

  const serviceDeps: ServiceDeps = {
    db: deps.db,
    jobs: createJobQueue(deps.boss),
    clock: deps.clock,
    log: app.log,
  };

  await app.register(fastifyCookie);
  installRestErrorHandler(app);
  installControlCharacterCheck(app);
  app.decorateRequest("auth", null);
  app.decorateRequest("signupDecoy", null);
  installCsrfProtection(app, config);
  // Validated sessions kept for reads, dropped on the database's announcements (core/session-cache).
  const sessionCache = new SessionCache();
  const standingListener = new NotifyListener({
    db: deps.db,
    channel: SESSION_STANDING_CHANNEL,
    handler: sessionCache,
    onError: (err) => app.log.warn({ err }, "session cache: not listening; sessions are read every time"),
  });
  sessionCache.attachFence(standingListener);
  app.addHook("onReady", () => standingListener.start());
  app.addHook("onClose", () => standingListener.stop());
  app.addHook(
    "onRequest",
    sessionAuthenticator({ db: deps.db, clock: deps.clock, config, cache: sessionCache }),
  );
  installApiAccess(app, serviceDeps, config);
  const resolveActor = withApiTokenActor(actorFromRequest);

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    if (draining) {
      return reply.status(503).send({ status: "not ready", checks: {}, reason: "shutting down" });
    }
    const checks: { database: boolean; jobs: boolean; workers?: boolean } = { database: false, jobs: false };
    if (deps.requireWorker) checks.workers = false;
    let reason: string | undefined;
    const probe = async () => {
      await deps.db.execute(sql`select 1`);
      checks.database = true;
      checks.jobs = await deps.boss.isInstalled();
      if (!checks.jobs) reason = "the job queue schema is not installed";
      if (deps.requireWorker) {
        const ago = await msSinceLastWorker(deps.db);
        checks.workers = ago !== null && ago < WORKER_STALE_AFTER_MS;
        if (!checks.workers) {
          reason =
            ago === null
              ? "no worker has been seen"
              : `no worker seen for ${Math.round(ago / 1000)} s (background work is stopped)`;
        }
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("readiness check timed out")), READINESS_TIMEOUT_MS);
    });
    try {
      await Promise.race([probe(), timeout]);
    } catch (err) {
      reason = checks.database ? "the job queue is unreachable" : "the database is unreachable";
      app.log.warn({ err }, "readiness check failed");
    } finally {
      clearTimeout(timer);
    }
    const ready = checks.database && checks.jobs && checks.workers !== false;
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? "ready" : "not ready", checks, ...(reason ? { reason } : {}) });
  });

  // A CSV bulk update (up to 10,000 lines) arrives base64 in a tRPC body, beyond Fastify's 1 MiB default.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/trpc/")) route.bodyLimit ??= 12 * 1024 * 1024;
  });
  await app.register(trpcFastifyHandler<AppRouter, TrpcContext>, {
    prefix: "/trpc",
    router: appRouter,
    createContext: async (req): Promise<TrpcContext> => ({
      req,
      config,
      service: await serviceContextFor(serviceDeps, req, resolveActor),
    }),
  });
  await registerGraphql(app, serviceDeps, resolveActor, undefined, {
    introspection: config.GRAPHQL_INTROSPECTION ?? config.NODE_ENV !== "production",
  });
  await app.register(authRoutes, { prefix: "/auth", deps: serviceDeps, config });
  await app.register(telemetryRoutes, { deps: serviceDeps, config });
  await app.register(pagesRoutes, { config });
  await app.register(ssoRoutes, { deps: serviceDeps, config });
  await app.register(inferenceRoutes, { deps: serviceDeps, config });
  await app.register(csvSampleRoutes, { deps: serviceDeps, config });
  await app.register(csvExportRoutes, { deps: serviceDeps, config });
  await app.register(storageRoutes, { config, clock: deps.clock });
  await app.register(unsubscribeRoutes, { deps: serviceDeps, config });
  await app.register(calendarFeedRoutes, { deps: serviceDeps, config });
  await app.register(liveRoutes, { deps: serviceDeps, config });
  await app.register(paymentWebhookRoutes, { deps: serviceDeps, config });
  await app.register(inquiryRoutes, { deps: serviceDeps, config });
  // The built-in carrier simulator: every line without CARRIER_<LINE>_URL is tracked through it.
  if (config.NODE_ENV !== "production" || config.CARRIER_SIMULATOR === true) {
    await app.register(carrierSimulatorRoutes, {
      prefix: "/sim/dcsa",
      clock: deps.clock,
      transientFailureRate: config.CARRIER_SIMULATOR_FAULT_RATE,
    });
  }
  // The built-in port-community simulator: the Cyberport import's endpoint unless CYBERPORT_API_URL is set.
  if (cyberportSimulatorServed(config)) {
    await app.register(cyberportSimulatorRoutes, { prefix: CYBERPORT_SIMULATOR_PATH, clock: deps.clock });
  }

  app.get("/news-list.json", async () => loadNews(config.NEWS_FILE));

  for (const from of ["/", "/app", "/app/", "/app/console/shipments", "/app/console/shipments/"]) {
    app.get(from, async (_req, reply) => reply.redirect("/app/console", 302));
  }

  await registerClient(app, config);
  return app;
}
