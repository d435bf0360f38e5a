import type { FastifyBaseLogger } from "fastify";
import { PgBoss } from "pg-boss";

export const BOSS_SCHEMA = "pgboss";

/**
 * pg-boss on the application's own database (schema `pgboss`), so jobs can be enqueued in the same
 * transaction as the write that causes them. Web processes send only; workers also supervise
 * (maintenance) and run schedules, and LISTEN for new jobs: every queue is created with `notify`
 * (jobs/worker ensureQueue), so a send wakes the workers on commit and idle polling is only a slow
 * backstop (an idle system once ran ~40 polling transactions a second).
 */
export async function startBoss(
  connectionString: string,
  log: FastifyBaseLogger,
  options: { worker: boolean; max?: number },
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    max: options.max ?? 5,
    supervise: options.worker,
    schedule: options.worker,
    useListenNotify: options.worker,
    migrate: true,
    application_name: "tracking-jobs",
    // Every statement on this pool is short (claims, settles, the due scan of jobs/wakeup.ts), but
    // the planner's estimate for some over a large job table passes jit_above_cost, and compiling
    // them would cost more than running them, once a second.
    options: "-c jit=off",
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  await boss.start();
  return boss;
}
