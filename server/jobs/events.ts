import type { Queue } from "pg-boss";
import type { z } from "zod";
import type { ServiceContext } from "../core/context";
import type { JobDefinition, WorkerOptions } from "./define";

/**
 * Something a module did that other modules react to (a shipment's schedule changed). The module
 * that made the change defines the event and emits it with `ctx.jobs.send`/`sendMany` in the
 * transaction of the change, exactly like a job: a rolled-back change emits nothing. The event has
 * a queue of its own; its fan-out job (below) hands each event to every subscriber's own job, so
 * each reaction keeps its own retries and one failing subscriber never holds up another.
 *
 * The emitting module imports none of its subscribers: a subscriber imports the event, declares a
 * `subscribe(...)` next to its job, and is listed in `eventSubscriptions` (jobs/registry.ts).
 * See docs/decisions/0078-shipment-changed-event.md.
 */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  /** The event's queue (its fan-out job's name). */
  name: string;
  payload: P;
  options?: Omit<Queue, "name">;
  /** How the worker pulls the fan-out queue. */
  worker?: WorkerOptions;
}

export function defineEvent<P extends z.ZodType>(def: EventDefinition<P>): EventDefinition<P> {
  return def;
}

/** A reaction to an event: the job run once for each event, with a payload made from the event's. */
export interface Subscription<E extends z.ZodType = z.ZodType, J extends z.ZodType = z.ZodType> {
  event: EventDefinition<E>;
  job: JobDefinition<J>;
  payload(event: z.output<E>): z.input<J>;
}

export function subscribe<E extends z.ZodType, J extends z.ZodType>(
  event: EventDefinition<E>,
  job: JobDefinition<J>,
  payload: (event: z.output<E>) => z.input<J>,
): Subscription<E, J> {
  return { event, job, payload };
}

/**
 * The fan-out job of each event with subscribers, and the subscribers' own jobs: the queues a
 * worker runs for them. A batch of events becomes each subscriber's jobs in one transaction (one
 * insert per subscriber); run again after a crash it sends them again, which the subscribers'
 * handlers absorb (they are idempotent, as every handler is).
 */
export function eventJobs(subscriptions: readonly Subscription[]): JobDefinition[] {
  const byEvent = new Map<string, { event: EventDefinition; subscribers: Subscription[] }>();
  for (const s of subscriptions) {
    const entry = byEvent.get(s.event.name) ?? { event: s.event, subscribers: [] };
    entry.subscribers.push(s);
    byEvent.set(s.event.name, entry);
  }
  const fanOuts = [...byEvent.values()].map(({ event, subscribers }) => fanOutJob(event, subscribers));
  const reactions = [...new Set(subscriptions.map((s) => s.job))];
  return [...fanOuts, ...reactions];
}

function fanOutJob(event: EventDefinition, subscribers: Subscription[]): JobDefinition {
  const fanOut = async (ctx: ServiceContext, events: unknown[]) => {
    await ctx.tx(async (tx) => {
      for (const s of subscribers)
        await tx.jobs.sendMany(
          s.job,
          events.map((e) => ({ payload: s.payload(e) })),
        );
    });
  };
  return {
    name: event.name,
    payload: event.payload,
    options: event.options,
    // Many events a fetch, handed on in one transaction: a busy refresh pipeline emits in bursts.
    worker: event.worker ?? { batchSize: 50 },
    handle: (ctx, payload) => fanOut(ctx, [payload]),
    handleBatch: async (ctx, jobs) => {
      await fanOut(
        ctx,
        jobs.map((j) => j.data),
      );
      return jobs.map((j) => ({ id: j.id, status: "completed" as const }));
    },
  };
}
