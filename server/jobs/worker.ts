import type { PgBoss } from "pg-boss";
import { type ServiceDeps, systemContext } from "../core/context";
import { scrubError } from "../core/log-safety";
import {
  type BatchJob,
  type BatchOutcome,
  DEFAULT_JOB_TIMING,
  JOB_HEARTBEAT_SECONDS,
  type JobDefinition,
  type JobRuntime,
  type JobTiming,
  type WorkerOptions,
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
export function workerOptions(def: JobDefinition, runtime: JobRuntime): Required<WorkerOptions> {
  const worker = typeof def.worker === "function" ? def.worker(runtime) : (def.worker ?? {});
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
function batchHandler(def: JobDefinition, deps: ServiceDeps, runtime: JobRuntime): HandleBatch {
  const ctx = () => systemContext(deps, `job:${def.name}`);
  if (def.handleBatch) return (jobs) => def.handleBatch?.(ctx(), jobs, runtime) ?? Promise.resolve([]);
  return (jobs) =>
    Promise.all(
      jobs.map(async (job): Promise<BatchOutcome> => {
        try {
          await def.handle(ctx(), job.data, runtime);
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
  runtime: JobRuntime,
  timing: JobTiming = DEFAULT_JOB_TIMING,
) {
  const wakers = new Map<string, () => void>();
  for (const def of definitions) {
    await ensureQueue(boss, def);
    const options = workerOptions(def, runtime);
    const handle = batchHandler(def, deps, runtime);
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
        const outcomes = valid.length ? await handle(valid) : [];
        const invalid = parsed
          .filter(({ payload }) => !payload.success)
          .map(({ job }) => ({
            id: job.id,
            status: "failed" as const,
            output: { error: "invalid payload" },
          }));
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
 * Creates the queue when missing. Every queue notifies: a job sent on it (in the sender's
 * transaction) wakes listening workers at commit, so they need not poll often. Every queue's jobs
 * carry a heartbeat, so a job whose worker died is noticed in seconds (jobs/reclaim.ts) rather
 * than at its expiry. A queue created before either gets them here.
 */
export async function ensureQueue(boss: PgBoss, def: JobDefinition): Promise<void> {
  const heartbeatSeconds = def.options?.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS;
  const existing = await boss.getQueue(def.name);
  if (!existing) await boss.createQueue(def.name, { ...def.options, heartbeatSeconds, notify: true });
  else if (!existing.notify || existing.heartbeatSeconds !== heartbeatSeconds)
    await boss.updateQueue(def.name, { notify: true, heartbeatSeconds });
}
