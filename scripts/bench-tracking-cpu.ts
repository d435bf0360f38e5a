import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";

// Where the machine's CPU goes during a bench:tracking pass, from /proc: the worker's process (this
// one: the bench runs the workers), the simulator's when it has its own, and Postgres (the
// postmaster, every backend and helper it forked, and those that ended, which the postmaster
// reaped into its children's time). Rates bend with whatever else the machine runs; CPU a refresh
// bends much less, so it is what runs compare on. With pg_stat_statements loaded (the embedded
// server of the bench loads it), the statements too.

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcTimes {
  ppid: number;
  /** Own user + system ticks. */
  own: number;
  /** Reaped children's user + system ticks. */
  children: number;
}

function procTimes(pid: number): ProcTimes | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: the fields that follow start after its ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const n = (i: number) => Number(fields[i - 3] ?? 0);
  return { ppid: n(4), own: n(14) + n(15), children: n(16) + n(17) };
}

/** CPU milliseconds a process has used, its reaped children included. */
export function processCpuMs(pid: number): number {
  const t = procTimes(pid);
  return t ? ((t.own + t.children) * 1000) / TICKS_PER_SECOND : 0;
}

/** CPU milliseconds of a server and every process it forked, live or ended (reaped). */
export function processTreeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === rootPid) continue;
    const t = procTimes(pid);
    if (t?.ppid === rootPid) ticks += t.own;
  }
  const root = procTimes(rootPid);
  return ((ticks + (root ? root.own + root.children : 0)) * 1000) / TICKS_PER_SECOND;
}

/**
 * The postmaster's pid, when Postgres runs on this machine and /proc shows it (the parent of this
 * connection's backend); null otherwise (a server elsewhere: its CPU is not counted).
 */
export async function postmasterPid(db: Database): Promise<number | null> {
  const [row] = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const backend = row ? procTimes(Number(row.pid)) : null;
  return backend && procTimes(backend.ppid) ? backend.ppid : null;
}

export interface CpuSnapshot {
  at: number;
  worker: number;
  simulator: number | null;
  postgres: number | null;
  /** Write transactions (transaction ids handed out) so far. */
  xids: number;
  /** Statements so far, from pg_stat_statements when loaded. */
  statements: number | null;
}

export interface CpuProbe {
  snapshot(): Promise<CpuSnapshot>;
  /** pg_stat_statements' top statements between two snapshots, when loaded. */
  topStatements(limit: number): Promise<StatementRow[]>;
  /** Per table: rows inserted, updated, of which HOT (no index touched). */
  tableWrites(): Promise<{ table: string; inserted: number; updated: number; hot: number }[]>;
  /** Starts pg_stat_statements' counts afresh (take the next snapshot after it). */
  reset(): Promise<void>;
}

export interface StatementRow {
  calls: number;
  /** Executing and planning, wall-clock time; and planning alone. */
  totalMs: number;
  planMs: number;
  rows: number;
  query: string;
}

export async function cpuProbe(db: Database, simulatorPid: number | null): Promise<CpuProbe> {
  const postmaster = await postmasterPid(db);
  let statementsLoaded = false;
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
    await db.execute(sql`select pg_stat_statements_reset()`);
    statementsLoaded = true;
  } catch {
    statementsLoaded = false;
  }
  // The probe's own statements are left out of the counts (they are the bench's, not the pipeline's).
  const countStatements = async () => {
    if (!statementsLoaded) return null;
    const [row] = await db.execute<{ calls: string }>(sql`
      select coalesce(sum(calls), 0)::bigint as calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
        and query not like '%pg_stat_statements%' and query not like '%pg_current_snapshot%'
        and query not like 'select count(*)::int as done from shipments%'`);
    return Number(row?.calls ?? 0);
  };
  return {
    async snapshot() {
      // The next transaction id to hand out: reading it takes none.
      const [xid] = await db.execute<{ xid: string }>(
        sql`select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xid`,
      );
      return {
        at: performance.now(),
        worker: processCpuMs(process.pid),
        simulator: simulatorPid ? processCpuMs(simulatorPid) : null,
        postgres: postmaster ? processTreeCpuMs(postmaster) : null,
        xids: Number(xid?.xid ?? 0),
        statements: await countStatements(),
      };
    },
    async tableWrites() {
      // Other backends' counts reach the view when they flush (at most a second late while busy).
      await db.execute(sql`select pg_stat_force_next_flush()`);
      const rows = await db.execute<{ relname: string; ins: string; upd: string; hot: string }>(sql`
        select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
        where n_tup_ins + n_tup_upd > 0 order by n_tup_ins + n_tup_upd desc limit 12`);
      return rows.map((r) => ({
        table: r.relname,
        inserted: Number(r.ins),
        updated: Number(r.upd),
        hot: Number(r.hot),
      }));
    },
    async reset() {
      if (statementsLoaded) await db.execute(sql`select pg_stat_statements_reset()`);
    },
    async topStatements(limit) {
      if (!statementsLoaded) return [];
      const rows = await db.execute<{
        calls: string;
        total_ms: number;
        plan_ms: number;
        rows: string;
        query: string;
      }>(sql`
        select calls, total_exec_time + total_plan_time as total_ms, total_plan_time as plan_ms, rows, query from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_statements%'
        order by total_exec_time + total_plan_time desc limit ${limit}`);
      return rows.map((r) => ({
        calls: Number(r.calls),
        totalMs: Number(r.total_ms),
        planMs: Number(r.plan_ms),
        rows: Number(r.rows),
        query: r.query,
      }));
    },
  };
}

export interface CpuSplit {
  /** CPU milliseconds a refresh, per process; null when not measurable here. */
  worker: number;
  simulator: number | null;
  postgres: number | null;
  /** Write transactions and statements a refresh. */
  transactions: number;
  statements: number | null;
}

/** The CPU a refresh cost each process between two snapshots, over `refreshes` refreshes. */
export function cpuSplit(from: CpuSnapshot, to: CpuSnapshot, refreshes: number): CpuSplit {
  const per = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / refreshes);
  return {
    worker: (to.worker - from.worker) / refreshes,
    simulator: per(from.simulator, to.simulator),
    postgres: per(from.postgres, to.postgres),
    transactions: (to.xids - from.xids) / refreshes,
    statements: per(from.statements, to.statements),
  };
}

const ms = (v: number | null) => (v === null ? "-" : v.toFixed(2));

/** "worker 0.61, simulator 0.20, postgres 0.55, all 1.36 ms; 0.30 write transactions, 0.72 statements". */
export function describeSplit(s: CpuSplit): string {
  const all = s.worker + (s.simulator ?? 0) + (s.postgres ?? 0);
  return (
    `worker ${ms(s.worker)}, simulator ${s.simulator === null ? "in the worker" : ms(s.simulator)}, ` +
    `postgres ${ms(s.postgres)}, all ${ms(all)} ms; ` +
    `${s.transactions.toFixed(3)} write transactions, ${s.statements === null ? "-" : s.statements.toFixed(2)} statements`
  );
}
