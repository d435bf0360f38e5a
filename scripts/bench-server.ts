import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "./bench-support";

// The web server as production runs it (server/main.ts, its own process) for the request
// benchmarks (bench-api.ts, bench-graphql.ts), so the load generator does not share its event loop.

/** server/main.ts in the given role; --cpu-prof DIR makes it write a V8 CPU profile there when it stops. */
export function startServerProcess(
  role: "web" | "worker",
  databaseUrl: string,
  port: number,
  cpuProfileDir = "",
): ChildProcess {
  const profile = cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfileDir] : [];
  return spawn(process.execPath, [...profile, "--import", "tsx", path.resolve("server/main.ts"), role], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The web role, once /healthz answers (within 30 s). */
export async function startWebServer(
  databaseUrl: string,
  port: number,
  cpuProfileDir = "",
): Promise<ChildProcess> {
  return answeringHealthz(startServerProcess("web", databaseUrl, port, cpuProfileDir), port);
}

/** Bare Fastify with one /healthz route (scripts/bench-bare-fastify.ts), started like the web server. */
export async function startBareFastify(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/bench-bare-fastify.ts")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return answeringHealthz(child, port);
}

async function answeringHealthz(child: ChildProcess, port: number): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}/healthz`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  throw new Error("the server process did not answer /healthz within 30 s");
}

/**
 * The highest resident set size a running process has had, in MiB (Linux's VmHWM), or null where
 * /proc is not there to tell.
 */
export async function peakRssMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : null;
}

/** The resident set size of a running process now, in MiB (Linux's VmRSS), or null. */
export async function rssMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : null;
}

/**
 * The CPU time a running process has used so far (user and system), in milliseconds, from Linux's
 * /proc/<pid>/stat; null where there is none. Per request, it tells a server's cost apart from how
 * busy the machine is, which req/s on a shared machine cannot.
 */
export async function cpuTimeMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
}

/** USER_HZ, 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export interface LoadOptions {
  connections: number;
  duration: number;
  write: boolean;
  cpuProfileDir: string;
}

/**
 * The request benchmarks' arguments: --connections N (at most maxConnections), --duration SECONDS
 * (at most 600), --no-write, --cpu-prof DIR.
 */
export function parseLoadArgs(
  argv: string[],
  defaults: { connections: number; duration: number; maxConnections: number; usage: string },
): LoadOptions {
  const options: LoadOptions = {
    connections: defaults.connections,
    duration: defaults.duration,
    write: true,
    cpuProfileDir: "",
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = Number(argv[i + 1]);
    const ok = Number.isInteger(value) && value > 0;
    if (arg === "--no-write") options.write = false;
    else if (arg === "--connections" && ok && value <= defaults.maxConnections) options.connections = value;
    else if (arg === "--duration" && ok && value <= 600) options.duration = value;
    else if (arg === "--cpu-prof" && argv[i + 1]) options.cpuProfileDir = path.resolve(argv[i + 1] ?? "");
    else throw new Error(`Unknown or out-of-range argument ${arg}\nUsage: ${defaults.usage}`);
    if (arg !== "--no-write") i += 1;
  }
  return options;
}

/**
 * The web server started for a request benchmark, stopped by the cleanups, and a counter of the
 * database's committed and rolled-back transactions (to tell the statements' cost per request).
 */
export async function startMeasuredWeb(
  databaseUrl: string,
  cpuProfileDir: string,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ port: number; pid: number | undefined; transactions: () => Promise<number> }> {
  const port = await freePort();
  const server = await startWebServer(databaseUrl, port, cpuProfileDir);
  cleanups.push(() => stopProcess(server));
  const stats = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  cleanups.push(() => stats.end());
  const transactions = async () => {
    const [row] = await stats<{ n: string }[]>`
      select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`;
    return Number(row?.n ?? 0);
  };
  return { port, pid: server.pid, transactions };
}
