import pino from "pino";
import { sql } from "drizzle-orm";
import { systemClock } from "../server/core/clock";
import { createDb } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { startBoss } from "../server/jobs/boss";
import { createSession } from "../server/modules/auth/session.service";
import { openBenchDatabase } from "./bench-support";
import { seed } from "./bench-graphql-seed";
const log = pino({ level: "warn" });
const database = await openBenchDatabase("atime", log);
await runMigrations(database.url);
const dbh = createDb(database.url);
const { team, admin } = await seed(dbh.db);
await dbh.db.execute(sql`analyze`);
const { token } = await createSession(dbh.db, systemClock, admin.id);
const boss = await startBoss(database.url, log, { worker: false, max: 2 });
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: database.url, APP_URL: "http://127.0.0.1:3000", SEED_DEMO: "false" });
const app = await buildApp({ config, db: dbh.db, boss, clock: systemClock });
const headers = { cookie: `session=${token}`, "content-type": "application/json", origin: "http://127.0.0.1:3000" };
const flat = `query A($teamId: ID) { shipments_v2(teamId: $teamId, tab: ALL, perPage: 100) { items { id title trackingNumber trackingType shippingLine isArchived isFailing queueStatus remark createdAt requestedEtd requestedEta delayDays etdDelayDays isFavoriteForViewer isNotificationEnabledForViewer hasUnreadCommentForViewer owner { id nickname color } team { id name } } pagination { total hasNextPage } } }`;
const idsOnly = `query B($teamId: ID) { shipments_v2(teamId: $teamId, tab: ALL, perPage: 100) { items { id } pagination { total } } }`;
const full = flat.replace("team { id name } }", "team { id name } latestHistory { loadingPort { locode name } dischargingPort { locode name } placeOfDelivery { locode name } departureTime departureTimeStatus arrivalTime arrivalTimeStatus placeOfDeliveryEta vesselVoyage vessels { vesselName voyage } containers { containerNumber } } }");
const gql = (q: string) => () => app.inject({ method: "POST", url: "/graphql", headers, payload: JSON.stringify({ query: q, variables: { teamId: team.id } }) });
const input = encodeURIComponent(JSON.stringify({ teamId: team.id, tab: "ALL", perPage: 100 }));
const trpc = () => app.inject({ method: "GET", url: `/trpc/shipments.list?input=${input}`, headers: { cookie: `session=${token}` } });
async function time(name: string, fn: () => Promise<{ body: string }>, n = 200) {
  const r = await fn(); if (r.body.includes('"errors"')) throw new Error(r.body.slice(0, 300));
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now(); for (let i = 0; i < n; i++) await fn();
  console.log(name, ((performance.now() - t) / n).toFixed(2), "ms/req sequential");
}
for (let round = 0; round < 2; round++) {
  await time("trpc", trpc);
  await time("gql-ids", gql(idsOnly));
  await time("gql-flat", gql(flat));
  await time("gql-full", gql(full));
}
await app.close(); await boss.stop({ graceful: false, close: true }); await dbh.close(); await database.stop();
process.exit(0);
