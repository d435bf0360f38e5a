import pino from "pino";
import { demoSignInBanner, seedDemoIfEmpty } from "../scripts/demo-seed";
import { buildApp } from "./app";
import { envSnapshot, loadConfig } from "./config";
import { systemClock } from "./core/clock";
import { exitOnUnexpectedErrors } from "./core/fatal-exit";
import { logOutput } from "./core/log-output";
import { safeLoggerOptions } from "./core/log-safety";
import { startMetricsListener } from "./core/observability-http";
import { startTracing } from "./core/tracing";
import { createDb } from "./db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { startBoss } from "./jobs/boss";
import type { Heartbeat } from "./jobs/heartbeat";
import { createJobQueue } from "./jobs/queue";
import { jobDefinitions } from "./jobs/registry";
import { ensureQueue, startWorkers } from "./jobs/worker";

/** Between SIGTERM and closing the listener: answers carry `Connection: close`, /readyz says 503. */
const DRAIN_GRACE_MS = 1_000;

// Starts the web server, the job worker, or both (ROLE or the first argument: web | worker | all).
async function main() {
  const roleArg = process.argv[2];
  const config = loadConfig(
    process.env,
    roleArg === "web" || roleArg === "worker" || roleArg === "all" ? { ROLE: roleArg } : {},
  );
  const log = pino({ level: config.LOG_LEVEL, ...safeLoggerOptions, ...logOutput(config) });
  const runsWeb = config.ROLE !== "worker";
  const runsWorker = config.ROLE !== "web";
  exitOnUnexpectedErrors(log);
  // Before anything runs a request or a job, so every span has a provider; loads nothing when off.
  const tracing = await startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
  });
  if (tracing) log.info("Tracing on: spans go to the OTLP endpoint");

  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      database: "tracking",
      log: { info: (m) => log.info(m), warn: (m) => log.warn(m), debug: (m) => log.debug(m) },
    });
    url = embedded.url;
    log.info(`Embedded Postgres ready on 127.0.0.1:${config.EMBEDDED_PG_PORT} (data in ${config.DATA_DIR})`);
  }

  await runMigrations(url);
  const dbh = createDb(url);
  const boss = await startBoss(url, log, { worker: runsWorker });
  for (const def of jobDefinitions) await ensureQueue(boss, def);
  const deps = { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log };

  let ais: { stop(): Promise<void> } | undefined;
  let heartbeat: Heartbeat | undefined;
  if (runsWorker) {
    // Loaded only here: the web role never uses the job adapters (SMTP, carrier clients) or the AIS feed.
    const { createJobRuntime } = await import("./jobs/runtime");
    const { startHeartbeat } = await import("./jobs/heartbeat");
    const { aisFeedConfig, hasAisFeeds } = await import("./modules/ais/ais.config");
    const runtime = createJobRuntime(config, log);
    const names = await startWorkers(boss, deps, jobDefinitions, runtime);
    log.info(`Worker running ${names.length} queues`);
    heartbeat = await startHeartbeat(dbh.db, { role: config.ROLE, log });
    // Real NMEA 0183 feeds, when configured (AIS_NMEA_TCP / AIS_NMEA_UDP_PORT). Run them on one
    // worker only: each running worker would open its own feed connection.
    const feeds = aisFeedConfig(envSnapshot());
    if (hasAisFeeds(feeds)) {
      const { startAisIngest } = await import("./modules/ais/ingest/ais.ingest");
      const { portCoordinates } = await import("./modules/tracking/tracking.internal");
      ais = await startAisIngest(deps, feeds, { portCoordinates });
      log.info("AIS feed ingest running");
    }
  }

  const seedDemo = config.SEED_DEMO ?? config.NODE_ENV !== "production";
  const seeded = seedDemo ? await seedDemoIfEmpty(dbh.db, systemClock) : null;
  if (seeded) log.info("Demo company created");

  const app = runsWeb
    ? await buildApp({
        config,
        db: dbh.db,
        boss,
        clock: systemClock,
        requireWorker: config.READYZ_REQUIRE_WORKER ?? true,
      })
    : undefined;
  // A worker-only process serves its metrics on METRICS_PORT (the web's /metrics serves both in one process).
  const metricsListener = runsWeb ? null : await startMetricsListener(config, boss);
  if (metricsListener) log.info(`Worker metrics on port ${config.METRICS_PORT}`);
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    log.info(`Console on ${config.APP_URL}/app/console`);
  }
  if (seeded) {
    // Plain text on stdout after the server is up, so it is the last thing a first run prints
    // rather than a field inside a JSON line.
    process.stdout.write(`${demoSignInBanner(config.APP_URL, seeded)}\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      if (app) {
        // Clients leave their kept-alive sockets after one more answer; closing at once would
        // reset the sockets they were about to send on.
        app.beginDrain();
        await new Promise((r) => setTimeout(r, DRAIN_GRACE_MS));
      }
      await app?.close();
      metricsListener?.close();
      await ais?.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      await heartbeat?.stop().catch((err) => log.warn({ err }, "could not remove the worker heartbeat"));
      await dbh.close();
      await embedded?.stop();
      await tracing?.shutdown();
      log.info("Stopped cleanly");
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // Launched by `npm start`: if the launching process dies without a signal (kill -9), stop too
  // rather than linger holding the port and the database.
  const parent = process.ppid;
  if (process.env.npm_lifecycle_event) {
    setInterval(() => {
      if (process.ppid !== parent) void shutdown("parent exited");
    }, 1000).unref();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
