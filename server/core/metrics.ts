import client from "prom-client";

// The operator's metrics (Prometheus, prom-client). One registry per process, shared by the web
// surfaces and the worker; every label is a bounded name (a route pattern, a procedure path, a
// queue, a shipping line, an outcome), never an id, a token or a raw URL
// (docs/decisions/0088-metrics-and-traces.md).

export const registry = new client.Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export const httpRequests = new client.Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Time from receiving an HTTP request to answering it, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const trpcDuration = new client.Histogram({
  name: "trpc_procedure_duration_seconds",
  help: "Time a console (tRPC) procedure took, by procedure path, type and outcome (ok, error).",
  labelNames: ["procedure", "type", "outcome"] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const graphqlDuration = new client.Histogram({
  name: "graphql_operation_duration_seconds",
  help: "Time a GraphQL operation took to execute, by root field, operation type and outcome (ok, error).",
  labelNames: ["field", "type", "outcome"] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: "job_duration_seconds",
  help: "Time a worker took to run a fetched batch of a queue's jobs (one job unless the queue batches).",
  labelNames: ["queue"] as const,
  buckets: JOB_SECONDS,
  registers: [registry],
});

export const jobsHandled = new client.Counter({
  name: "jobs_total",
  help: "Jobs a worker ran, by queue and outcome (completed, failed, deadletter).",
  labelNames: ["queue", "outcome"] as const,
  registers: [registry],
});

export const refreshOutcomes = new client.Counter({
  name: "tracking_refreshes_total",
  help: "Carrier refreshes by shipping line and outcome (succeeded, failed, retrying); kind is the failure kind.",
  labelNames: ["line", "outcome", "kind"] as const,
  registers: [registry],
});

export const mailDeliveryOutcomes = new client.Counter({
  name: "mail_deliveries_total",
  help: "E-mail delivery attempts by outcome (sent over SMTP, kept in the development outbox, failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const webhookDeliveryOutcomes = new client.Counter({
  name: "webhook_deliveries_total",
  help: "Webhook delivery attempts by outcome (delivered, retrying, failed, gone, skipped, waiting, error).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const dbQueriesInFlight = new client.Gauge({
  name: "db_queries_in_flight",
  help: "Database statements sent and not yet answered (each holds one pool connection).",
  registers: [registry],
});

export const dbPoolMax = new client.Gauge({
  name: "db_pool_max_connections",
  help: "The most connections the process's Postgres pool opens.",
  registers: [registry],
});

export const sessionCacheReads = new client.Counter({
  name: "session_cache_reads_total",
  help: "Read requests' session lookups in the session cache (core/session-cache): hit, miss, or unproven (the fence failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const dbListenerFences = new client.Counter({
  name: "db_listener_fences_total",
  help: "Round trips on the LISTEN connection that prove every earlier notification was heard (shared by the reads waiting on them).",
  registers: [registry],
});

/** What the queue-depth gauge reads at scrape time: pg-boss's own per-queue counts. */
export type QueueDepthSource = () => Promise<
  readonly { name: string; queued: number; active: number; deferred: number }[]
>;
let queueDepthSource: QueueDepthSource | null = null;

/** Set once per process by whoever holds pg-boss (the web app or the worker's listener). */
export function setQueueDepthSource(source: QueueDepthSource | null): void {
  queueDepthSource = source;
}

new client.Gauge({
  name: "job_queue_depth",
  help: "Jobs in each queue by state (queued, active, deferred), read from pg-boss at scrape time.",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  // One statement per scrape, never per request or per job.
  async collect() {
    this.reset();
    if (!queueDepthSource) return;
    for (const q of await queueDepthSource()) {
      this.set({ queue: q.name, state: "queued" }, q.queued);
      this.set({ queue: q.name, state: "active" }, q.active);
      this.set({ queue: q.name, state: "deferred" }, q.deferred);
    }
  },
});

let defaultsCollected = false;
/** Process metrics (CPU, memory, GC, event-loop lag), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: registry });
}

/** Counts a batch's outcomes and observes how long it took (server/jobs/worker.ts). */
export async function observeJobBatch<T extends { status: string }>(
  queue: string,
  jobs: number,
  run: () => Promise<T[]>,
): Promise<T[]> {
  const end = jobDuration.startTimer({ queue });
  try {
    const outcomes = await run();
    for (const o of outcomes) jobsHandled.inc({ queue, outcome: o.status });
    return outcomes;
  } catch (err) {
    // A batch that throws fails each of its jobs (pg-boss retries them one by one).
    jobsHandled.inc({ queue, outcome: "failed" }, jobs);
    throw err;
  } finally {
    end();
  }
}

export const metricsContentType = registry.contentType;
