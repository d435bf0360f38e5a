import { fork } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { systemClock } from "../server/core/clock";
import { systemContext } from "../server/core/context";
import { createJobQueue } from "../server/jobs/queue";
import { createSession } from "../server/modules/auth/session.internal";
import { LIVE_MAX_STREAMS_PER_USER } from "../server/modules/live/live.constants";
import { LIVE_EVENTS_PATH, liveHubOf } from "../server/modules/live/live.rest";
import { publishShipmentChange } from "../server/modules/live/live.service";
import { ROLE_IDS } from "../shared/enums";
import {
  benchCommand,
  freePort,
  machineLine,
  openMigratedBenchDatabase,
  parseBenchArgs,
  runBench,
  runCleanups,
  startBenchBoss,
  writeReportSection,
} from "./bench-support";

// Live schedule updates on one web process: `--streams` open event streams (one console each, a few
// per user as tabs, all members of one company) held by a separate client process, then `--events`
// schedule changes published one after another as the live job publishes them. For each change: the
// time from its commit to the moment the LAST stream received it; and the web process's memory per
// open stream. Loopback only; it cleans up after itself.
// Usage: npm run bench:live [-- --streams 2000 --events 50]

const USAGE = "npm run bench:live [-- --streams N (<= 5000) --events N (<= 500) --no-write]";

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  const options = parseBenchArgs(process.argv.slice(2), USAGE, {
    streams: { default: 2000, max: 5000 },
    events: { default: 50, max: 500 },
  });
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database: pg, dbh } = await openMigratedBenchDatabase("live", log, 10, cleanups);
    const boss = await startBenchBoss(pg.url, log, { worker: false, max: 2 }, cleanups);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      DATABASE_URL: pg.url,
      PORT: String(port),
      APP_URL: url,
      SECRETS_KEY: Buffer.alloc(32, 7).toString("base64"),
      READYZ_REQUIRE_WORKER: "false",
      SEED_DEMO: "false",
    });
    const app = await buildApp({ config, db: dbh.db, boss, clock: systemClock });
    await app.listen({ port, host: "127.0.0.1" });
    cleanups.push(() => app.close());

    // One company on a paid plan, one team, the users holding the streams (Admins: they see all).
    const users = Math.ceil(options.streams / LIVE_MAX_STREAMS_PER_USER);
    const [company] = await dbh.db.execute<{ id: string }>(sql`
      insert into companies (company_name, phone_number, work_email, approval_state, trial_started_at)
      values ('Benchmark Co', '+81 3 0000 0000', 'bench@example.com', 'APPROVED', now()) returning id`);
    await dbh.db.execute(sql`
      insert into contracts (company_id, plan, starts_at, ends_at, max_trackings, max_members)
      values (${company?.id}::uuid, 'PREMIUM', now() - interval '1 day', now() + interval '1 year', 100000, 10000)`);
    const [team] = await dbh.db.execute<{ id: string }>(
      sql`insert into teams (company_id, name) values (${company?.id}::uuid, 'Bench') returning id`,
    );
    const people = await dbh.db.execute<{ id: string }>(sql`
      insert into users (email, nickname, company_id, role_id, is_email_verified)
      select 'live' || i || '@bench.example', 'Live ' || i, ${company?.id}::uuid,
        ${ROLE_IDS.ADMIN}::uuid, true
      from generate_series(1, ${users}) as i returning id`);
    await dbh.db.execute(sql`
      insert into team_members (company_id, team_id, user_id)
      select ${company?.id}::uuid, ${team?.id}::uuid, u.id from users u where u.company_id = ${company?.id}::uuid`);
    const [shipment] = await dbh.db.execute<{ id: string }>(sql`
      insert into shipments (company_id, team_id, title, tracking_number, tracking_type, shipping_line)
      values (${company?.id}::uuid, ${team?.id}::uuid, 'Bench', 'BENCHLIVE1', 'BOOKING_NUMBER', 'MAERSK') returning id`);
    const cookies: string[] = [];
    for (let i = 0; cookies.length < options.streams; i += 1) {
      const person = people[i % people.length];
      if (!person) throw new Error("no users seeded");
      const { token } = await createSession(dbh.db, systemClock, person.id);
      cookies.push(`session=${token}`);
    }

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const clients = fork(path.resolve("scripts/bench-live-clients.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    cleanups.push(async () => {
      clients.kill();
    });
    const received = new Map<number, number>();
    const waiting = new Map<number, (at: number) => void>();
    const opened = new Promise<void>((resolve, reject) => {
      clients.on(
        "message",
        (m: { kind: string; id?: number; last?: number; n?: number; message?: string }) => {
          if (m.kind === "open") resolve();
          if (m.kind === "error") reject(new Error(m.message));
          if (m.kind === "partial")
            out(
              `change ${m.id} reached only ${m.n} of ${options.streams} streams (${liveHubOf(app)?.size} open on the server)`,
            );
          if (m.kind === "received" && m.id !== undefined && m.last !== undefined) {
            const resolveReceived = waiting.get(m.id);
            if (resolveReceived) resolveReceived(m.last);
            else received.set(m.id, m.last);
          }
        },
      );
      clients.on("exit", (code) => reject(new Error(`clients exited (${code})`)));
    });
    const openedAt = performance.now();
    clients.send({ url: `${url}${LIVE_EVENTS_PATH}`, cookies });
    await opened;
    out(`${options.streams} streams open in ${((performance.now() - openedAt) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 1000));
    global.gc?.();
    const rssAfter = process.memoryUsage().rss;

    const ctx = systemContext(
      { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log: log as never },
      "bench",
    );
    const loadAverage = os.loadavg()[0] ?? 0;
    const samples: number[] = [];
    for (let i = 0; i < options.events; i += 1) {
      const event = await publishShipmentChange(ctx, { shipmentId: shipment?.id ?? "" });
      const committed = performance.timeOrigin + performance.now();
      if (!event) throw new Error("nothing published");
      const last = await new Promise<number>((resolve, reject) => {
        const early = received.get(event.id);
        if (early !== undefined) return resolve(early);
        const timer = setTimeout(
          () => reject(new Error(`event ${event.id} did not reach every stream`)),
          30_000,
        );
        waiting.set(event.id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      samples.push(Math.max(0, last - committed));
      await new Promise((r) => setTimeout(r, 100));
    }
    clients.kill();
    await once(clients, "exit");

    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    const perStreamKb = Math.max(0, (rssAfter - rssBefore) / options.streams / 1024);
    out(
      `bench:live streams=${options.streams} p50_ms=${p50.toFixed(1)} p99_ms=${p99.toFixed(1)} rss_per_stream_kb=${perStreamKb.toFixed(1)}`,
    );
    if (options.write) {
      await writeReportSection("live", [
        "## Live schedule updates (server-sent events)",
        "",
        `Command: \`${benchCommand("bench:live")}\``,
        "",
        "| Measured | Value |",
        "| --- | --- |",
        `| Date | ${new Date().toISOString().slice(0, 10)} |`,
        `| Machine | ${machineLine()} |`,
        `| Database | ${pg.source} (fresh, migrated), same machine |`,
        `| Load average at start | ${loadAverage.toFixed(2)} |`,
        `| Open streams on one web process | ${options.streams} (${users} users, up to ${LIVE_MAX_STREAMS_PER_USER} each) |`,
        `| Changes published | ${options.events}, one after another |`,
        `| **Commit → last stream received, p50** | **${p50.toFixed(1)} ms** |`,
        `| **Commit → last stream received, p99** | **${p99.toFixed(1)} ms** |`,
        `| **Web process memory per open stream** | **${perStreamKb.toFixed(1)} KiB** (RSS growth / streams) |`,
        "",
        "Each change is the live job's own function: the numbered row and `pg_notify` in one",
        "transaction; the web process hears it on its one LISTEN connection and writes it to every",
        "stream whose cached scope allows it (no query per stream). The clients run in a separate",
        "process on the same machine; the time ends when the last of them has parsed the event.",
        "The refresh and the job queue's hand-offs before the job are not included.",
      ]);
      out("docs/benchmarks.md updated");
    }
  } finally {
    await runCleanups(cleanups);
  }
}

runBench(main);
