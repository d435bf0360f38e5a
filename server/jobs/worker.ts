import type { PgBoss } from "pg-boss";
import { type ServiceDeps, systemContext } from "../core/context";
import type { JobDefinition, JobRuntime, WorkerOptions } from "./define";

/** Idle polling without LISTEN/NOTIFY (pg-boss's own default). */
export const FALLBACK_POLLING_SECONDS = 2;
/** Idle polling while NOTIFY wakes workers: a backstop for delayed jobs (retries, startAfter). */
export const NOTIFY_POLLING_SECONDS = 60;

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
    burstWhenBatchFull: worker.burstWhenBatchFull ?? false,
  };
}

/** Creates each queue, registers its handler and its schedule. Returns the queue names worked. */
export async function startWorkers(
  boss: PgBoss,
  deps: ServiceDeps,
  definitions: readonly JobDefinition[],
  runtime: JobRuntime,
) {
  for (const def of definitions) {
    await ensureQueue(boss, def);
    const options = workerOptions(def, runtime);
    const handleBatch = def.handleBatch?.bind(def);
    if (handleBatch) {
      await boss.work(def.name, { ...options, perJobResults: true, includeMetadata: true }, async (jobs) => {
        const parsed = jobs.map((job) => ({ job, payload: def.payload.safeParse(job.data) }));
        const valid = parsed.flatMap(({ job, payload }) =>
          payload.success
            ? [{ id: job.id, data: payload.data, retryCount: job.retryCount, retryLimit: job.retryLimit }]
            : [],
        );
        const outcomes = valid.length
          ? await handleBatch(systemContext(deps, `job:${def.name}`), valid, runtime)
          : [];
        const invalid = parsed
          .filter(({ payload }) => !payload.success)
          .map(({ job }) => ({
            id: job.id,
            status: "failed" as const,
            output: { error: "invalid payload" },
          }));
        return [...outcomes, ...invalid];
      });
    } else {
      await boss.work(def.name, options, async (jobs) => {
        for (const job of jobs) {
          const payload = def.payload.parse(job.data);
          await def.handle(systemContext(deps, `job:${def.name}`), payload, runtime);
        }
      });
    }
    if (def.schedule) {
      await boss.schedule(def.name, def.schedule.cron, def.schedule.data as object, { tz: "UTC" });
    }
  }
  return definitions.map((d) => d.name);
}

/**
 * Creates the queue when missing. Every queue notifies: a job sent on it (in the sender's
 * transaction) wakes listening workers at commit, so they need not poll often. A queue created
 * before that gets the flag here.
 */
export async function ensureQueue(boss: PgBoss, def: JobDefinition): Promise<void> {
  const existing = await boss.getQueue(def.name);
  if (!existing) await boss.createQueue(def.name, { ...def.options, notify: true });
  else if (!existing.notify) await boss.updateQueue(def.name, { notify: true });
}
