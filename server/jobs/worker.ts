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
    await boss.work(
      def.name,
      {
        batchSize: def.worker?.batchSize ?? 1,
        localConcurrency: def.worker?.localConcurrency ?? 1,
        pollingIntervalSeconds: def.worker?.pollingIntervalSeconds ?? 2,
      },
      async (jobs) => {
        for (const job of jobs) {
          const payload = def.payload.parse(job.data);
          await def.handle(systemContext(deps, `job:${def.name}`), payload, runtime);
        }
      },
    );
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
