import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { createServiceContext, type ServiceDeps } from "../../server/core/context";
import { createDb, type DbHandle } from "../../server/db/client";
import { webhookDeliveries } from "../../server/db/schema";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { ensureQueue, startWorkers } from "../../server/jobs/worker";
import { outboxTransport } from "../../server/modules/mail/mail.transport";
import { ATTEMPT_LEASE_MS } from "../../server/modules/webhooks/webhooks.constants";
import {
  deliverWebhookJob,
  requeueStalledDeliveries,
  webhookJobs,
} from "../../server/modules/webhooks/webhooks.jobs";
import { sendTestEvent, updateWebhookUrl } from "../../server/modules/webhooks/webhooks.service";
import { silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { APP_URL, testRuntime, webhookKit } from "./kit";
import { type Receiver, startReceiver } from "./receiver";

// At least once, through pg-boss: a worker that dies while the receiver holds its request (its
// process gone: pg-boss stopped, its database connections closed) loses nothing. Another worker
// sends every event, the delivery rows are neither duplicated nor re-numbered, and the receiver
// sees the interrupted event again under the same webhook-id, which is what it deduplicates on.

let t: TestDatabase;
let web: PgBoss;
let receiver: Receiver;
const clock = new TestClock(new Date());
/** The first worker's requests are held open; once it is gone the receiver answers. */
let holding = true;

const fast = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
const runtime = { mail: outboxTransport, appUrl: APP_URL, webhooks: testRuntime };

async function startWorker(localConcurrency: number): Promise<{ boss: PgBoss; handle: DbHandle }> {
  const handle = createDb(t.url, { max: 3 });
  const boss = await startBoss(t.url, silentLog, { worker: true, max: 2 });
  const deps: ServiceDeps = { db: handle.db, jobs: createJobQueue(boss), clock, log: silentLog };
  await startWorkers(boss, deps, [{ ...deliverWebhookJob, worker: { ...fast, localConcurrency } }], runtime);
  return { boss, handle };
}

beforeAll(async () => {
  t = await freshDatabase();
  web = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  for (const def of webhookJobs) await ensureQueue(web, def);
  receiver = await startReceiver(() => (holding ? "hold" : { status: 200, body: "ok" }));
});
afterAll(async () => {
  await receiver.close();
  await web.stop({ graceful: false, close: true });
  await t.close();
});

describe("a worker that dies mid-delivery", () => {
  it("loses no event, duplicates no row, and the event comes again with the same webhook-id", async () => {
    const deps: ServiceDeps = { db: t.db, jobs: createJobQueue(web), clock, log: silentLog };
    const k = webhookKit(t.db, clock);
    const { admin } = await k.company();
    const asAdmin = createServiceContext(deps, userActor(admin));
    await updateWebhookUrl(asAdmin, { webhookUrl: receiver.url }, testRuntime);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sendTestEvent(asAdmin)).deliveryId);

    // One attempt at a time: the worker dies holding exactly one, the others still queued.
    const first = await startWorker(1);
    await expect.poll(() => receiver.held.length, { timeout: 20_000, interval: 100 }).toBe(1);
    const interrupted = receiver.requests.map((r) => String(r.headers["webhook-id"]));
    expect(interrupted).toHaveLength(1);

    // The worker's process dies: its queue connection and database connections are gone.
    await first.boss.stop({ graceful: false, close: true });
    await first.handle.close();
    holding = false;
    for (const res of receiver.held.splice(0)) res.destroy();

    // Its lease runs out; the sweep queues the interrupted deliveries again; another worker starts.
    clock.advance(3 * ATTEMPT_LEASE_MS);
    const system = createServiceContext(deps, { kind: "system", reason: "test" });
    expect(await requeueStalledDeliveries(system)).toBeGreaterThanOrEqual(interrupted.length);
    const second = await startWorker(4);
    const { endpointId } = await k.delivery(ids[0] ?? "");
    const statuses = async () =>
      (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))
        .map((r) => r.status)
        .sort();
    try {
      await expect
        .poll(statuses, { timeout: 30_000, interval: 200 })
        .toEqual(["DELIVERED", "DELIVERED", "DELIVERED"]);
    } finally {
      await second.boss.stop({ graceful: false, close: true });
      await second.handle.close();
    }

    const rows = await Promise.all(ids.map((id) => k.delivery(id)));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(3);
    // The dead worker recorded nothing: each delivery has the one attempt that succeeded.
    for (const row of rows)
      expect(row).toMatchObject({ status: "DELIVERED", attempts: 1, responseCode: 200 });
    const received = receiver.requests.map((r) => String(r.headers["webhook-id"]));
    for (const row of rows) expect(received).toContain(row.eventId);
    // The interrupted events arrived again under the same id; nothing else was sent twice.
    for (const id of interrupted) expect(received.filter((r) => r === id)).toHaveLength(2);
    expect(received).toHaveLength(3 + interrupted.length);
  });
});
