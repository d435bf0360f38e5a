import pino from "pino";
import postgres from "postgres";
import { openBenchDatabase } from "/work/main/scripts/bench-support";
import { runMigrations } from "/work/main/server/db/migrate";
import { startBoss } from "/work/main/server/jobs/boss";
import { ensureQueue } from "/work/main/server/jobs/worker";
import { jobDefinitions } from "/work/main/server/jobs/registry";
const log = pino({ level: "warn" });
const pg = await openBenchDatabase("explain", log);
try {
  await runMigrations(pg.url);
  const boss = await startBoss(pg.url, log as never, { worker: false, max: 2 });
  for (const d of jobDefinitions) await ensureQueue(boss, d);
  const sql = postgres(pg.url, { onnotice: () => {} });
  await sql`insert into pgboss.job (name, data, state, completed_on, heartbeat_seconds) select 'mail.send', '{}'::jsonb, 'completed', now(), 60 from generate_series(1, 300000)`;
  await sql`insert into pgboss.job (name, data, state, heartbeat_seconds) select 'mail.send', '{}'::jsonb, 'created', 60 from generate_series(1, 20000)`;
  await sql`analyze pgboss.job_common`;
  const names = jobDefinitions.map((d) => d.name);
  const q = process.env.Q!;
  const rows = await sql.unsafe(`explain (analyze, buffers) ${q}`, [names]);
  console.log(rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
  await sql.end(); await boss.stop({ graceful: false, close: true });
} finally { await pg.stop(); }
