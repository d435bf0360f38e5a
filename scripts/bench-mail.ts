import os from "node:os";
import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import { systemContext } from "../server/core/context";
import { createJobQueue } from "../server/jobs/queue";
import { startWorkers } from "../server/jobs/worker";
import { MAIL_BATCH_SIZE, MAIL_WORKER_CONCURRENCY } from "../server/modules/mail/mail.constants";
import { queueRenderedEmailsOnce } from "../server/modules/mail/mail.internal";
import { sendEmailJob } from "../server/modules/mail/mail.jobs";
import { smtpTransport } from "../server/modules/mail/mail.transport";
import { startSmtpSink } from "../server/modules/mail/smtp-sink.testkit";
import {
  benchEmail,
  machineLine,
  openMigratedBenchDatabase,
  parseBenchArgs,
  runBench,
  runCleanups,
  startBenchBoss,
  writeReportSection,
} from "./bench-support";

// How fast a burst of e-mail drains: N messages written to the outbox in one transaction (as a
// refresh wave's notifications are), then sent by `--workers` worker instances with the
// production send job and settings to an SMTP server on loopback (the test sink, which accepts
// everything). The figure is the time from the commit to the last row SENT; every message must
// arrive exactly once. Bounded (at most 20,000 e-mails), loopback only, and it cleans up after itself.
// Usage: npm run bench:mail [-- --emails 1000 --workers 1 --no-write]

const USAGE = "npm run bench:mail [-- --emails N (<= 20000) --workers N (<= 4) --no-write]";

function parseArgs(argv: string[]) {
  return parseBenchArgs(argv, USAGE, {
    emails: { default: 1000, max: 20_000 },
    workers: { default: 1, max: 4 },
  });
}

const message = (n: number) => benchEmail("bench-mail", "bench.example", n);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database: pg, dbh } = await openMigratedBenchDatabase("mail", log, 10, cleanups);
    const sender = await startBenchBoss(pg.url, log, { worker: false, max: 2 }, cleanups);
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const smtp = smtpTransport(sink.url, "Tracking <no-reply@bench.example>");
    cleanups.push(async () => smtp.close());
    const deps = { db: dbh.db, jobs: createJobQueue(sender), clock: systemClock, log: log as never };

    const workers: PgBoss[] = [];
    for (let w = 0; w < options.workers; w += 1) {
      const boss = await startBenchBoss(pg.url, log, { worker: true, max: 5 }, cleanups);
      workers.push(boss);
      await startWorkers(boss, deps, [sendEmailJob], { mail: smtp });
    }

    const loadAverage = os.loadavg()[0] ?? 0;
    const ctx = systemContext(deps, "bench");
    const queued = await queueRenderedEmailsOnce(
      ctx,
      Array.from({ length: options.emails }, (_, n) => message(n)),
    );
    const started = performance.now();
    out(`${queued} e-mails queued; waiting for ${options.workers} worker(s) to send them…`);
    const deadline = started + 10 * 60 * 1000;
    for (;;) {
      const [row] = await dbh.db.execute<{ sent: number }>(
        sql`select count(*)::int as sent from outbound_emails where status = 'SENT'`,
      );
      if ((row?.sent ?? 0) >= queued) break;
      if (performance.now() > deadline) throw new Error(`only ${row?.sent} of ${queued} sent in 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const received = sink.received.length;
    const distinct = new Set(sink.received.map((m) => m.headers.get("message-id"))).size;
    out(`${queued} e-mails sent in ${seconds.toFixed(1)} s: ${(queued / seconds).toFixed(0)} per second`);
    out(`received by the SMTP server ${received}, distinct Message-IDs ${distinct}`);
    if (received !== queued || distinct !== queued) throw new Error("an e-mail was lost or sent twice");

    if (options.write) {
      await writeReportSection("mail", [
        "## A burst of e-mail to an SMTP server",
        "",
        `Command: \`npm run bench:mail -- --emails ${options.emails} --workers ${options.workers}\``,
        "",
        "| Measured | Value |",
        "| --- | --- |",
        `| Date | ${new Date().toISOString().slice(0, 10)} |`,
        `| Machine | ${machineLine()} |`,
        `| Database | ${pg.source} (fresh, migrated), same machine |`,
        `| Load average at start | ${loadAverage.toFixed(2)} |`,
        `| Burst | ${queued} e-mails written to the outbox in one transaction |`,
        `| Workers | ${options.workers}, each ${MAIL_WORKER_CONCURRENCY} batches of ${MAIL_BATCH_SIZE} at once |`,
        `| Received by the SMTP server | ${received}, each once (${distinct} distinct Message-IDs) |`,
        `| **Time from commit to the last e-mail SENT** | **${seconds.toFixed(1)} s** (${(queued / seconds).toFixed(0)} per second) |`,
        "",
        "The production send job: claim the outbox row with a lease, send it over a pooled SMTP",
        "connection outside any transaction, record the outcome. Workers keep fetching while batches",
        "come back full instead of waiting for the poll; before, each of a worker's two slots took",
        "one job and then waited for the 60 s poll, about two e-mails a minute. The SMTP server is the",
        "in-process test sink on loopback, so a real server's latency adds to this.",
      ]);
      out("docs/benchmarks.md updated");
    }
  } finally {
    await runCleanups(cleanups);
  }
}

runBench(main);
