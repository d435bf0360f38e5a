import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { eq, lt, max, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { workerHeartbeats } from "../db/schema";

/** How often a worker records that it is alive. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A worker not seen for this long counts as gone (four missed beats). */
export const WORKER_STALE_AFTER_MS = 60_000;
/** Rows of processes gone this long are removed by the next beat of any worker. */
const FORGET_AFTER = "1 day";

export interface Heartbeat {
  id: string;
  stop(): Promise<void>;
}

/**
 * Records this worker process in `worker_heartbeats` now and on an interval. A failed beat (the
 * database is away) is logged and retried on the next tick; the process lives on.
 */
export async function startHeartbeat(
  db: Database,
  options: { role: string; log: FastifyBaseLogger; intervalMs?: number },
): Promise<Heartbeat> {
  const host = hostname();
  const id = `${host}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const beat = async () => {
    await db
      .insert(workerHeartbeats)
      .values({ id, host, pid: process.pid, role: options.role })
      .onConflictDoUpdate({ target: workerHeartbeats.id, set: { lastSeenAt: sql`now()` } });
    await db
      .delete(workerHeartbeats)
      .where(lt(workerHeartbeats.lastSeenAt, sql`now() - ${FORGET_AFTER}::interval`));
  };
  await beat();
  let failing = false;
  const timer = setInterval(() => {
    beat().then(
      () => {
        if (failing) options.log.info("worker heartbeat recorded again");
        failing = false;
      },
      (err) => {
        if (!failing) options.log.warn({ err }, "worker heartbeat failed");
        failing = true;
      },
    );
  }, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, id));
    },
  };
}

/** Milliseconds since any worker was last seen (by the database's clock), or null if none ever was. */
export async function msSinceLastWorker(db: Database): Promise<number | null> {
  const [row] = await db
    .select({
      ago: sql<string | null>`extract(epoch from (now() - ${max(workerHeartbeats.lastSeenAt)})) * 1000`,
    })
    .from(workerHeartbeats);
  return row?.ago == null ? null : Number(row.ago);
}
