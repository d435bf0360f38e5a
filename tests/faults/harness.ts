import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { systemClock } from "../../server/core/clock";
import { type ServiceDeps, systemContext } from "../../server/core/context";
import { createDb, type DbHandle } from "../../server/db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../server/db/embedded";
import { runMigrations } from "../../server/db/migrate";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { freePort } from "../setup/postgres";

// The fault suite's world: one embedded Postgres this process can stop and start, and the product
// as production runs it — `server/main.ts` in web and worker processes — under a supervisor that
// restarts any that exits, as the README's deployment recipe (Docker's restart policy) does.

const quiet = { info: () => {}, warn: () => {} };
export const log = pino({ level: "silent" });

export interface FaultPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startFaultPostgres(): Promise<FaultPostgres> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tracking-faults-pg-"));
  const port = await freePort();
  const launch = () =>
    startEmbeddedPostgres({ dataDir, port, database: "tracking", log: quiet, persistent: true });
  let pg: EmbeddedPostgres | null = await launch();
  const url = pg.url;
  await runMigrations(url);
  return {
    url,
    async stop() {
      await pg?.stop();
      pg = null;
    },
    async start() {
      pg ??= await launch();
    },
    async destroy() {
      await pg?.stop();
      pg = null;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** One server/main.ts process kept running by a restart loop (Docker's `restart: unless-stopped`). */
export class Supervised {
  child: ChildProcess | null = null;
  exits: ProcessExit[] = [];
  starts = 0;
  output: string[] = [];
  private stopped = false;
  private readyWaiters: (() => void)[] = [];

  constructor(
    readonly name: string,
    readonly role: "web" | "worker",
    private readonly env: Record<string, string>,
    private readonly restartDelayMs = 500,
  ) {}

  start() {
    this.stopped = false;
    this.spawn();
  }

  private spawn() {
    this.starts += 1;
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/main.ts"), this.role], {
      env: { ...process.env, ...this.env, ROLE: this.role },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const keep = (d: Buffer) => {
      for (const line of d.toString().split("\n")) {
        if (!line) continue;
        this.output.push(line);
        if (this.output.length > 2000) this.output.shift();
        if (line.includes("Worker running") || line.includes("Console on")) {
          for (const w of this.readyWaiters.splice(0)) w();
        }
      }
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("exit", (code, signal) => {
      this.exits.push({ code, signal, at: Date.now() });
      if (this.child === child) this.child = null;
      if (!this.stopped) setTimeout(() => !this.stopped && !this.child && this.spawn(), this.restartDelayMs);
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves when the current process has said it runs (worker queues up, or web listening). */
  whenUp(timeoutMs = 90_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.name} did not come up:\n${this.tail()}`)),
        timeoutMs,
      );
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  kill(signal: NodeJS.Signals) {
    this.child?.kill(signal);
  }

  /** Stops for good (no restart): SIGTERM, then SIGKILL after a grace period. */
  async stop(graceMs = 15_000) {
    this.stopped = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  }

  tail(lines = 30): string {
    return this.output.slice(-lines).join("\n");
  }

  /** Log lines (JSON) at error or fatal level: an exit the app did not log is a silent death. */
  fatalLines(): string[] {
    return this.output.filter((l) => /"level":(50|60)/.test(l));
  }
}

/** The environment every product process of the suite shares; short intervals keep runs bounded. */
export function productEnv(options: {
  databaseUrl: string;
  webPort: number;
  smtpPort?: number;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    NODE_ENV: "development",
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.webPort),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${options.webPort}`,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    CARRIER_SIMULATOR_FAULT_RATE: "0",
    // The suite's webhook receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ...(options.smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}` } : {}),
    ...options.extra,
  };
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}

/** The suite's own handle on the database and the job queue (sending only, like a web process). */
export async function testSide(
  url: string,
): Promise<{ dbh: DbHandle; deps: ServiceDeps; close(): Promise<void> }> {
  const dbh = createDb(url, { max: 3 });
  const boss = await startBoss(url, log, { worker: false, max: 2 });
  boss.on("error", () => {});
  const deps: ServiceDeps = { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log };
  return {
    dbh,
    deps,
    async close() {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      await dbh.sql.end({ timeout: 1 });
    },
  };
}

export function systemCtx(deps: ServiceDeps) {
  return systemContext(deps, "fault-suite");
}

/** One approved company with a team, for rows that need an owner. */
export async function seedCompany(dbh: DbHandle): Promise<{ companyId: string; teamId: string }> {
  const [company] = await dbh.db.execute<{ id: string }>(sql`
    insert into companies (company_name, phone_number, work_email, approval_state, trial_started_at)
    values ('Fault Co', '+81 3 0000 0000', 'faults@example.com', 'APPROVED', now()) returning id`);
  const [team] = await dbh.db.execute<{ id: string }>(
    sql`insert into teams (company_id, name) values (${company?.id}, 'Faults') returning id`,
  );
  if (!company || !team) throw new Error("seed failed");
  return { companyId: company.id, teamId: team.id };
}

/** `count` active shipments on the simulator's lines, due for a refresh now. */
export async function seedShipments(
  dbh: DbHandle,
  owner: { companyId: string; teamId: string },
  count: number,
  tag: string,
) {
  await dbh.db.execute(sql`
    insert into shipments (company_id, team_id, tracking_number, tracking_type, shipping_line, next_refresh_at, share_token)
    select ${owner.companyId}::uuid, ${owner.teamId}::uuid, ${tag} || lpad(i::text, 6, '0'), 'BOOKING_NUMBER',
      ((array['MAERSK','MSC','CMACGM','HAPAGLLOYD']::text[])[1 + (i % 4)])::shipping_line,
      now() - interval '1 minute', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    from generate_series(1, ${count}) as i`);
}

export interface RecoveryRecord {
  scenario: string;
  fault: string;
  recoverySeconds: number;
  lost: number;
  doubled: number;
  restarts: number;
  notes: string;
}

export const recoveryRecords: RecoveryRecord[] = [];

export function seconds(fromMs: number, toMs = Date.now()): number {
  return Math.round((toMs - fromMs) / 100) / 10;
}
