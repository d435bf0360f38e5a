import { sql } from "drizzle-orm";
import { fromDrizzle, type JobInsert, type PgBoss, type SendOptions } from "pg-boss";
import type { z } from "zod";
import { JOB_TRACE_KEY, traceCarrier } from "../core/tracing";
import type { Db } from "../db/client";
import type { JobDefinition } from "./define";

/** Where a send goes: a job's queue, or an event's (jobs/events.ts). */
export type QueueTarget<P extends z.ZodType> = Pick<JobDefinition<P>, "name" | "payload" | "options">;

/** What services use to enqueue work. Inside a transaction the job is inserted in that transaction. */
export interface JobQueue {
  send<P extends z.ZodType>(
    job: QueueTarget<P>,
    payload: z.input<P>,
    options?: Omit<SendOptions, "db">,
  ): Promise<string | null>;
  /** Many jobs of one queue in one statement; a job a queue policy refuses (a duplicate) is skipped. */
  sendMany<P extends z.ZodType>(
    job: QueueTarget<P>,
    jobs: { payload: z.input<P>; options?: Omit<JobInsert, "data"> }[],
  ): Promise<void>;
  within(db: Db): JobQueue;
}

export function createJobQueue(boss: PgBoss, db?: Db): JobQueue {
  return {
    async send(job, payload, options) {
      const data = withTrace(job.payload.parse(payload) as object);
      const send = db ? { ...options, db: fromDrizzle(db, sql) } : options;
      return boss.send(job.name, data, send ?? {});
    },
    async sendMany(job, jobs) {
      if (jobs.length === 0) return;
      const rows = jobs.map((j) => ({
        ...j.options,
        data: withTrace(job.payload.parse(j.payload) as object),
      }));
      await boss.insert(
        job.name,
        rows,
        db ? { db: fromDrizzle(db, sql), returnId: false } : { returnId: false },
      );
    },
    within(txDb) {
      return createJobQueue(boss, txDb);
    },
  };
}

/**
 * The enqueuing trace rides beside the payload under its own key (workers' payload schemas strip
 * it), so the job's handler continues that trace; nothing is added without tracing.
 */
function withTrace(data: object): object {
  const carrier = traceCarrier();
  return carrier && !Array.isArray(data) ? { ...data, [JOB_TRACE_KEY]: carrier } : data;
}
