import { readFileSync, readdirSync } from "node:fs";
import pino from "pino";
import { systemClock } from "../server/core/clock";
import { createDb } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { createSession } from "../server/modules/auth/session.service";
import { PAGE_SIZE, seed } from "./bench-graphql-seed";
import { startWebServer, stopProcess } from "./bench-server";
import { freePort, openBenchDatabase, runCleanups } from "./bench-support";

const GRAPHQL_PAGE = /* GraphQL */ `
  query ListPage($teamId: ID, $perPage: Int) {
    shipments_v2(teamId: $teamId, tab: ALL, perPage: $perPage) {
      items {
        id title trackingNumber trackingType shippingLine isArchived isFailing queueStatus remark
        createdAt requestedEtd requestedEta delayDays etdDelayDays
        isFavoriteForViewer isNotificationEnabledForViewer hasUnreadCommentForViewer
        owner { id nickname color }
        team { id name }
        latestHistory {
          loadingPort { locode name } dischargingPort { locode name } placeOfDelivery { locode name }
          departureTime departureTimeStatus arrivalTime arrivalTimeStatus placeOfDeliveryEta vesselVoyage
          vessels { vesselName voyage } containers { containerNumber }
        }
      }
      pagination { total hasNextPage }
    }
  }`;
const TCK = 100;
function cpu(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(f[11]) + Number(f[12])) / TCK;
  } catch { return 0; }
}
function pgCpu(port: number): number {
  let post = 0; const all: { pid: number; ppid: number; cmd: string }[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ");
      const f = readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      all.push({ pid: Number(d), ppid: Number(f[1]), cmd });
    } catch {}
  }
  const master = all.find((p) => p.cmd.includes("bin/postgres") && p.cmd.includes(`-p ${port}`));
  if (!master) return 0;
  for (const p of all) if (p.ppid === master.pid) post += cpu(p.pid);
  return post;
}
async function main() {
  const log = pino({ level: "warn" });
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const database = await openBenchDatabase("a2cpu", log);
    cleanups.push(database.stop);
    await runMigrations(database.url);
    const dbh = createDb(database.url, { max: 2 });
    cleanups.push(dbh.close);
    const { team, admin } = await seed(dbh.db);
    const { token } = await createSession(dbh.db, systemClock, admin.id);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startWebServer(database.url, port, process.env.PROF ?? "");
    cleanups.push(() => stopProcess(server));
    const pgPort = Number(new URL(database.url).port);
    const cookie = `session=${token}`;
    const trpcInput = encodeURIComponent(JSON.stringify({ teamId: team.id, tab: "ALL", perPage: PAGE_SIZE }));
    const targets = [
      { name: "trpc", path: `/trpc/shipments.list?input=${trpcInput}`, init: { method: "GET", headers: { cookie } } },
      { name: "gql", path: "/graphql", init: { method: "POST", body: JSON.stringify({ query: GRAPHQL_PAGE, variables: { teamId: team.id, perPage: PAGE_SIZE } }), headers: { cookie, "content-type": "application/json", origin: base } } },
    ];
    const N = Number(process.env.N ?? 400);
    const conc = 4;
    const run = async (t: (typeof targets)[number], n: number) => {
      let i = 0; let last = "";
      await Promise.all(Array.from({ length: conc }, async () => {
        while (i < n) { i += 1; const r = await fetch(base + t.path, t.init as RequestInit); last = await r.text(); if (!r.ok || last.includes('"errors"')) throw new Error(last.slice(0, 300)); }
      }));
      return last;
    };
    for (const t of targets) { const body = await run(t, 50); if (process.env.DUMP) (await import("node:fs")).writeFileSync(`${process.env.DUMP}.${t.name}.json`, body); }
    const res: Record<string, number[]> = { trpc: [], gql: [] };
    for (let round = 0; round < 3; round += 1) for (const t of targets.filter((x) => !process.env.ONLY || x.name === process.env.ONLY)) {
      const n0 = cpu(server.pid ?? 0), p0 = pgCpu(pgPort); const w0 = performance.now();
      await run(t, N);
      const n1 = cpu(server.pid ?? 0), p1 = pgCpu(pgPort); const w1 = performance.now();
      res[t.name]?.push(((n1 - n0) / N) * 1000, ((p1 - p0) / N) * 1000);
      console.log(`${t.name}: node ${(((n1 - n0) / N) * 1000).toFixed(2)} ms/req, pg ${(((p1 - p0) / N) * 1000).toFixed(2)} ms/req, wall ${((w1 - w0) / N).toFixed(2)} ms/req`);
    }
  } finally { await runCleanups(cleanups); }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
