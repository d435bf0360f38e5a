import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { JobTiming } from "./define";
import { nextDue, reclaimLostJobs } from "./reclaim";

// pg-boss wakes a worker on NOTIFY only for a job that is runnable when it is sent; a delayed send
// and a retry after a failure notify nobody, so they waited for the backstop poll (then 60 s). A worker
// process therefore asks, every dueScanSeconds, when each of its queues next has work (one cheap
// statement for all queues, not a fetch per worker) and wakes that queue's workers at that moment.
// The same loop puts back the jobs of workers that died (reclaim.ts). See
// docs/decisions/0023-job-wakeup.md.

type Log = Pick<FastifyBaseLogger, "info" | "warn">;

export interface Waker {
  /** Wakes every local worker of the queue: an idle one fetches now, a busy one fetches again when done. */
  wake(queue: string): void;
  stop(): void;
}

export function startWaker(
  boss: PgBoss,
  queues: ReadonlyMap<string, () => void>,
  timing: JobTiming,
  log: Log,
): Waker {
  const names = [...queues.keys()];
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  let stopped = false;
  let failing = false;

  const wake = (queue: string) => queues.get(queue)?.();
  const wakeAt = (queue: string, inMs: number) => {
    const at = Date.now() + inMs;
    const pending = timers.get(queue);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      timers.delete(queue);
      wake(queue);
    }, inMs);
    timer.unref();
    timers.set(queue, { at, timer });
  };

  const guarded = (what: string, run: () => Promise<void>) => {
    let busy = false;
    return async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        await run();
        failing = false;
      } catch (err) {
        // Once per outage, not once a second: the database being away is reported elsewhere too.
        if (!failing && !stopped) log.warn({ err }, `job ${what} failed`);
        failing = true;
      } finally {
        busy = false;
      }
    };
  };

  const horizonMs = timing.dueScanSeconds * 2000;
  const scan = guarded("due scan", async () => {
    for (const [queue, inMs] of await nextDue(boss, names)) {
      if (inMs <= 0) wake(queue);
      else if (inMs <= horizonMs) wakeAt(queue, inMs);
    }
  });
  const reclaim = guarded("reclaim", async () => {
    const reclaimed = await reclaimLostJobs(boss, names, timing.lostAfterSeconds);
    for (const [queue, jobs] of reclaimed) {
      log.warn({ queue, jobs }, "jobs of a lost worker put back");
      // NOTIFY reaches this process too while it listens; waking directly covers the fallback.
      wake(queue);
    }
  });

  const intervals = [
    setInterval(scan, timing.dueScanSeconds * 1000),
    setInterval(reclaim, timing.reclaimEverySeconds * 1000),
  ];
  for (const interval of intervals) interval.unref();
  void scan();
  void reclaim();

  const stop = () => {
    stopped = true;
    for (const interval of intervals) clearInterval(interval);
    for (const { timer } of timers.values()) clearTimeout(timer);
    timers.clear();
  };
  // Before pg-boss stops its workers and closes its pool, not after (its "stopped" event comes
  // last): a scan in between would only fail on the closed pool.
  const stopBoss = boss.stop.bind(boss);
  boss.stop = (options) => {
    stop();
    return stopBoss(options);
  };
  boss.once("stopped", stop);
  return { wake, stop };
}
