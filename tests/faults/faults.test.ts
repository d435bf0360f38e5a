import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { createServiceContext, type ServiceDeps } from "../../server/core/context";
import type { DbHandle } from "../../server/db/client";
import { queueEmail } from "../../server/modules/mail/mail.internal";
import { scheduleDueRefreshes } from "../../server/modules/tracking/scheduler/scheduler.service";
import { trackingSettings } from "../../server/modules/tracking/tracking.config";
import { sendTestEvent, updateWebhookUrl } from "../../server/modules/webhooks/webhooks.service";
import { userActor } from "../setup/context";
import { freePort } from "../setup/postgres";
import { testRuntime, webhookKit } from "../webhooks/kit";
import {
  type FaultPostgres,
  productEnv,
  recoveryRecords,
  Supervised,
  seconds,
  seedCompany,
  seedShipments,
  startFaultPostgres,
  systemCtx,
  testSide,
  waitFor,
} from "./harness";
import { writeReliabilityReport } from "./report";
import { SmtpPeer } from "./smtp-peer";
import { WebhookPeer } from "./webhook-peer";

// Real processes, real faults (docs/reliability.md): one Postgres, one web and two worker
// processes of server/main.ts under a restart loop, the carrier simulator (served by the web
// process), an SMTP server on a fixed port. Each scenario counts what was lost and what was done
// twice, and checks that every process is running at the end; the recovery times go to the report.
// The scenarios run in order on one deployment, as an operator's bad day would.

const SETTINGS = trackingSettings({
  REFRESH_INTERVAL: 6 * 3_600_000,
  REFRESH_JITTER: 30 * 60_000,
  REFRESH_FAILURE_THRESHOLD: 3,
  REFRESH_CONCURRENCY: 2,
  REFRESH_BATCH_SIZE: 20,
  REFRESH_RATE_PER_MINUTE: 0,
});

let pg: FaultPostgres;
let side: { dbh: DbHandle; deps: ServiceDeps; close(): Promise<void> };
let smtp: SmtpPeer;
let web: Supervised;
let workers: Supervised[];
let webUrl: string;
let owner: { companyId: string; teamId: string };

const all = () => [web, ...workers];

beforeAll(async () => {
  pg = await startFaultPostgres();
  side = await testSide(pg.url);
  owner = await seedCompany(side.dbh);
  smtp = new SmtpPeer(await freePort());
  await smtp.up();
  const webPort = await freePort();
  webUrl = `http://127.0.0.1:${webPort}`;
  const env = productEnv({ databaseUrl: pg.url, webPort, smtpPort: smtp.port });
  web = new Supervised("web", "web", env);
  workers = [new Supervised("worker-a", "worker", env), new Supervised("worker-b", "worker", env)];
  const up = all().map((p) => p.whenUp());
  for (const p of all()) p.start();
  await Promise.all(up);
  await waitFor("the web process ready", () => readyz().then((r) => r.status === 200), 60_000);
}, 240_000);

afterAll(async () => {
  await Promise.all((web ? all() : []).map((p) => p.stop()));
  await side?.close();
  await smtp?.down();
  await pg?.destroy();
  writeReliabilityReport(recoveryRecords);
}, 120_000);

async function readyz(timeoutMs = 5_000): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${webUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, ms: performance.now() - started, body: await res.text() };
}

/** Shipments of the tag whose refresh ran to an outcome (the simulator refuses a few numbers). */
async function refreshedCount(tag: string): Promise<number> {
  const [row] = await side.dbh.db.execute<{ n: number }>(sql`
    select count(*)::int as n from shipments
    where tracking_number like ${`${tag}%`} and queue_status = 'SLEEPING'
      and (last_scraped_at is not null or consecutive_failures > 0)`);
  return row?.n ?? 0;
}

/** Shipments of the tag with more than one history row: one fetch of unchanged data writes one. */
async function doubledHistories(tag: string): Promise<number> {
  const [row] = await side.dbh.db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select h.shipment_id from shipment_histories h join shipments s on s.id = h.shipment_id
      where s.tracking_number like ${`${tag}%`} group by h.shipment_id having count(*) > 1) d`);
  return row?.n ?? 0;
}

async function queueMails(tag: string, count: number): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `${tag}-${i}@faults.example`);
  for (const to of addresses) {
    await queueEmail(systemCtx(side.deps), {
      to,
      template: "passwordChanged",
      params: { name: "Fault" },
      lang: "en",
    });
  }
  return addresses;
}

function expectAllRunning() {
  for (const p of all()) {
    expect(p.alive, `${p.name} is running\n${p.tail()}`).toBe(true);
    // A process that exited on its own said why in its own log line first (never a silent death).
    const unexplained = p.exits.filter(
      (e) => e.signal !== "SIGKILL" && e.signal !== "SIGTERM" && e.code !== 0,
    );
    if (unexplained.length > 0) expect(p.fatalLines().length, `${p.name} logged its exit`).toBeGreaterThan(0);
  }
}

describe.sequential("faults injected into a running deployment", () => {
  let mailKill: { addresses: string[]; killedAt: number } | undefined;

  it("kill -9 of a worker in the middle of a refresh wave: every shipment refreshed once", async () => {
    const tag = "KILLREF";
    const count = 300;
    await seedShipments(side.dbh, owner, count, tag);
    const queued = await scheduleDueRefreshes(systemCtx(side.deps), SETTINGS, { maxPerRun: 10_000 });
    expect(queued).toBeGreaterThanOrEqual(count);
    await waitFor("the wave under way", async () => (await refreshedCount(tag)) >= 10, 60_000, 50);
    const [active] = await side.dbh.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where state = 'active' and name like 'tracking.refresh%'`,
    );
    const victim = workers[0] as Supervised;
    const killedAt = Date.now();
    victim.kill("SIGKILL");
    await waitFor(
      "every shipment refreshed",
      async () => (await refreshedCount(tag)) === count,
      180_000,
      500,
    );
    const recovered = Date.now();
    const doubled = await doubledHistories(tag);
    expect(doubled).toBe(0);
    await waitFor("the killed worker restarted", async () => victim.alive && victim.starts >= 2, 60_000);
    recoveryRecords.push({
      scenario: "Worker killed mid-refresh",
      fault: `kill -9 of one of two workers with ${active?.n ?? 0} refresh jobs active, ${count} shipments due`,
      recoverySeconds: seconds(killedAt, recovered),
      lost: count - (await refreshedCount(tag)),
      doubled,
      restarts: victim.starts - 1,
      notes:
        "recovery: from the kill to the last of the wave refreshed; the restart loop brought the worker back",
    });
  }, 300_000);

  it("kill -9 of a worker while it sends e-mail (checked at the end, after its lease)", async () => {
    const tag = "mailkill";
    const addresses = await queueMails(tag, 60);
    await waitFor(
      "sending under way",
      async () => smtp.received.some((m) => m.to[0]?.startsWith(tag)),
      60_000,
      20,
    );
    const victim = workers[1] as Supervised;
    victim.kill("SIGKILL");
    mailKill = { addresses, killedAt: Date.now() };
    await waitFor("the killed worker restarted", async () => victim.alive && victim.starts >= 2, 60_000);
  }, 120_000);

  it("SMTP down then up: every e-mail delivered once", async () => {
    const tag = "smtpdown";
    await smtp.down();
    const downAt = Date.now();
    const addresses = await queueMails(tag, 20);
    await waitFor(
      "failed attempts recorded",
      async () => {
        const [row] = await side.dbh.db.execute<{ n: number }>(sql`
          select count(*)::int as n from outbound_emails where "to"[1] like ${`${tag}-%`} and attempts > 0`);
        return (row?.n ?? 0) === addresses.length;
      },
      60_000,
      250,
    );
    await smtp.up();
    const upAt = Date.now();
    await waitFor(
      "every e-mail delivered",
      async () => addresses.every((a) => smtp.countTo(a) >= 1),
      180_000,
      500,
    );
    const delivered = Date.now();
    const doubled = addresses.filter((a) => smtp.countTo(a) > 1).length;
    expect(doubled).toBe(0);
    recoveryRecords.push({
      scenario: "SMTP server down, then up",
      fault: `SMTP server gone for ${seconds(downAt, upAt)} s while ${addresses.length} e-mails were queued`,
      recoverySeconds: seconds(upAt, delivered),
      lost: addresses.filter((a) => smtp.countTo(a) === 0).length,
      doubled,
      restarts: 0,
      notes: "recovery: from the server's return to the last e-mail received (waits for the retry backoff)",
    });
  }, 300_000);

  it("webhook receiver down then up: every event delivered once per webhook-id", async () => {
    const peer = new WebhookPeer(await freePort());
    const kit = webhookKit(side.dbh.db, new TestClock(new Date()));
    const { admin } = await kit.company();
    const asAdmin = createServiceContext(side.deps, userActor(admin));
    await updateWebhookUrl(asAdmin, { webhookUrl: peer.url }, testRuntime);
    const downAt = Date.now();
    const deliveryIds: string[] = [];
    for (let i = 0; i < 10; i++) deliveryIds.push((await sendTestEvent(asAdmin)).deliveryId);
    const attempted = async () => {
      const [row] = await side.dbh.db.execute<{ n: number }>(sql`
        select count(*)::int as n from webhook_deliveries where id = any(${`{${deliveryIds.join(",")}}`}::uuid[]) and attempts > 0`);
      return (row?.n ?? 0) === deliveryIds.length;
    };
    await waitFor("failed attempts while the receiver is down", attempted, 60_000, 100);
    await peer.up();
    const upAt = Date.now();
    const rows = () =>
      side.dbh.db.execute<{ event_id: string; status: string }>(sql`
        select event_id, status::text as status from webhook_deliveries where id = any(${`{${deliveryIds.join(",")}}`}::uuid[])`);
    await waitFor(
      "every event delivered",
      async () => (await rows()).every((r) => r.status === "DELIVERED" && peer.count(r.event_id) >= 1),
      120_000,
      250,
    );
    const delivered = Date.now();
    const eventIds = (await rows()).map((r) => r.event_id);
    const doubled = eventIds.filter((id) => peer.count(id) > 1).length;
    expect(new Set(eventIds).size).toBe(deliveryIds.length);
    expect(doubled).toBe(0);
    await peer.down();
    recoveryRecords.push({
      scenario: "Webhook receiver down, then up",
      fault: `receiver gone for ${seconds(downAt, upAt)} s while ${deliveryIds.length} events were sent`,
      recoverySeconds: seconds(upAt, delivered),
      lost: eventIds.filter((id) => peer.count(id) === 0).length,
      doubled,
      restarts: 0,
      notes: "recovery: from the receiver's return to the last event delivered (the retry after 5 s)",
    });
  }, 180_000);

  it("Postgres stopped and started under web and workers: /readyz says 503 at once, all carry on", async () => {
    // Work in flight when the connections drop: a refresh wave and e-mail sends (the driver used to
    // throw from a timer here and take the worker down with it).
    const inFlight = "PGWAVE";
    await seedShipments(side.dbh, owner, 200, inFlight);
    await scheduleDueRefreshes(systemCtx(side.deps), SETTINGS, { maxPerRun: 10_000 });
    const mails = await queueMails("pgdown", 20);
    await waitFor("the wave under way", async () => (await refreshedCount(inFlight)) >= 5, 60_000, 20);
    await pg.stop();
    const stoppedAt = Date.now();
    const probes: { status: number | "timeout" | "error"; ms: number }[] = [];
    const api: number[] = [];
    while (Date.now() - stoppedAt < 12_000) {
      const started = performance.now();
      try {
        const r = await readyz(5_000);
        probes.push({ status: r.status, ms: r.ms });
      } catch (err) {
        const timedOut = (err as Error).name === "TimeoutError";
        probes.push({ status: timedOut ? "timeout" : "error", ms: performance.now() - started });
      }
      const res = await fetch(`${webUrl}/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "someone@faults.example", password: "Correct-Horse-42" }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      api.push(res?.status ?? 0);
      await new Promise((r) => setTimeout(r, 500));
    }
    await pg.start();
    const startedAt = Date.now();
    const answeredDuringOutage = probes.filter((p) => p.status === 503).length;
    expect(
      probes.every((p) => p.status === 503),
      JSON.stringify(probes),
    ).toBe(true);
    expect(
      api.every((s) => s === 503),
      JSON.stringify(api),
    ).toBe(true);
    await waitFor("ready again", async () => (await readyz()).status === 200, 120_000, 250);
    const readyAgain = Date.now();

    // Nothing in flight was lost, and background work goes on with a new wave.
    const tag = "AFTERPG";
    await seedShipments(side.dbh, owner, 40, tag);
    await scheduleDueRefreshes(systemCtx(side.deps), SETTINGS, { maxPerRun: 10_000 });
    await waitFor("the new wave refreshed", async () => (await refreshedCount(tag)) === 40, 120_000, 500);
    await waitFor(
      "the interrupted wave refreshed",
      async () => (await refreshedCount(inFlight)) === 200,
      180_000,
      500,
    );
    await waitFor(
      "the e-mails delivered",
      async () => mails.every((a) => smtp.countTo(a) >= 1),
      180_000,
      500,
    );
    const doneAt = Date.now();
    expect(await doubledHistories(inFlight)).toBe(0);
    expect(mails.filter((a) => smtp.countTo(a) > 1)).toEqual([]);
    expectAllRunning();
    recoveryRecords.push({
      scenario: "Postgres stopped and started",
      fault: `Postgres down ${seconds(stoppedAt, startedAt)} s under 1 web and 2 worker processes, with a wave of 200 refreshes and 20 e-mails in flight`,
      recoverySeconds: seconds(startedAt, readyAgain),
      lost: 240 - (await refreshedCount(tag)) - (await refreshedCount(inFlight)),
      doubled: (await doubledHistories(tag)) + (await doubledHistories(inFlight)),
      restarts: all().reduce((n, p) => n + p.exits.filter((e) => e.at >= stoppedAt).length, 0),
      notes: `recovery: from Postgres back to /readyz 200; ${answeredDuringOutage} of ${probes.length} /readyz probes during the outage answered 503, slowest in ${Math.round(Math.max(...probes.map((p) => p.ms)))} ms; every sign-in attempt answered 503; the interrupted wave and its e-mails were all done ${seconds(startedAt, doneAt)} s after Postgres was back`,
    });
  }, 300_000);

  it("SIGTERM to the web process under keep-alive load: no request reset", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    // A reset is counted apart when it hit a request written on a reused kept-alive socket the
    // server had just closed (Node's `req.reusedSocket`): HTTP/1.1's unavoidable race, which a
    // client retries (RFC 9112 §9.3.1). Such a request is retried here once, as a client would.
    const outcomes = { ok: 0, closing503: 0, refused: 0, reset: 0, retriedRace: 0, other: 0 };
    let running = true;
    const one = (retry = true): Promise<void> =>
      new Promise<void>((resolve) => {
        const req = http.get(`${webUrl}/healthz`, { agent }, (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode === 200) outcomes.ok += 1;
            else if (res.statusCode === 503) outcomes.closing503 += 1;
            else outcomes.other += 1;
            resolve();
          });
        });
        req.on("error", (err: NodeJS.ErrnoException) => {
          const reset = err.code === "ECONNRESET" || err.message === "socket hang up";
          if (reset && req.reusedSocket && retry) {
            outcomes.retriedRace += 1;
            void one(false).then(resolve);
            return;
          }
          if (err.code === "ECONNREFUSED") outcomes.refused += 1;
          else if (reset) outcomes.reset += 1;
          else outcomes.other += 1;
          resolve();
        });
      });
    const client = async () => {
      while (running) {
        await one();
        if (outcomes.refused > 0) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const clients = Array.from({ length: 16 }, client);
    await new Promise((r) => setTimeout(r, 1_500));
    const before = web.exits.length;
    const termAt = Date.now();
    web.kill("SIGTERM");
    await waitFor("the web process exited", async () => web.exits.length > before, 60_000, 50);
    const exit = web.exits.at(-1);
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await Promise.all(clients);
    agent.destroy();
    expect(exit?.code).toBe(0);
    expect(outcomes.reset, JSON.stringify(outcomes)).toBe(0);
    expect(outcomes.ok).toBeGreaterThan(0);
    await web.whenUp();
    await waitFor("ready again", async () => (await readyz()).status === 200, 60_000, 250);
    recoveryRecords.push({
      scenario: "SIGTERM to a web process under load",
      fault: "SIGTERM while 16 keep-alive clients loop on GET /healthz",
      recoverySeconds: seconds(termAt),
      lost: outcomes.reset,
      doubled: 0,
      restarts: 1,
      notes: `recovery: from the signal to /readyz 200 on the restarted process; ${outcomes.ok} answered, ${outcomes.closing503} answered 503 while closing, ${outcomes.refused} refused while down, ${outcomes.reset} reset, ${outcomes.retriedRace} kept-alive races retried`,
    });
  }, 180_000);

  it("the e-mails of the killed worker: every one delivered, a repeat only with the same Message-ID", async () => {
    if (!mailKill) throw new Error("the mail-kill scenario did not run");
    const { addresses, killedAt } = mailKill;
    await waitFor(
      "every e-mail delivered",
      async () => addresses.every((a) => smtp.countTo(a) >= 1),
      300_000,
      1_000,
    );
    const delivered = Date.now();
    const repeated = addresses.filter((a) => smtp.countTo(a) > 1);
    for (const a of repeated) {
      const ids = new Set(smtp.received.filter((m) => m.to.includes(a)).map((m) => m.messageId));
      expect(ids.size, `${a} got its repeat under the same Message-ID`).toBe(1);
    }
    expectAllRunning();
    recoveryRecords.push({
      scenario: "Worker killed mid-delivery",
      fault: "kill -9 of a worker while it sent a batch of 60 e-mails",
      recoverySeconds: seconds(killedAt, delivered),
      lost: addresses.filter((a) => smtp.countTo(a) === 0).length,
      doubled: repeated.length,
      restarts: 1,
      notes:
        "recovery: from the kill to the last e-mail received; delivery is at least once, so a message the server had taken when the worker died may come again, with the same Message-ID",
    });
  }, 360_000);
});
