import { sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss, type SendOptions } from "pg-boss";
import type { z } from "zod";
import type { Db } from "../db/client";
import type { JobDefinition } from "./define";

/** What services use to enqueue work. Inside a transaction the job is inserted in that transaction. */
export interface JobQueue {
  send<P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.input<P>,
    options?: Omit<SendOptions, "db">,
  ): Promise<string | null>;
  within(db: Db): JobQueue;
}

export function createJobQueue(boss: PgBoss, db?: Db): JobQueue {
  return {
    async send(job, payload, options) {
      const data = job.payload.parse(payload) as object;
      const send = db ? { ...options, db: fromDrizzle(db, sql) } : options;
      return boss.send(job.name, data, send ?? {});
    },
    within(txDb) {
      return createJobQueue(boss, txDb);
    },
  };
}
