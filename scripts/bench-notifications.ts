import os from "node:os";
import { sql } from "drizzle-orm";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import { systemContext } from "../server/core/context";
import type { createDb } from "../server/db/client";
import { createJobQueue } from "../server/jobs/queue";
import { ensureQueue } from "../server/jobs/worker";
import { sendEmailJob } from "../server/modules/mail/mail.jobs";
import { notifyShipmentChanges } from "../server/modules/notifications/notify.service";
import {
  machineLine,
  openMigratedBenchDatabase,
  parseBenchArgs,
  runBench,
  runCleanups,
  startBenchBoss,
  writeReportSection,
} from "./bench-support";

// Notification throughput for a refresh wave: N subscribed shipments whose latest refresh moved the
// ETA, each with two subscribers (one English, one Japanese). The notification job's own function
// runs for every changed history, `--concurrency` at a time as a worker would, and each run reads
// the changes and subscribers, renders the HTML and text parts and writes the outbox rows and their
// send jobs in one transaction. The figure is e-mails rendered and queued per second.
// Bounded (at most 50,000 shipments), loopback only, and it cleans up after itself.
// Usage: npm run bench:notifications [-- --shipments 10000 --concurrency 8 --no-write]

const USAGE = "npm run bench:notifications [-- --shipments N (<= 50000) --concurrency N (<= 32) --no-write]";

function parseArgs(argv: string[]) {
  return parseBenchArgs(argv, USAGE, {
    shipments: { default: 10_000, max: 50_000 },
    concurrency: { default: 8, max: 32 },
  });
}

type Db = ReturnType<typeof createDb>["db"];

/** A company, a team of two subscribers, and `count` shipments each with two histories and an ETA change. */
async function seed(db: Db, count: number): Promise<string[]> {
  const [company] = await db.execute<{ id: string }>(sql`
    insert into companies (company_name, phone_number, work_email, approval_state, trial_started_at)
    values ('Benchmark Co', '+81 3 0000 0000', 'bench@example.com', 'APPROVED', now()) returning id`);
  const companyId = company?.id;
  await db.execute(sql`
    insert into contracts (company_id, plan, starts_at, ends_at, max_trackings, max_members)
    values (${companyId}::uuid, 'PREMIUM', now() - interval '1 day', now() + interval '1 year', 100000, 100)`);
  const [team] = await db.execute<{ id: string }>(
    sql`insert into teams (company_id, name) values (${companyId}::uuid, 'Bench') returning id`,
  );
  const teamId = team?.id;
  const people = await db.execute<{ id: string }>(sql`
    insert into users (email, nickname, company_id, role_id, is_email_verified, notification_email, language, time_zone)
    values
      ('en@bench.example', 'English', ${companyId}::uuid, '00000000-0000-0000-0000-000000000002', true, 'en@bench.example, ops@bench.example', 'en', 'Europe/London'),
      ('ja@bench.example', 'Japanese', ${companyId}::uuid, '00000000-0000-0000-0000-000000000002', true, 'ja@bench.example', 'ja', 'Asia/Tokyo')
    returning id`);
  for (const person of people) {
    await db.execute(
      sql`insert into team_members (company_id, team_id, user_id) values (${companyId}::uuid, ${teamId}::uuid, ${person.id}::uuid)`,
    );
  }
  await db.execute(sql`
    insert into shipments (company_id, team_id, title, tracking_number, tracking_type, shipping_line, share_token)
    select ${companyId}::uuid, ${teamId}::uuid, 'Order ' || i, 'BENCH' || lpad(i::text, 7, '0'), 'BOOKING_NUMBER', 'MAERSK',
      replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into subscriptions (user_id, shipment_id) select u.id, s.id from users u cross join shipments s
    where u.company_id = ${companyId}::uuid`);
  const histories = await db.execute<{ id: string }>(sql`
    insert into shipment_histories (shipment_id, company_id, status, loading_port_locode, loading_port_name,
      discharging_port_locode, discharging_port_name, place_of_delivery_locode, place_of_delivery_name,
      departure_time, departure_time_status, arrival_time, arrival_time_status, place_of_delivery_eta, place_of_delivery_eta_status)
    select s.id, s.company_id, 'success', 'JPYOK', 'Yokohama', 'USLAX', 'Los Angeles', 'USLAX', 'Los Angeles',
      '2026-02-01T01:00:00Z', 'ESTIMATED', '2026-02-16T16:00:00Z', 'ESTIMATED', '2026-02-16T16:00:00Z', 'ESTIMATED'
    from shipments s where s.company_id = ${companyId}::uuid
    returning id`);
  await db.execute(sql`
    insert into history_vessels (history_id, sequence, vessel_name, voyage, loading_port_locode, discharging_port_locode)
    select h.id, 0, 'ONE APUS', '012E', 'JPYOK', 'USLAX' from shipment_histories h where h.company_id = ${companyId}::uuid`);
  await db.execute(sql`
    insert into shipment_changes (shipment_id, company_id, history_id, kind, old_value, new_value)
    select h.shipment_id, h.company_id, h.id, 'ETA',
      '{"time":"2026-02-15T16:00:00.000Z","status":"ESTIMATED"}'::jsonb,
      '{"time":"2026-02-16T16:00:00.000Z","status":"ESTIMATED"}'::jsonb
    from shipment_histories h where h.company_id = ${companyId}::uuid`);
  return histories.map((h) => h.id);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = pino({ level: "warn" });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const { database: pg, dbh } = await openMigratedBenchDatabase(
      "notifications",
      log,
      options.concurrency + 2,
      cleanups,
    );
    const boss = await startBenchBoss(pg.url, log, { worker: false, max: 4 }, cleanups);
    await ensureQueue(boss, sendEmailJob);

    out(`Seeding ${options.shipments} shipments with 2 subscribers each…`);
    const historyIds = await seed(dbh.db, options.shipments);
    const ctx = systemContext(
      { db: dbh.db, jobs: createJobQueue(boss), clock: systemClock, log: log as never },
      "bench",
    );
    const loadAverage = os.loadavg()[0] ?? 0;
    let next = 0;
    let queued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < historyIds.length) {
          const id = historyIds[next++];
          if (!id) break;
          const result = await notifyShipmentChanges(ctx, id, "https://tracking.example");
          queued += result.queued;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [check] = await dbh.db.execute<{ rows: number; jobs: number }>(sql`
      select (select count(*)::int from outbound_emails) as rows,
             (select count(*)::int from pgboss.job where name = 'mail.send') as jobs`);
    const perSecond = queued / seconds;
    out(
      `${queued} e-mails rendered and queued in ${seconds.toFixed(1)} s: ${perSecond.toFixed(0)} per second`,
    );
    out(`outbox rows ${check?.rows}, send jobs ${check?.jobs}`);
    if (check?.rows !== queued || check?.jobs !== queued) throw new Error("outbox and send jobs disagree");

    if (options.write) {
      await writeReportSection("notifications", [
        "## Notification e-mails for a refresh wave",
        "",
        `Command: \`npm run bench:notifications -- --shipments ${options.shipments} --concurrency ${options.concurrency}\``,
        "",
        "| Measured | Value |",
        "| --- | --- |",
        `| Date | ${new Date().toISOString().slice(0, 10)} |`,
        `| Machine | ${machineLine()} |`,
        `| Database | ${pg.source} (fresh, migrated), same machine |`,
        `| Load average at start | ${loadAverage.toFixed(2)} |`,
        `| Wave | ${options.shipments} subscribed shipments, one ETA change each, 2 subscribers each (en and ja, one with 2 addresses) |`,
        `| Jobs at once | ${options.concurrency} |`,
        `| E-mails rendered and queued | ${queued} in ${seconds.toFixed(1)} s |`,
        `| **E-mails rendered and queued per second** | **${perSecond.toFixed(0)}** |`,
        "",
        "Each e-mail is the production path of the notification job: read the refresh's change records,",
        "the shipment, its history and vessels, the plan and the subscribers; filter by each subscriber's",
        "thresholds and transhipment mode; create the unsubscribe tokens; render subject, plain text and",
        "HTML in the subscriber's language and time zone (with each port's local time); and write the",
        "outbox rows (unique dedupe key) and their pg-boss send jobs in one transaction per shipment.",
        "SMTP delivery is not included: it is bounded by the mail server, and retried with backoff.",
      ]);
      out("docs/benchmarks.md updated");
    }
  } finally {
    await runCleanups(cleanups);
  }
}

runBench(main);
