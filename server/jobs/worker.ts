import type { PgBoss } from "pg-boss";
import { type ServiceDeps, systemContext } from "../core/context";
import type { JobDefinition, JobRuntime } from "./define";

/** Creates each queue, registers its handler and its schedule. Returns the queue names worked. */
export async function startWorkers(
  boss: PgBoss,
  deps: ServiceDeps,
  definitions: readonly JobDefinition[],
  runtime: JobRuntime,
) {
  for (const def of definitions) {
    await ensureQueue(boss, def);
    const worker = typeof def.worker === "function" ? def.worker(runtime) : (def.worker ?? {});
    const options = {
      batchSize: worker.batchSize ?? 1,
      localConcurrency: worker.localConcurrency ?? 1,
      pollingIntervalSeconds: worker.pollingIntervalSeconds ?? 2,
      burstWhenBatchFull: worker.burstWhenBatchFull ?? false,
    };
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

export async function ensureQueue(boss: PgBoss, def: JobDefinition): Promise<void> {
  const existing = await boss.getQueue(def.name);
  if (!existing) await boss.createQueue(def.name, def.options ?? {});
}
