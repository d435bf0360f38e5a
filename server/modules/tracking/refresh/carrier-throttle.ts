import { sql } from "drizzle-orm";
import type { ShippingLine } from "../../../../shared/enums";
import type { Db } from "../../../db/client";

// A carrier's request quota is shared by every worker process, so the pacing lives in Postgres: a
// generic cell rate algorithm over one row per line in rate_limit_buckets (reset_at holds the
// theoretical arrival time, TAT). A batch reserves its requests and learns how long to wait before
// sending them. A reservation never reaches further ahead than `maxWaitMs`, so no job sleeps past
// its expiry holding quota it cannot use; the batch is told to come back instead. Pacing is about
// the carrier's wall clock, so it reads the database's clock, not the application clock tests move.

/** Requests that may go at once before pacing starts, in seconds of quota. */
const BURST_SECONDS = 2;

export type Reservation = { reserved: true; waitMs: number } | { reserved: false; retryInMs: number };

export async function reserveCarrierRequests(
  db: Db,
  line: ShippingLine,
  count: number,
  ratePerMinute: number,
  maxWaitMs = 30_000,
): Promise<Reservation> {
  if (ratePerMinute <= 0 || count <= 0) return { reserved: true, waitMs: 0 };
  const key = `carrier:${line}`;
  const spacingMs = 60_000 / ratePerMinute;
  const burstMs = Math.max(spacingMs, BURST_SECONDS * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into rate_limit_buckets (key, count, window_start, reset_at)
      values (${key}, 0, clock_timestamp(), clock_timestamp()) on conflict (key) do nothing`);
    const [row] = await tx.execute<{ ahead_ms: number }>(sql`
      select (extract(epoch from greatest(reset_at, clock_timestamp()) - clock_timestamp()) * 1000)::float8 as ahead_ms
      from rate_limit_buckets where key = ${key} for update`);
    const waitMs = Number(row?.ahead_ms ?? 0) + count * spacingMs - burstMs;
    if (waitMs > maxWaitMs) return { reserved: false, retryInMs: Math.ceil(waitMs - maxWaitMs) };
    await tx.execute(sql`
      update rate_limit_buckets
      set count = ${count}, window_start = clock_timestamp(),
        reset_at = greatest(reset_at, clock_timestamp()) + make_interval(secs => ${count * spacingMs}::float8 / 1000.0)
      where key = ${key}`);
    return { reserved: true, waitMs: Math.max(0, Math.ceil(waitMs)) };
  });
}
