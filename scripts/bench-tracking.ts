import os from "node:os";
import { sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../server/config";
import { systemClock } from "../server/core/clock";
import { systemContext } from "../server/core/context";
import type { createDb } from "../server/db/client";
import { createJobQueue } from "../server/jobs/queue";
import { ensureQueue, startWorkers } from "../server/jobs/worker";
import { createCarrierClient } from "../server/modules/carriers/carriers.client";
import { outboxTransport } from "../server/modules/mail/mail.transport";
import { REFRESH_JOBS } from "../server/modules/tracking/refresh/refresh.jobs";
import { scheduleDueRefreshes } from "../server/modules/tracking/scheduler/scheduler.service";
import { type TrackingSettings, trackingSettings } from "../server/modules/tracking/tracking.config";
import { shipmentChanged } from "../server/modules/tracking/tracking.events";
import { SHIPPING_LINE_CODES, type ShippingLine } from "../shared/enums";
import type { TrackedNumber } from "./bench-simulator-server";
import {
  benchCommand,
  MAJOR_LINES,
  openMigratedBenchDatabase,
  parseBenchArgs,
  runBench,
  runCleanups,
  startBenchBoss,
} from "./bench-support";
import { type CpuProbe, type CpuSplit, cpuProbe, cpuSplit, describeSplit } from "./bench-tracking-cpu";
import { type BenchResult, writeBenchReport } from "./bench-tracking-report";
import { simulatorApart, simulatorHere } from "./bench-tracking-simulators";

// End-to-end refresh throughput: N active shipments in a fresh database, all put on their lines'
// queues by the scheduler, then refreshed by the worker's own handlers over real HTTP against the
// carrier simulator on 127.0.0.1. The figure is shipments refreshed per second, from the workers'
// start to the last refresh (the enqueue is timed on its own).
// Bounded (at most 50,000 shipments, --timeout seconds), loopback only, and it cleans up after
// itself. It runs twice, each on a fresh database: with the simulator in a process of its own (the
// worker's own cost), then in the worker's process as it always did; --separate-simulator or
// --same-process runs one of them. The last line sums it up for scripts:
//   bench:tracking rate=… rate_separate_simulator=… peak_rss_web_mb=… peak_rss_worker_mb=…
// (peak resident memory of the simulator's process, standing in for the web process that serves it
// in development, and of the worker's, from the run with the simulator apart when there was one).
// Each pass also prints where the machine's CPU went, a refresh: the worker's process (this one),
// the simulator's when apart, and Postgres (every backend), with the write transactions and
// statements a refresh took (scripts/bench-tracking-cpu.ts); --statements lists the statements
// that cost Postgres most.
// Usage: npm run bench:tracking [-- --shipments 10000 --lines 10 --timeout 300 --statements --no-write]

const USAGE =
  "npm run bench:tracking [-- --shipments N (<= 50000) --lines N (<= 46) --timeout S --same-process | --separate-simulator --statements --no-write]";
/** The big carriers first, then the rest, so --lines N takes the most common ones. */
const BENCH_LINES: ShippingLine[] = [
  ...MAJOR_LINES,
  ...SHIPPING_LINE_CODES.filter((l) => !MAJOR_LINES.includes(l)),
];
/**
 * The production defaults of the worker's settings (REFRESH_CONCURRENCY, REFRESH_BATCH_SIZE), but
 * no carrier pacing: the simulator has no quota to protect, and pacing would measure the quota.
 */
const DEFAULTS = loadConfig({
  // An operator's own values, when set, to measure them.
  REFRESH_CONCURRENCY: process.env.REFRESH_CONCURRENCY,
  REFRESH_BATCH_SIZE: process.env.REFRESH_BATCH_SIZE,
});
const TUNED = {
  concurrency: DEFAULTS.REFRESH_CONCURRENCY,
  batchSize: DEFAULTS.REFRESH_BATCH_SIZE,
  ratePerMinute: 0,
};
const DB_POOL = 10;
const BOSS_POOL = 10;
const POLL_MS = 100;

function parseArgs(argv: string[]) {
  return parseBenchArgs(
    argv,
    USAGE,
    {
      shipments: { default: 10_000, max: 50_000 },
      lines: { default: 10, max: BENCH_LINES.length },
      timeout: { default: 300, max: 3600 },
    },
    ["same-process", "separate-simulator", "statements"],
  );
}

/** One company, one team, and `count` active booking numbers spread evenly over `lines`, all due now. */
async function seed(db: ReturnType<typeof createDb>["db"], count: number, lines: ShippingLine[]) {
  const [company] = await db.execute<{ id: string }>(sql`
    insert into companies (company_name, phone_number, work_email, approval_state, trial_started_at)
    values ('Benchmark Co', '+81 3 0000 0000', 'bench@example.com', 'APPROVED', now()) returning id`);
  const [team] = await db.execute<{ id: string }>(
    sql`insert into teams (company_id, name) values (${company?.id}, 'Bench') returning id`,
  );
  const lineArray = `{${lines.join(",")}}`;
  await db.execute(sql`
    insert into shipments (company_id, team_id, tracking_number, tracking_type, shipping_line, next_refresh_at, share_token)
    select ${company?.id}::uuid, ${team?.id}::uuid, 'BENCH' || lpad(i::text, 7, '0'), 'BOOKING_NUMBER',
      ((${lineArray}::text[])[1 + (i % ${lines.length})])::shipping_line, now() - interval '1 minute',
      replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    from generate_series(1, ${count}) as i`);
}

/**
 * Polls until `expected` shipments are SLEEPING again; the rate and the best 5-second window. Ten
 * polls a second (a count over the table, about a millisecond): at one a second the end of a
 * seven-second pass was seen up to a second late, and the rate came out up to 14 % low.
 */
async function waitUntilRefreshed(
  db: ReturnType<typeof createDb>["db"],
  expected: number,
  started: number,
  giveUpAt: number,
  out: (line: string) => void,
  activeOnly = false,
) {
  const samples: { at: number; done: number }[] = [];
  let done = 0;
  let reported = 0;
  while (done < expected) {
    if (Date.now() > giveUpAt) throw new Error(`gave up with ${done} of ${expected} refreshed`);
    await new Promise((r) => setTimeout(r, POLL_MS));
    const [row] = await db.execute<{ done: number }>(
      sql`select count(*)::int as done from shipments
        where queue_status = 'SLEEPING' and (${!activeOnly} or archived_at is null)`,
    );
    done = row?.done ?? 0;
    const at = (performance.now() - started) / 1000;
    samples.push({ at, done });
    if (at - reported >= 3) {
      reported = at;
      out(`  ${done} / ${expected} refreshed after ${at.toFixed(0)} s`);
    }
  }
  let peak = 0;
  for (const s of samples) {
    const earlier = samples.find((e) => e.at >= s.at - 5.05 && e.at <= s.at - 4.95);
    if (earlier) peak = Math.max(peak, (s.done - earlier.done) / (s.at - earlier.at));
  }
  return { seconds: (performance.now() - started) / 1000, peak };
}

interface PassResult {
  result: BenchResult;
  peakRssWorker: number;
  peakRssSimulator: number;
  /** CPU time of this process per refresh of the first pass: less bent by a busy machine than the rate. */
  cpuMsPerRefresh: number;
  /** Where the CPU went a refresh, first pass and second. */
  split: { first: CpuSplit; second: CpuSplit };
  source: string;
}

/** One measured run on a fresh database: the first pass (new histories) and the unchanged second. */
async function measure(
  options: ReturnType<typeof parseArgs>,
  lines: ShippingLine[],
  separate: boolean,
  out: (line: string) => void,
): Promise<PassResult> {
  const giveUpAt = Date.now() + options.timeout * 1000;
  const log = pino({ level: "warn" });
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    // pg_stat_statements for the statement counts (embedded Postgres; another server may lack it).
    const { database, dbh } = await openMigratedBenchDatabase("tracking", log, DB_POOL, cleanups, {
      shared_preload_libraries: "pg_stat_statements",
      "pg_stat_statements.track_planning": "on",
    });

    // BENCH_SQL: statements (separated by ";;") run on the migrated database before seeding, to
    // measure a variant of the schema (an index dropped, a setting changed) against the same run.
    for (const q of process.env.BENCH_SQL?.split(";;") ?? []) await dbh.db.execute(sql.raw(q));
    const sim = separate ? await simulatorApart() : await simulatorHere();
    cleanups.push(sim.stop);

    out(`Seeding ${options.shipments} shipments over ${lines.length} lines (${database.source})...`);
    await seed(dbh.db, options.shipments, lines);
    // The seeded table's statistics, as a production database has them (the tables the refresh fills
    // keep none: an empty table's would plan scans that grow with every history written).
    await dbh.db.execute(sql`analyze shipments`);
    const numbers = await dbh.db.execute<{ line: ShippingLine; type: TrackedNumber["type"]; number: string }>(
      sql`select shipping_line as line, tracking_type as type, tracking_number as number from shipments`,
    );
    await sim.prepare([...numbers]);

    const boss = await startBenchBoss(database.url, log, { worker: true, max: BOSS_POOL }, cleanups);
    const deps = { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log };
    const tracking: TrackingSettings = trackingSettings({
      REFRESH_INTERVAL: 6 * 3_600_000,
      REFRESH_JITTER: 30 * 60_000,
      REFRESH_FAILURE_THRESHOLD: 3,
      REFRESH_CONCURRENCY: TUNED.concurrency,
      REFRESH_BATCH_SIZE: TUNED.batchSize,
      REFRESH_RATE_PER_MINUTE: TUNED.ratePerMinute,
    });
    const carriers = createCarrierClient({ env: {}, appUrl: sim.url });
    const queues = lines.map((l) => REFRESH_JOBS[l]);
    for (const q of queues) await ensureQueue(boss, q);
    // A refresh that finds a schedule moved emits the event: its queue must exist (nobody works it here).
    await ensureQueue(boss, shipmentChanged);

    // Enqueued first, workers started after: the measured rate is the pipeline's, not the scheduler's.
    const t0 = performance.now();
    const queued = await scheduleDueRefreshes(systemContext(deps, "bench"), tracking, {
      maxPerRun: options.shipments,
    });
    const enqueueSeconds = (performance.now() - t0) / 1000;
    out(`Enqueued ${queued} refresh jobs in ${enqueueSeconds.toFixed(2)} s; starting workers...`);

    const probe = await cpuProbe(dbh.db, sim.pid);
    const loadAverage = os.loadavg()[0] ?? 0;
    const before = await probe.snapshot();
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    await startWorkers(boss, deps, queues, { mail: outboxTransport, carriers, tracking });
    const first = await waitUntilRefreshed(dbh.db, queued, started, giveUpAt, out);
    const cpu = process.cpuUsage(cpuAtStart);
    const firstSplit = cpuSplit(before, await probe.snapshot(), queued);
    out(`  CPU a refresh: ${describeSplit(firstSplit)}`);
    if (options.statements) await printStatements(probe, queued, out);
    const [kept] = await dbh.db.execute<{ n: number; bytes: number; table: number }>(sql`
      select count(raw_payload_brotli)::int as n, coalesce(avg(pg_column_size(raw_payload_brotli)), 0)::int as bytes,
        (pg_total_relation_size('shipment_histories') / 1048576)::int as table
      from shipment_histories`);
    out(
      `  Raw answers kept: ${kept?.n}, ${kept?.bytes} bytes each stored; shipment_histories ${kept?.table} MiB`,
    );
    const refreshSeconds = first.seconds;
    const peak = first.peak;

    const [stats] = await dbh.db.execute<{ ok: number; failed: number; histories: number }>(sql`
      select count(*) filter (where last_scraped_at is not null)::int as ok,
        count(*) filter (where consecutive_failures > 0)::int as failed,
        (select count(*) from shipment_histories where status = 'success')::int as histories
      from shipments`);

    // Steady state, what production mostly does: the same shipments again, snapshots unchanged.
    out("Second pass (snapshots unchanged)...");
    await dbh.db.execute(sql`update shipments set next_refresh_at = now() - interval '1 minute'`);
    // The histories written in the first pass get their statistics, as a running database's have.
    await dbh.db.execute(sql`analyze`);
    const beforeSecond = await probe.snapshot();
    const again = performance.now();
    const requeued = await scheduleDueRefreshes(systemContext(deps, "bench"), tracking, {
      maxPerRun: options.shipments,
    });
    // Cancelled bookings were archived in the first pass and are not refreshed again.
    const second = await waitUntilRefreshed(dbh.db, requeued, again, giveUpAt, out, true);
    const secondSplit = cpuSplit(beforeSecond, await probe.snapshot(), requeued);
    out(`  CPU a refresh: ${describeSplit(secondSplit)}`);
    if (options.statements) {
      await printStatements(probe, requeued, out);
      // What the processes cost with nothing to do (polling, waking, Postgres' own upkeep): a tax
      // per second, not per refresh, that a slower run spreads over fewer refreshes a second.
      const idleFrom = await probe.snapshot();
      await new Promise((r) => setTimeout(r, 5000));
      const idle = cpuSplit(idleFrom, await probe.snapshot(), 5);
      out(`  Idle, CPU ms a second: ${describeSplit(idle)}`);
    }
    return {
      result: {
        shipments: queued,
        lines: lines.length,
        enqueueSeconds,
        refreshSeconds,
        perSecond: queued / refreshSeconds,
        peakPerSecond: peak,
        loadAverage,
        steadyPerSecond: requeued / second.seconds,
        succeeded: stats?.ok ?? 0,
        failed: stats?.failed ?? 0,
        histories: stats?.histories ?? 0,
      },
      peakRssWorker: process.resourceUsage().maxRSS * 1024,
      cpuMsPerRefresh: (cpu.user + cpu.system) / 1000 / Math.max(1, queued),
      split: { first: firstSplit, second: secondSplit },
      peakRssSimulator: await sim.peakRss(),
      source: database.source,
    };
  } finally {
    await runCleanups(cleanups);
  }
}

/** The statements that cost Postgres most since the last reset, per refresh; then a reset. */
async function printStatements(probe: CpuProbe, refreshes: number, out: (line: string) => void) {
  for (const s of await probe.topStatements(20)) {
    const text = s.query.replace(/\s+/g, " ").slice(0, 150);
    out(
      `    ${((s.totalMs * 1000) / refreshes).toFixed(0).padStart(5)} µs/refresh (plan ${((s.planMs * 1000) / refreshes).toFixed(0).padStart(4)}) ${(s.calls / refreshes).toFixed(3).padStart(7)} calls/refresh ${String(s.rows).padStart(7)} rows  ${text}`,
    );
  }
  const writes = await probe.tableWrites();
  out(
    `    rows so far (inserted/updated/HOT): ${writes.map((w) => `${w.table} ${w.inserted}/${w.updated}/${w.hot}`).join(", ")}`,
  );
  await probe.reset();
}

function printPass(
  label: string,
  { result, cpuMsPerRefresh, split }: PassResult,
  out: (line: string) => void,
) {
  out("");
  out(
    `${label}: refreshed ${result.shipments} shipments in ${result.refreshSeconds.toFixed(1)} s: ${result.perSecond.toFixed(0)} refreshes/s`,
  );
  out(
    `  (best 5 s window ${result.peakPerSecond.toFixed(0)}/s; ${result.succeeded} succeeded, ${result.failed} failed, ${result.histories} histories)`,
  );
  out(
    `  Second pass, unchanged snapshots, enqueue included: ${result.steadyPerSecond.toFixed(0)} refreshes/s`,
  );
  out(`  CPU of the worker's process, first pass: ${cpuMsPerRefresh.toFixed(2)} ms a refresh`);
  out(`  CPU a refresh, first pass: ${describeSplit(split.first)}`);
  out(`  CPU a refresh, second pass: ${describeSplit(split.second)}`);
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const lines = BENCH_LINES.slice(0, options.lines);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  // Each run has the time limit; past it the run stops and cleans up, and should cleaning up hang,
  // the process still ends.
  const hardStop = setTimeout(() => process.exit(2), (2 * options.timeout + 60) * 1000);
  hardStop.unref();
  if (options["same-process"] && options["separate-simulator"])
    throw new Error(`--same-process and --separate-simulator exclude each other\n${USAGE}`);

  try {
    // The simulator apart first: this process's peak memory is then the worker's alone.
    let apart: PassResult | undefined;
    let together: PassResult | undefined;
    if (!options["same-process"]) {
      out("Simulator in its own process:");
      apart = await measure(options, lines, true, out);
    }
    if (!options["separate-simulator"]) {
      out("Simulator in the worker's process:");
      together = await measure(options, lines, false, out);
    }
    if (apart) printPass("Simulator apart", apart, out);
    if (together) printPass("Simulator in the worker's process", together, out);
    const main = together ?? apart;
    if (!main) return;
    const rss = apart ?? together;
    const cpu = rss
      ? rss.split.first.worker + (rss.split.first.simulator ?? 0) + (rss.split.first.postgres ?? 0)
      : null;
    out(
      `bench:tracking rate=${together ? together.result.perSecond.toFixed(0) : "-"} ` +
        `cpu_ms_per_refresh=${cpu === null ? "-" : cpu.toFixed(2)} ` +
        `rate_separate_simulator=${apart ? apart.result.perSecond.toFixed(0) : "-"} ` +
        `peak_rss_web_mb=${rss ? mb(rss.peakRssSimulator) : "-"} peak_rss_worker_mb=${rss ? mb(rss.peakRssWorker) : "-"}`,
    );
    if (options.write) {
      const command = benchCommand("bench:tracking");
      out(
        `Written to ${await writeBenchReport(main.result, {
          source: main.source,
          command,
          tuned: TUNED,
          dbPool: DB_POOL,
          bossPool: BOSS_POOL,
          separate: apart?.result,
          peakRssWebMb: rss ? Number(mb(rss.peakRssSimulator)) : undefined,
          peakRssWorkerMb: rss ? Number(mb(rss.peakRssWorker)) : undefined,
          cpuMsPerRefresh: { together: together?.cpuMsPerRefresh, apart: apart?.cpuMsPerRefresh },
          split: rss?.split,
        })}`,
      );
    }
  } finally {
    clearTimeout(hardStop);
  }
}

runBench(main);
