import type { PgBoss } from "pg-boss";
import type { z } from "zod";
import { type ServiceDeps, systemContext } from "../core/context";
import { scrubError } from "../core/log-safety";
import { jobsHandled, observeJobBatch } from "../core/metrics";
import { inJobSpan } from "../core/tracing";
import {
  type BatchJob,
  type BatchOutcome,
  DEFAULT_JOB_TIMING,
  JOB_HEARTBEAT_SECONDS,
  type JobDefinition,
  type JobParts,
  type JobTiming,
  missingParts,
  partsFor,
  type RuntimePart,
  type WorkerOptions,
  type WorkerRuntime,
} from "./define";
import { startWaker } from "./wakeup";

/** Idle polling without LISTEN/NOTIFY (pg-boss's own default). */
export const FALLBACK_POLLING_SECONDS = 2;
/**
 * Idle polling while NOTIFY wakes workers: a backstop only. Runnable and due jobs wake their workers
 * through the process's due scan (jobs/wakeup.ts), so this can be rare.
 */
export const NOTIFY_POLLING_SECONDS = 300;

/** How the worker pulls a definition's queue: its own settings over the defaults. */
export function workerOptions(def: JobDefinition, parts: JobParts<RuntimePart>): Required<WorkerOptions> {
  const worker = typeof def.worker === "function" ? def.worker(parts) : (def.worker ?? {});
  const pollingIntervalSeconds = worker.pollingIntervalSeconds ?? FALLBACK_POLLING_SECONDS;
  return {
    batchSize: worker.batchSize ?? 1,
    localConcurrency: worker.localConcurrency ?? 1,
    pollingIntervalSeconds,
    notifyPollingIntervalSeconds: Math.max(
      worker.notifyPollingIntervalSeconds ?? NOTIFY_POLLING_SECONDS,
      pollingIntervalSeconds,
    ),
    burstWhenBatchFull: worker.burstWhenBatchFull ?? true,
  };
}

type HandleBatch = (jobs: BatchJob<unknown>[]) => Promise<BatchOutcome[]>;

/**
 * The definition's handler over a fetched batch, settling each job by its own outcome. A
 * definition without handleBatch runs its jobs side by side, so one failing job fails (and
 * retries) only itself and a batch takes as long as its slowest job, not the sum.
 */
function batchHandler(def: JobDefinition, deps: ServiceDeps, parts: JobParts<RuntimePart>): HandleBatch {
  const ctx = () => systemContext(deps, `job:${def.name}`);
  if (def.handleBatch) return (jobs) => def.handleBatch?.(ctx(), jobs, parts) ?? Promise.resolve([]);
  return (jobs) =>
    Promise.all(
      jobs.map(async (job): Promise<BatchOutcome> => {
        try {
          await def.handle(ctx(), job.data, parts);
          return { id: job.id, status: "completed" };
        } catch (err) {
          deps.log.warn(
            { err, queue: def.name, jobId: job.id },
            "job failed; pg-boss retries it while retries remain",
          );
          return {
            id: job.id,
            status: "failed",
            // Kept with the job in the database: the query's text but not its parameters.
            output: { message: (scrubError(err) as Error).message ?? String(err) },
          };
        }
      }),
    );
}

/**
 * Creates each queue, registers its handler and its schedule, and starts the process's waker
 * (due jobs, lost workers' jobs). Returns the queue names worked.
 *
 * Each local worker of a queue is registered on its own so it can be woken: after a full batch
 * (more is likely waiting) every worker of the queue fetches again at once instead of waiting for
 * the poll, so a backlog drains as fast as the handlers go.
 */
export async function startWorkers(
  boss: PgBoss,
  deps: ServiceDeps,
  definitions: readonly JobDefinition[],
  runtime: WorkerRuntime,
  timing: JobTiming = DEFAULT_JOB_TIMING,
) {
  const missing = missingParts(definitions, runtime);
  if (missing.length) {
    throw new Error(
      `the worker cannot start: its runtime lacks parts its jobs need (${missing.join("; ")}); build it with createJobRuntime`,
    );
  }
  const wakers = new Map<string, () => void>();
  for (const def of definitions) {
    await ensureQueue(boss, def);
    const parts = partsFor(def, runtime);
    const options = workerOptions(def, parts);
    const handle = batchHandler(def, deps, parts);
    const ids: string[] = [];
    const wake = () => {
      for (const id of ids) boss.notifyWorker(id);
    };
    const work = {
      batchSize: options.batchSize,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: options.notifyPollingIntervalSeconds,
      burstWhenBatchFull: options.burstWhenBatchFull,
      heartbeatRefreshSeconds: timing.heartbeatRefreshSeconds,
      localConcurrency: 1,
      perJobResults: true,
      includeMetadata: true,
    } as const;
    for (let slot = 0; slot < options.localConcurrency; slot++) {
      const id = await boss.work(def.name, work, async (jobs) => {
        const parsed = jobs.map((job) => ({ job, payload: def.payload.safeParse(job.data) }));
        const valid = parsed.flatMap(({ job, payload }) =>
          payload.success
            ? [{ id: job.id, data: payload.data, retryCount: job.retryCount, retryLimit: job.retryLimit }]
            : [],
        );
        // Timed and counted per queue; traced as the continuation of the enqueuing request's trace.
        const outcomes = valid.length
          ? await observeJobBatch(def.name, valid.length, () =>
              inJobSpan(def.name, jobs, () => handle(valid)),
            )
          : [];
        // A payload the schema refuses fails the same way every time: it is failed for good
        // (pg-boss's "deadletter" skips the retries that remain) rather than retried.
        const invalid = parsed.flatMap(({ job, payload }) => {
          if (payload.success) return [];
          const reason = invalidPayloadReason(payload.error);
          deps.log.warn(
            { queue: def.name, jobId: job.id, reason },
            "job payload invalid; failed without retry",
          );
          return [
            { id: job.id, status: "deadletter" as const, output: { error: "invalid payload", reason } },
          ];
        });
        if (invalid.length > 0) jobsHandled.inc({ queue: def.name, outcome: "deadletter" }, invalid.length);
        if (jobs.length >= options.batchSize && options.burstWhenBatchFull) wake();
        return [...outcomes, ...invalid];
      });
      ids.push(id);
    }
    wakers.set(def.name, wake);
    if (def.schedule) {
      await boss.schedule(def.name, def.schedule.cron, def.schedule.data as object, { tz: "UTC" });
    }
  }
  startWaker(boss, wakers, timing, deps.log);
  return definitions.map((d) => d.name);
}

/**
 * Where and why a payload was refused, without its values (a payload may hold an e-mail address):
 * the path and zod's issue code of each problem.
 */
export function invalidPayloadReason(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(payload)"}: ${issue.code}`)
    .join("; ");
}

/**
 * Creates the queue when missing. Every queue notifies: a job sent on it (in the sender's
 * transaction) wakes listening workers at commit, so they need not poll often. Every queue's jobs
 * carry a heartbeat, so a job whose worker died is noticed in seconds (jobs/reclaim.ts) rather
 * than at its expiry. A queue created before either gets them here.
 */
export async function ensureQueue(boss: PgBoss, def: Pick<JobDefinition, "name" | "options">): Promise<void> {
  const heartbeatSeconds = def.options?.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS;
  const existing = await boss.getQueue(def.name);
  if (!existing) await boss.createQueue(def.name, { ...def.options, heartbeatSeconds, notify: true });
  else if (!existing.notify || existing.heartbeatSeconds !== heartbeatSeconds)
    await boss.updateQueue(def.name, { notify: true, heartbeatSeconds });
}
