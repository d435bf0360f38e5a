import { machineLine, writeReportSection } from "./bench-support";
import { type CpuSplit, describeSplit } from "./bench-tracking-cpu";

// The report of npm run bench:tracking, kept between markers in docs/benchmarks.md so a re-run
// replaces its own section and leaves other benchmarks' alone.

export interface BenchResult {
  shipments: number;
  lines: number;
  enqueueSeconds: number;
  refreshSeconds: number;
  perSecond: number;
  succeeded: number;
  failed: number;
  histories: number;
  peakPerSecond: number;
  /** 1-minute load average when the workers started: other work on the machine shows here. */
  loadAverage: number;
  /** A second pass over the same shipments, snapshots unchanged (no history written), enqueue included. */
  steadyPerSecond: number;
}

export interface BenchSettings {
  source: string;
  command: string;
  tuned: { concurrency: number; batchSize: number };
  dbPool: number;
  bossPool: number;
  /** The same run with the simulator in a process of its own, when measured. */
  separate?: BenchResult;
  peakRssWebMb?: number;
  peakRssWorkerMb?: number;
  /** CPU of the worker's process per refresh (first pass): with the simulator in it, and apart. */
  cpuMsPerRefresh?: { together?: number; apart?: number };
  /** Where the CPU went a refresh, per process, first and second pass (the run with the simulator apart when there was one). */
  split?: { first: CpuSplit; second: CpuSplit };
}

/** Writes (or replaces) the tracking section of docs/benchmarks.md; other sections stay. */
export async function writeBenchReport(result: BenchResult, settings: BenchSettings) {
  return writeReportSection("tracking", [
    "## Tracking refresh throughput",
    "",
    `Command: \`${settings.command}\``,
    "",
    "| Measured | Value |",
    "| --- | --- |",
    `| Date | ${new Date().toISOString().slice(0, 10)} |`,
    `| Machine | ${machineLine()} |`,
    `| Database | ${settings.source} (fresh, migrated), same machine |`,
    `| Load average at start | ${result.loadAverage.toFixed(2)} |`,
    `| Shipments | ${result.shipments} active, ${result.lines} shipping lines (one pg-boss queue each) |`,
    `| Worker settings | per line: localConcurrency ${settings.tuned.concurrency}, batchSize ${settings.tuned.batchSize}; db pool ${settings.dbPool}, pg-boss pool ${settings.bossPool} |`,
    `| Enqueue (scheduler claim + jobs, same transactions) | ${result.enqueueSeconds.toFixed(2)} s |`,
    `| Refresh, first job to last | ${result.refreshSeconds.toFixed(1)} s |`,
    `| **Refreshes per second** | **${result.perSecond.toFixed(0)}** (best 5 s window: ${result.peakPerSecond.toFixed(0)}) |`,
    `| Second pass, snapshots unchanged (enqueue included) | ${result.steadyPerSecond.toFixed(0)} refreshes/s |`,
    ...(settings.separate
      ? [
          `| **Refreshes per second, simulator in its own process** | **${settings.separate.perSecond.toFixed(0)}** (best 5 s window: ${settings.separate.peakPerSecond.toFixed(0)}; second pass ${settings.separate.steadyPerSecond.toFixed(0)}/s) |`,
        ]
      : []),
    ...(settings.peakRssWorkerMb !== undefined
      ? [
          `| Peak RSS | worker ${settings.peakRssWorkerMb} MB, simulator's process (the web process's stand-in) ${settings.peakRssWebMb} MB |`,
        ]
      : []),
    ...(settings.cpuMsPerRefresh
      ? [
          `| CPU of the worker's process a refresh (first pass) | ${[
            settings.cpuMsPerRefresh.together !== undefined
              ? `${settings.cpuMsPerRefresh.together.toFixed(2)} ms with the simulator in it`
              : "",
            settings.cpuMsPerRefresh.apart !== undefined
              ? `${settings.cpuMsPerRefresh.apart.toFixed(2)} ms with the simulator apart`
              : "",
          ]
            .filter(Boolean)
            .join(", ")} |`,
        ]
      : []),
    ...(settings.split
      ? [
          `| CPU a refresh, first pass (per process, from /proc) | ${describeSplit(settings.split.first)} |`,
          `| CPU a refresh, second pass | ${describeSplit(settings.split.second)} |`,
        ]
      : []),
    `| Outcome (first pass) | ${result.succeeded} succeeded, ${result.failed} failed (numbers the simulator does not know, and cancelled bookings, archived at once), ${result.histories} histories written |`,
    "",
    "Each refresh is the production path: the scheduler claims due shipments and enqueues their jobs",
    "in one transaction; a worker takes a batch from the line's queue, marks it FETCHING, fetches",
    "every member over HTTP from the DCSA simulator on 127.0.0.1 (paging, the page check, mapping),",
    "then locks the rows, compares snapshot hashes and writes histories (the carrier's answer",
    "compressed by the worker), vessels, containers, changes and the shipment rows in one statement of",
    "one transaction per batch (with the shipment-changed event when something changed), and settles",
    "each job in pg-boss. The simulator's 5xx faults are off. The headline figure has the simulator in",
    "the worker's process, so it includes the simulator's CPU, and the two share one JavaScript thread;",
    "the run with the simulator in a process of its own (on a fresh database) shows the pipeline's own",
    "cost. Both share this machine's cores with Postgres: the CPU a refresh costs all of them together",
    "(the line above) bounds either figure, and Postgres' backends, woken by each statement, take turns",
    "with the worker's thread on them. On a busy machine (see the load average) the rates say little;",
    "the CPU a refresh bends less and compares runs better.",
  ]);
}
