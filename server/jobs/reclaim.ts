import type { PgBoss } from "pg-boss";
import { BOSS_SCHEMA } from "./boss";

// Jobs held by a worker that died. pg-boss would fail such a job only once its heartbeat is
// JOB_HEARTBEAT_SECONDS stale and its supervisor next runs (up to a minute later), then retry it
// after the queue's backoff, counting the lost attempt as a failure: a job on its last retry ended
// as failed although nothing was wrong with it. Here every worker process puts such a job straight
// back (retry, due now) with one more retry allowed, so the lost attempt costs nothing. The next
// claim still counts up retry_count, which is what fences a slow-but-alive worker's late settle
// off the new attempt. A job that keeps losing its worker (a handler that kills the process) is
// given back only MAX_LOST_CLAIMS times; after that pg-boss's own heartbeat check counts it.
// See docs/decisions/0021-job-heartbeats.md.

export const MAX_LOST_CLAIMS = 3;

/** The channel pg-boss's workers LISTEN on (its notifyChannelSql), with the queue name as payload. */
export const BOSS_NOTIFY_CHANNEL_SQL = `('pgboss_' || left(encode(sha224('${BOSS_SCHEMA}'::bytea), 'hex'), 24))`;

const RECLAIM_SQL = `
  with lost as (
    update ${BOSS_SCHEMA}.job
    set state = 'retry',
        start_after = ${BOSS_SCHEMA}.job_now(),
        retry_limit = retry_limit + 1,
        output = jsonb_build_object(
          'message', 'worker lost: no heartbeat',
          'lostClaims', coalesce((output ->> 'lostClaims')::int, 0) + 1
        )
    where name = any($1::text[])
      and state = 'active'
      and heartbeat_seconds is not null
      and heartbeat_on < ${BOSS_SCHEMA}.job_now() - make_interval(secs => $2::float8)
      and coalesce((output ->> 'lostClaims')::int, 0) < $3::int
    returning name
  ),
  queues as (select name, count(*)::int as jobs from lost group by name)
  select name, jobs, pg_notify(${BOSS_NOTIFY_CHANNEL_SQL}, name) is not null as notified from queues
`;

/**
 * Puts back the jobs of the given queues whose claim has had no heartbeat for `lostAfterSeconds`,
 * due now, and wakes every listening worker for them. Returns how many per queue.
 */
export async function reclaimLostJobs(
  boss: PgBoss,
  queues: readonly string[],
  lostAfterSeconds: number,
): Promise<Map<string, number>> {
  const { rows } = await boss.getDb().executeSql(RECLAIM_SQL, [queues, lostAfterSeconds, MAX_LOST_CLAIMS]);
  return new Map(rows.map((r: { name: string; jobs: number }) => [r.name, r.jobs]));
}

// Per queue: 0 when a job is runnable now, else milliseconds until the earliest deferred one (null
// when none). The first probe is the fetch's own walk of its index (job_i11, in the fetch's order)
// and stops at the first runnable entry; the second runs only when there is none, and then reads
// only deferred entries, which are few (retries and delayed sends). Written as a scalar subquery
// with the fetch's ORDER BY, not EXISTS, which the planner turned into a sequential scan of the job
// table per queue. The database's clock, so the worker's own clock cannot skew it.
const DUE_SQL = `
  select q.name,
    case
      when (
        select true from ${BOSS_SCHEMA}.job j
        where j.name = q.name and j.state < 'active' and not j.blocked
          and j.start_after <= ${BOSS_SCHEMA}.job_now()
        order by j.priority desc, j.created_on
        limit 1
      ) then 0
      else (
        select ceil(extract(epoch from min(j.start_after) - ${BOSS_SCHEMA}.job_now()) * 1000)::float8
        from ${BOSS_SCHEMA}.job j
        where j.name = q.name and j.state < 'active' and not j.blocked
      )
    end as due_in_ms
  from unnest($1::text[]) as q(name)
`;

/** For each queue with waiting jobs: how soon the next one may run (0: now). */
export async function nextDue(boss: PgBoss, queues: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await boss.getDb().executeSql(DUE_SQL, [queues]);
  const due = new Map<string, number>();
  for (const row of rows as { name: string; due_in_ms: number | string | null }[]) {
    if (row.due_in_ms !== null) due.set(row.name, Math.max(0, Number(row.due_in_ms)));
  }
  return due;
}
