import os from "node:os";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import type { Db } from "../server/db/client";
import { createSession } from "../server/modules/auth/session.internal";
import {
  cpuRatioOf,
  cpuText,
  figure,
  GOAL_RATIO,
  type Measured,
  ROUNDS,
  reportLines,
  SEQUENTIAL_SAMPLE,
} from "./bench-graphql-report";
import { PAGE_SIZE, seed } from "./bench-graphql-seed";
import { cpuTimeMs, parseLoadArgs, startMeasuredWeb } from "./bench-server";
import { fmt, openMigratedBenchDatabase, runBench, runCleanups, writeReportSection } from "./bench-support";
import { postmasterPid, processTreeCpuMs } from "./bench-tracking-cpu";

// The same 100-shipment list page through GraphQL (shipments_v2 with latestHistory,
// vessels and containers) and through tRPC (shipments.list), against one web server started as
// production runs it, in one run: req/s, p50/p95, the web process's CPU per request
// and the ratio (goal: GraphQL within 1.1x).
// Usage: npm run bench:graphql [-- --connections 20 --duration 20 --no-write --cpu-prof DIR]

const USAGE = "npm run bench:graphql [-- --connections N --duration SECONDS --no-write --cpu-prof DIR]";
/** Time for the requests still in flight when a line's load stops to be answered before reading its CPU. */
const DRAIN_MS = 500;

/** The list page's columns (spec 01 §4 defaults) with the latest history's legs and containers. */
const GRAPHQL_PAGE = /* GraphQL */ `
  query ListPage($teamId: ID, $perPage: Int) {
    shipments_v2(teamId: $teamId, tab: ALL, perPage: $perPage) {
      items {
        id title trackingNumber trackingType shippingLine isArchived isFailing queueStatus remark
        createdAt requestedEtd requestedEta delayDays etdDelayDays
        isFavoriteForViewer isNotificationEnabledForViewer hasUnreadCommentForViewer
        owner { id nickname color }
        team { id name }
        latestHistory {
          loadingPort { locode name } dischargingPort { locode name } placeOfDelivery { locode name }
          departureTime departureTimeStatus arrivalTime arrivalTimeStatus placeOfDeliveryEta vesselVoyage
          vessels { vesselName voyage } containers { containerNumber }
        }
      }
      pagination { total hasNextPage }
    }
  }`;

interface Target {
  name: string;
  request: { path: string; method: "GET" | "POST"; body?: string; headers: Record<string, string> };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** autocannon with every response time kept, so p95 is exact (its histogram stops at p90 and p97.5). */
async function load(base: string, target: Target, connections: number, duration: number) {
  const times: number[] = [];
  const instance = autocannon({
    url: `${base}${target.request.path}`,
    connections,
    duration,
    ...target.request,
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  return { result, times };
}

async function main() {
  const options = parseLoadArgs(process.argv.slice(2), {
    connections: 20,
    duration: 20,
    maxConnections: 1000,
    usage: USAGE,
  });
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    // pg_stat_statements counts each statement as it ends, where pg_stat_database's transactions
    // reach the view only when a backend flushes them (the session listener's, late or never).
    const { database, dbh } = await openMigratedBenchDatabase("graphql", log, 2, cleanups, {
      shared_preload_libraries: "pg_stat_statements",
      "pg_stat_statements.track_planning": "on",
    });
    const { team, admin } = await seed(dbh.db);
    const statementStats = await statementCounter(dbh.db);
    const statements = statementStats.count;
    const postmaster = await postmasterPid(dbh.db);
    const postgresCpuMs = () => (postmaster === null ? null : processTreeCpuMs(postmaster));
    const { token } = await createSession(dbh.db, systemClock, admin.id);
    const { port, pid, transactions } = await startMeasuredWeb(database.url, options.cpuProfileDir, cleanups);
    const base = `http://127.0.0.1:${port}`;

    const cookie = `session=${token}`;
    const trpcInput = encodeURIComponent(JSON.stringify({ teamId: team.id, tab: "ALL", perPage: PAGE_SIZE }));
    const targets: Target[] = [
      {
        name: "tRPC shipments.list",
        request: { path: `/trpc/shipments.list?input=${trpcInput}`, method: "GET", headers: { cookie } },
      },
      {
        name: "GraphQL shipments_v2",
        request: {
          path: "/graphql",
          method: "POST",
          body: JSON.stringify({ query: GRAPHQL_PAGE, variables: { teamId: team.id, perPage: PAGE_SIZE } }),
          // The console session on /graphql passes the CSRF check with the app's own Origin.
          headers: { cookie, "content-type": "application/json", origin: base },
        },
      },
    ];
    const send = async (target: Target) => {
      const { path: p, ...init } = target.request;
      const res = await fetch(`${base}${p}`, init);
      const text = await res.text();
      if (!res.ok || text.includes('"errors"'))
        throw new Error(`${target.name} answered ${res.status}: ${text.slice(0, 300)}`);
      return text;
    };
    for (const target of targets) {
      const text = await send(target);
      out(`${target.name}: ${fmt(text.length)} bytes per page of ${PAGE_SIZE}`);
    }

    // Statements per request, one request at a time (backends flush their counters within 10 s of going idle).
    const perRequest = new Map<string, number>();
    const statementsPer = new Map<string, number | null>();
    const alone = new Map<string, number>();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    for (const target of targets) {
      await settle();
      const before = await transactions();
      await statementStats.reset();
      const statementsBefore = await statements();
      const times: number[] = [];
      for (let i = 0; i < SEQUENTIAL_SAMPLE; i += 1) {
        const started = performance.now();
        await send(target);
        times.push(performance.now() - started);
      }
      alone.set(target.name, percentile(times, 50));
      const statementsAfter = await statements();
      statementsPer.set(
        target.name,
        statementsBefore === null || statementsAfter === null
          ? null
          : (statementsAfter - statementsBefore) / SEQUENTIAL_SAMPLE,
      );
      await settle();
      perRequest.set(target.name, Math.max(0, (await transactions()) - before - 1) / SEQUENTIAL_SAMPLE);
      const counted = statementsPer.get(target.name);
      out(
        `${target.name}: ${fmt(perRequest.get(target.name) ?? 0, 2)} database transactions per request` +
          (counted == null ? "" : `, ${fmt(counted, 2)} statements per request`),
      );
      for (const line of await statementStats.top()) out(`  ${line}`);
    }

    const startLoad = os.loadavg()[0] ?? 0;
    out(
      `Load average at start: ${startLoad.toFixed(2)}; ${options.connections} clients, ${options.duration} s each in ${ROUNDS} rounds.`,
    );
    // A warm-up (graphql-jit compiles the document, pools fill, V8 optimizes) that is not counted.
    for (const target of targets) await load(base, target, options.connections, 3);
    const totals = targets.map(() => ({
      requests: 0,
      seconds: 0,
      failures: 0,
      bytes: 0,
      times: [] as number[],
      load: 0,
      cpuMs: 0,
      postgresMs: 0,
      statementsUnderLoad: 0,

      loaderMs: 0,
      sent: 0,
      cpuKnown: true,
      postgresKnown: true,
    }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, target] of targets.entries()) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const total = totals[i];
        if (!total) continue;
        total.load += (os.loadavg()[0] ?? 0) / ROUNDS;
        const cpuBefore = await cpuTimeMs(pid);
        const postgresBefore = postgresCpuMs();
        const statementsBefore = await statements();

        const loaderBefore = process.cpuUsage();
        const { result, times } = await load(base, target, options.connections, options.duration / ROUNDS);
        // The requests the clients gave up on at the end are still answered and count as sent.
        await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
        const cpuAfter = await cpuTimeMs(pid);
        const postgresAfter = postgresCpuMs();
        const statementsAfter = await statements();
        total.statementsUnderLoad += (statementsAfter ?? 0) - (statementsBefore ?? 0);

        const loader = process.cpuUsage(loaderBefore);
        total.loaderMs += (loader.user + loader.system) / 1000;
        if (cpuBefore === null || cpuAfter === null) total.cpuKnown = false;
        else total.cpuMs += cpuAfter - cpuBefore;
        if (postgresBefore === null || postgresAfter === null) total.postgresKnown = false;
        else total.postgresMs += postgresAfter - postgresBefore;
        total.sent += result.requests.sent;
        total.requests += result.requests.total;
        total.seconds += result.duration;
        total.failures += result.errors + result.timeouts + result.non2xx;
        total.bytes += result.throughput.total;
        for (const t of times) total.times.push(t);
      }
    }
    // Requests the clients gave up on at the end are still being answered: let them drain.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const results: Measured[] = [];
    for (const [i, target] of targets.entries()) {
      const total = totals[i];
      if (!total) continue;
      const measured: Measured = {
        name: target.name,
        aloneP50: alone.get(target.name) ?? 0,
        rps: total.requests / total.seconds,
        p50: percentile(total.times, 50),
        p95: percentile(total.times, 95),
        requests: total.requests,
        failures: total.failures,
        bytes: total.bytes / Math.max(1, total.requests),
        transactionsPerRequest: perRequest.get(target.name) ?? 0,
        statementsPerRequest: statementsPer.get(target.name) ?? null,
        postgresCpuMsPerRequest: total.postgresKnown && total.sent > 0 ? total.postgresMs / total.sent : null,
        cpuMsPerRequest: total.cpuKnown && total.sent > 0 ? total.cpuMs / total.sent : null,
        loadAverage: total.load,
      };
      results.push(measured);
      out(
        `${target.name}: ${fmt(measured.rps)} req/s, p50 ${fmt(measured.p50, 1)} ms, p95 ${fmt(measured.p95, 1)} ms, ` +
          `alone p50 ${fmt(measured.aloneP50, 1)} ms, web CPU ${cpuText(measured.cpuMsPerRequest)} a request, ` +
          `Postgres CPU ${cpuText(measured.postgresCpuMsPerRequest)} ` +
          `(${fmt(total.sent > 0 ? total.statementsUnderLoad / total.sent : 0, 2)} statements), load generator CPU ` +
          `${cpuText(total.sent > 0 ? total.loaderMs / total.sent : null)}, ` +
          `${measured.failures} failed (load average ${measured.loadAverage.toFixed(2)})`,
      );
    }
    const [trpc, graphql] = results;
    if (!trpc || !graphql) throw new Error("a target was not measured");
    const ratio = trpc.rps / graphql.rps;
    const cpuRatio = cpuRatioOf(trpc, graphql);
    out(`\nGraphQL takes ${fmt(ratio, 2)}x the time of tRPC per page (goal: within ${GOAL_RATIO}x).`);
    if (cpuRatio !== null) out(`GraphQL uses ${fmt(cpuRatio, 2)}x tRPC's web-process CPU per page.`);
    if (options.write) {
      const file = await writeReportSection(
        "graphql",
        reportLines(results, ratio, cpuRatio, startLoad, options),
      );
      out(`Written to ${file}`);
    }
    out(
      `bench:graphql ratio=${ratio.toFixed(2)} trpc_transactions=${fmt(trpc.transactionsPerRequest, 2)} ` +
        `graphql_transactions=${fmt(graphql.transactionsPerRequest, 2)} ` +
        `trpc_statements=${figure(trpc.statementsPerRequest)} graphql_statements=${figure(graphql.statementsPerRequest)} ` +
        `trpc_pg_cpu_ms=${figure(trpc.postgresCpuMsPerRequest)} graphql_pg_cpu_ms=${figure(graphql.postgresCpuMsPerRequest)} ` +
        `trpc_cpu_ms=${figure(trpc.cpuMsPerRequest)} graphql_cpu_ms=${figure(graphql.cpuMsPerRequest)} ` +
        `cpu_ratio=${figure(cpuRatio)}`,
    );
  } finally {
    await runCleanups(cleanups);
  }
}

/**
 * Statements run so far on the bench's database by anyone but this counter, from pg_stat_statements
 * (null where the server did not load it: a TEST_DATABASE_URL server may not).
 */
async function statementCounter(db: Db): Promise<{
  count: () => Promise<number | null>;

  /** Each statement's calls and mean planning and execution time since `reset`, costliest first. */
  top: () => Promise<string[]>;
  reset: () => Promise<void>;
}> {
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
  } catch {
    return { count: async () => null, top: async () => [], reset: async () => {} };
  }
  const ours = sql`dbid = (select oid from pg_database where datname = current_database())
    and query not like '%pg_stat_statements%'`;
  return {
    count: async () => {
      const [row] = await db.execute<{ calls: string }>(
        sql`select coalesce(sum(calls), 0)::bigint as calls from pg_stat_statements where ${ours}`,
      );
      return Number(row?.calls ?? 0);
    },
    top: async () => {
      const rows = await db.execute<{ calls: string; plan: number; exec: number; query: string }>(sql`
        select calls, mean_plan_time as plan, mean_exec_time as exec, query from pg_stat_statements
        where ${ours} order by total_exec_time + total_plan_time desc limit 5`);
      return rows.map(
        (r) =>
          `${String(r.calls).padStart(6)} calls, plan ${fmt(r.plan, 3)} ms, run ${fmt(r.exec, 3)} ms: ` +
          r.query.replace(/\s+/g, " ").slice(0, 100),
      );
    },
    reset: async () => {
      await db.execute(sql`select pg_stat_statements_reset()`);
    },
  };
}

runBench(main);
