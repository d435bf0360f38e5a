import type { Queue } from "pg-boss";
import type { z } from "zod";
import type { ServiceContext } from "../core/context";
import type { AttachmentStorage } from "../modules/attachments/storage/storage";
import type { CarrierClient } from "../modules/carriers/carriers.client";
import type { CyberportRuntime } from "../modules/cyberport/cyberport.config";
import type { MailTransport } from "../modules/mail/mail.transport";
import type { TrackingSettings } from "../modules/tracking/tracking.config";
import type { WebhookRuntime } from "../modules/webhooks/webhooks.runtime";

/**
 * What handlers may need beyond the service context: adapters built once per process from the
 * configuration (which the service context deliberately does not carry). A job declares the parts
 * it uses (`needs`) and its handler receives exactly those; a worker is checked once at start to
 * have every part its jobs declare (docs/decisions/0083-job-runtime-parts.md).
 */
export interface JobRuntime {
  /** How e-mails leave (SMTP, or the development outbox). */
  mail: MailTransport;
  /** Each line's DCSA endpoint (or the simulator), resolved once. */
  carriers: CarrierClient;
  /** Refresh interval, failure threshold and per-line concurrency and rate limits. */
  tracking: TrackingSettings;
  /** The public origin, for links a job writes (e-mails, webhook payloads). */
  appUrl: string;
  /** Where attachments are stored (sweeping unfinished uploads). */
  storage: AttachmentStorage;
  /** The port-community API client and the key its credentials are sealed with. */
  cyberport: CyberportRuntime;
  /** The key signing secrets are sealed with and the rules for reaching customer URLs. */
  webhooks: WebhookRuntime;
}

export type RuntimePart = keyof JobRuntime;

/** The parts one job declared: reading any other is a type error. */
export type JobParts<N extends RuntimePart> = Pick<JobRuntime, N>;

/** The parts a worker process was started with (a test's worker may carry only a few). */
export type WorkerRuntime = Partial<JobRuntime>;

/**
 * Retries of the jobs that turn one refresh's change records into e-mails or webhook deliveries
 * (enqueued with the refresh, idempotent): up to half an hour apart, five minutes per run.
 */
export const CHANGE_RECORDS_JOB_OPTIONS: Omit<Queue, "name"> = {
  retryLimit: 10,
  retryBackoff: true,
  retryDelay: 30,
  retryDelayMax: 30 * 60,
  expireInSeconds: 300,
};

/**
 * Every queue's pg-boss heartbeat: a running batch touches its jobs every few seconds (see
 * JobTiming), and pg-boss itself fails a job whose heartbeat is this stale. Our own reclaim
 * (jobs/reclaim.ts) acts well before that, so this is the backstop (docs/decisions/0021-job-heartbeats.md).
 */
export const JOB_HEARTBEAT_SECONDS = 60;

/** How fast a worker process notices lost claims and due jobs; tests shorten it. */
export interface JobTiming {
  /** How often a running batch refreshes its jobs' heartbeat. */
  heartbeatRefreshSeconds: number;
  /** A claim whose heartbeat is older than this belongs to a worker that died: its job goes back at once. */
  lostAfterSeconds: number;
  /** How often each worker process looks for lost claims. */
  reclaimEverySeconds: number;
  /** How often each worker process looks for jobs that came due (delayed sends, retries). */
  dueScanSeconds: number;
}

/** A dead worker's job runs again within about lostAfter + reclaimEvery seconds (about 30). */
export const DEFAULT_JOB_TIMING: JobTiming = {
  heartbeatRefreshSeconds: 5,
  lostAfterSeconds: 20,
  reclaimEverySeconds: 10,
  dueScanSeconds: 1,
};

export interface WorkerOptions {
  batchSize?: number;
  localConcurrency?: number;
  /** Idle polling when LISTEN/NOTIFY is unavailable (default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * Idle polling while NOTIFY wakes the worker on each new job: only a backstop (default 300 s).
   * Delayed jobs and retries do not wait for it: the worker is woken when they come due.
   */
  notifyPollingIntervalSeconds?: number;
  /** Keep fetching without waiting while batches come back full (a backlog); the default. */
  burstWhenBatchFull?: boolean;
}

/** A job handed to a batch handler, with what it needs to know whether pg-boss will retry it. */
export interface BatchJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/** Per job: completed, or failed (retried by pg-boss while retries remain). */
export interface BatchOutcome {
  id: string;
  status: "completed" | "failed";
  output?: object;
}

/**
 * A background job: its queue name, the zod schema of its payload (ids, not rows), queue options
 * (retry, expiry), how the worker pulls it, an optional cron schedule, the runtime parts it needs,
 * and an idempotent handler that receives those parts and no others.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType, N extends RuntimePart = RuntimePart> {
  name: string;
  payload: P;
  options?: Omit<Queue, "name">;
  /** The runtime parts the handler uses; none when absent. */
  needs?: readonly N[];
  /** How the worker pulls; a function when it depends on the configuration (per-line limits). */
  worker?: WorkerOptions | ((parts: JobParts<N>) => WorkerOptions);
  /** Cron (UTC) for recurring jobs; the schedule is a singleton per queue in pg-boss. */
  schedule?: { cron: string; data: z.input<P> };
  handle(ctx: ServiceContext, payload: z.output<P>, parts: JobParts<N>): Promise<void>;
  /**
   * When present the worker hands over each fetched batch at once (one claim, one transaction for
   * many jobs) and settles every job by its own outcome.
   */
  handleBatch?(
    ctx: ServiceContext,
    jobs: BatchJob<z.output<P>>[],
    parts: JobParts<N>,
  ): Promise<BatchOutcome[]>;
}

/** `needs: ["carriers", "tracking"]` types the handler's third argument as exactly those parts. */
export function defineJob<P extends z.ZodType, const N extends RuntimePart = never>(
  def: JobDefinition<P, N>,
): JobDefinition<P, N> {
  return def;
}

/**
 * The parts every definition declares that the worker's runtime lacks, as one message per job;
 * empty when the worker can run them all.
 */
export function missingParts(definitions: readonly JobDefinition[], runtime: WorkerRuntime): string[] {
  return definitions.flatMap((def) => {
    const missing = (def.needs ?? []).filter((part) => runtime[part] === undefined);
    return missing.length ? [`${def.name} needs ${missing.join(", ")}`] : [];
  });
}

/** Exactly the declared parts, so a handler cannot reach an adapter it did not declare even untyped. */
export function partsFor(def: JobDefinition, runtime: WorkerRuntime): JobParts<RuntimePart> {
  return Object.fromEntries((def.needs ?? []).map((part) => [part, runtime[part]])) as JobParts<RuntimePart>;
}
