import type { Queue } from "pg-boss";
import type { z } from "zod";
import type { ServiceContext } from "../core/context";
import type { MailTransport } from "../modules/mail/mail.transport";

/**
 * What handlers need beyond the service context: adapters built once per process from the
 * configuration (which the service context deliberately does not carry).
 */
export interface JobRuntime {
  mail: MailTransport;
}

/**
 * A background job: its queue name, the zod schema of its payload (ids, not rows), queue options
 * (retry, expiry), how the worker pulls it, an optional cron schedule, and an idempotent handler.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  options?: Omit<Queue, "name">;
  worker?: { batchSize?: number; localConcurrency?: number; pollingIntervalSeconds?: number };
  /** Cron (UTC) for recurring jobs; the schedule is a singleton per queue in pg-boss. */
  schedule?: { cron: string; data: z.input<P> };
  handle(ctx: ServiceContext, payload: z.output<P>, runtime: JobRuntime): Promise<void>;
}

export function defineJob<P extends z.ZodType>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}
