import os from "node:os";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import pino from "pino";
import { loadConfig } from "../server/config";
import type { MemberActor } from "../server/core/authz";
import { systemClock } from "../server/core/clock";
import { type Actor, createServiceContext, type ServiceContext } from "../server/core/context";
import type { JobQueue } from "../server/jobs/queue";
import { buildCalendarSql, buildListSql } from "../server/modules/shipments/list/list.internal";
import {
  selectCalendarDocument,
  selectCount,
  selectListPage,
} from "../server/modules/shipments/list/list.queries";
import type { ListScope } from "../server/modules/shipments/list/list.scope";
import { createCallerFactory } from "../server/trpc/init";
import { appRouter } from "../server/trpc/router";
import type { ShipmentsV2Input } from "../shared/schemas/list";
import { type ListBenchRow, writeListBenchReport } from "./bench-list-report";
import { seedList } from "./bench-list-seed";
import {
  benchCommand,
  openMigratedBenchDatabase,
  parseBenchArgs,
  runBench,
  runCleanups,
  timedP50,
} from "./bench-support";

// The shipment list at scale: one company with 100,000 shipments among 1,000,000 (other companies
// fill the table and its indexes), measured through the tRPC procedure (validation, authorization,
// the SQL, the mapping) and as the same SQL run directly, for page 1 and page 500 sorted by arrival
// time, with and without the search box and two filters, and the 100,000-item calendar fetch.
// Usage: npm run bench:list [-- --per-company 100000 --total 1000000 --runs 30 --no-write]

const USAGE = "npm run bench:list [-- --per-company N --total N --runs N --no-write --explain]";

function parseArgs(argv: string[]) {
  const options = parseBenchArgs(
    argv,
    USAGE,
    {
      perCompany: { default: 100_000, max: 1_000_000 },
      total: { default: 1_000_000, max: 5_000_000 },
      runs: { default: 30, max: 1000 },
    },
    ["explain"],
  );
  options.total = Math.max(options.total, options.perCompany);
  return options;
}

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database, dbh } = await openMigratedBenchDatabase("list", log, 10, cleanups);

    out(
      `Seeding ${options.total} shipments, ${options.perCompany} in the measured company (${database.source})…`,
    );
    const seedStart = performance.now();
    const seeded = await seedList(dbh.db, options, out);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    out(`Seeded in ${seedSeconds.toFixed(0)} s.`);

    const actor: Actor = {
      kind: "user",
      userId: seeded.userId,
      sessionId: "bench",
      email: "admin@bench.example",
      companyId: seeded.companyId,
      role: "ADMIN",
      emailVerified: true,
      mfaSatisfied: true,
    };
    const service: ServiceContext = createServiceContext(
      { db: dbh.db, jobs: {} as JobQueue, clock: systemClock, log },
      actor,
    );
    const caller = createCallerFactory(appRouter)({
      service,
      req: { log, id: "bench" } as unknown as FastifyRequest,
      config: loadConfig({ NODE_ENV: "test" }),
    });
    const scope: ListScope = {
      actor: actor as MemberActor,
      companyId: seeded.companyId,
      teamId: seeded.teamId,
    };
    const filters: Partial<ShipmentsV2Input> = {
      fullTextQuery: "部品",
      searchInputs: [
        { field: "shippingLine", operator: "IS", value: "MAERSK" },
        { field: "arrivalTime", operator: "BETWEEN", value: [inDays(-30), inDays(90)] },
      ],
    };
    const scenarios: { name: string; input: ShipmentsV2Input }[] = [
      { name: "page 1", input: { teamId: seeded.teamId, tab: "ONGOING", page: 1, perPage: 100 } },
      { name: "page 500", input: { teamId: seeded.teamId, tab: "ONGOING", page: 500, perPage: 100 } },
      {
        name: "page 1, search box + 2 filters",
        input: { teamId: seeded.teamId, tab: "ONGOING", page: 1, ...filters },
      },
      {
        name: "page 5, search box + 2 filters",
        input: { teamId: seeded.teamId, tab: "ONGOING", page: 5, ...filters },
      },
      {
        name: "page 1, search box (4 letters)",
        input: { teamId: seeded.teamId, tab: "ONGOING", page: 1, fullTextQuery: "tuna" },
      },
      { name: "page 1, headquarters", input: { teamId: null, tab: "ONGOING", page: 1 } },
    ];

    const loadAverage = os.loadavg()[0] ?? 0;
    const rows: ListBenchRow[] = [];
    for (const s of scenarios) {
      const first = await caller.shipments.list(s.input);
      const procedure = await timedP50(options.runs, 5, () => caller.shipments.list(s.input));
      const sqls = buildListSql(s.input.teamId === null ? { ...scope, teamId: null } : scope, s.input);
      const direct = await timedP50(options.runs, 5, () => selectListPage(dbh.db, sqls.listPage));
      if (options.explain) {
        for (const q of [sqls.listPage]) {
          const plan = await dbh.db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${q}`);
          out([...plan].map((r) => r["QUERY PLAN"]).join("\n"));
        }
      }
      rows.push({
        name: s.name,
        procedure,
        direct,
        items: first.items.length,
        total: first.pagination.total,
      });
      out(
        `${s.name.padEnd(34)} procedure ${procedure.toFixed(1)} ms, SQL ${direct.toFixed(1)} ms ` +
          `(${first.items.length} of ${first.pagination.total})`,
      );
    }

    const calendarInput = { teamId: seeded.teamId, tab: "ALL" as const };
    const calendarRuns = Math.max(3, Math.ceil(options.runs / 4));
    let bytes = 0;
    let gzipBytes = 0;
    let items = 0;
    const calendar = await timedP50(calendarRuns, 2, async () => {
      // What the response costs the server: the procedure and tRPC's JSON serialization.
      const answer = await caller.shipments.calendar(calendarInput);
      const json = JSON.stringify({ result: { data: answer } });
      bytes = Buffer.byteLength(json);
      items = answer.id.length;
      return json;
    });
    const calendarSql = buildCalendarSql(scope, calendarInput, { ordered: false });
    if (options.explain) {
      const plan = await dbh.db.execute<{ "QUERY PLAN": string }>(
        sql`explain (analyze, buffers) ${calendarSql.document}`,
      );
      out([...plan].map((r) => r["QUERY PLAN"]).join("\n"));
    }
    // As the service does: the count decides whether the document needs an order, then the document.
    const calendarDirect = await timedP50(calendarRuns, 2, async () => {
      await selectCount(dbh.db, calendarSql.count);
      return selectCalendarDocument(dbh.db, calendarSql.document);
    });
    gzipBytes = gzipSync(
      JSON.stringify({ result: { data: await caller.shipments.calendar(calendarInput) } }),
    ).length;
    out(
      `calendar (${items} items)${" ".repeat(14)}procedure ${calendar.toFixed(0)} ms, SQL ${calendarDirect.toFixed(0)} ms, ` +
        `${(bytes / 1e6).toFixed(1)} MB JSON (${(gzipBytes / 1e6).toFixed(1)} MB gzip)`,
    );

    const page1 = rows[0] as ListBenchRow;
    const page500 = rows[1] as ListBenchRow;
    const ratio = page1.procedure / page1.direct;
    if (options.write) {
      const file = await writeListBenchReport({
        command: benchCommand("bench:list"),
        source: database.source,
        total: options.total,
        perCompany: options.perCompany,
        runs: options.runs,
        seedSeconds,
        loadAverage,
        rows,
        calendar: { procedure: calendar, direct: calendarDirect, items, bytes, gzipBytes },
      });
      out(`Written to ${file}`);
    }
    out(
      `bench:list ratio=${ratio.toFixed(2)} page1_p50_ms=${page1.procedure.toFixed(1)} page500_p50_ms=${page500.procedure.toFixed(1)}`,
    );
  } finally {
    await runCleanups(cleanups);
  }
}

runBench(main);
