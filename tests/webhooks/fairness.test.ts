import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, TestClock } from "../../server/core/clock";
import { createServiceContext, type ServiceDeps } from "../../server/core/context";
import { createOutboundPolicy } from "../../server/core/outbound-http";
import { webhookDeliveries } from "../../server/db/schema";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { ensureQueue, startWorkers } from "../../server/jobs/worker";
import { outboxTransport } from "../../server/modules/mail/mail.transport";
import { COMPANY_DELIVERY_SLOTS } from "../../server/modules/webhooks/webhooks.constants";
import { deliverWebhookJob, webhookJobs } from "../../server/modules/webhooks/webhooks.jobs";
import { sendTestEvent, updateWebhookUrl } from "../../server/modules/webhooks/webhooks.service";
import { silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { APP_URL, testRuntime, webhookKit } from "./kit";
import { type Receiver, startReceiver } from "./receiver";

// One company's endpoint never answers and it has many events queued ahead of another company's
// one event. Through a real pg-boss worker (the delivery queue's own slots), the other company's
// event arrives while every one of the first company's attempts is still hanging: the hanging
// endpoint holds only its own company's delivery slots. Then the hanging endpoint answers, and
// each of its events arrives exactly once.

let t: TestDatabase;
let web: PgBoss;
let worker: PgBoss | undefined;
let hanging: Receiver;
let healthy: Receiver;

/** The hanging requests never time out during the test: nothing but fairness can free a slot. */
const runtime = {
  mail: outboxTransport,
  appUrl: APP_URL,
  webhooks: {
    get secrets() {
      return testRuntime.secrets;
    },
    outbound: createOutboundPolicy({ nodeEnv: "test", allowPrivateAddresses: true, timeoutMs: 300_000 }),
  },
};

beforeAll(async () => {
  t = await freshDatabase();
  web = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  for (const def of webhookJobs) await ensureQueue(web, def);
  hanging = await startReceiver(() => "hold");
  healthy = await startReceiver();
});
afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
  await hanging?.close();
  await healthy?.close();
  await web?.stop({ graceful: false, close: true });
  await t?.close();
});

describe("a company whose endpoint hangs", () => {
  it("delays only its own deliveries: another company's event arrives while its attempts still hang", {
    timeout: 120_000,
  }, async () => {
    const deps: ServiceDeps = { db: t.db, jobs: createJobQueue(web), clock: systemClock, log: silentLog };
    const k = webhookKit(t.db, new TestClock(new Date()));
    const stalled = await k.company();
    const other = await k.company();
    const asStalled = createServiceContext(deps, userActor(stalled.admin));
    const asOther = createServiceContext(deps, userActor(other.admin));
    await updateWebhookUrl(asStalled, { webhookUrl: hanging.url }, testRuntime);
    await updateWebhookUrl(asOther, { webhookUrl: healthy.url }, testRuntime);
    // Queued first, so a worker that took jobs in order would give every slot to them.
    const stalledIds: string[] = [];
    for (let i = 0; i < 19; i++) stalledIds.push((await sendTestEvent(asStalled)).deliveryId);
    const { deliveryId: otherId } = await sendTestEvent(asOther);

    const seenOnArrival: { hangingRequests: number; stillHeld: number }[] = [];
    healthy.answer = () => {
      seenOnArrival.push({ hangingRequests: hanging.requests.length, stillHeld: hanging.held.length });
      return { status: 200, body: "ok" };
    };

    worker = await startBoss(t.url, silentLog, { worker: true, max: 3 });
    await startWorkers(worker, deps, [deliverWebhookJob], runtime);

    await expect.poll(() => healthy.requests.length, { timeout: 60_000, interval: 100 }).toBe(1);
    // When it arrived, the hanging endpoint had at most the company's slots, every one still open.
    const [onArrival] = seenOnArrival;
    expect(onArrival?.hangingRequests).toBeLessThanOrEqual(COMPANY_DELIVERY_SLOTS);
    expect(onArrival?.stillHeld).toBe(onArrival?.hangingRequests);
    await expect
      .poll(async () => (await k.delivery(otherId)).status, { timeout: 30_000, interval: 100 })
      .toBe("DELIVERED");
    // Still now: none of the hanging company's attempts has ended, and no third one was started.
    const stalledRows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.companyId, stalled.company.id));
    expect(stalledRows).toHaveLength(19);
    expect(stalledRows.every((r) => r.status === "PENDING" && r.attempts === 0)).toBe(true);
    expect(stalledRows.filter((r) => r.leasedUntil !== null)).toHaveLength(COMPANY_DELIVERY_SLOTS);
    await expect
      .poll(() => hanging.held.length, { timeout: 10_000, interval: 50 })
      .toBe(COMPANY_DELIVERY_SLOTS);
    expect(hanging.requests).toHaveLength(COMPANY_DELIVERY_SLOTS);

    // The endpoint recovers: each finished attempt hands the company's slot to its next event.
    hanging.answer = () => ({ status: 200, body: "ok" });
    for (const res of hanging.held.splice(0)) res.writeHead(200).end("ok");
    await expect
      .poll(
        async () =>
          (await Promise.all(stalledIds.map((id) => k.delivery(id)))).filter((r) => r.status === "DELIVERED")
            .length,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(19);
    const ids = hanging.requests.map((r) => String(r.headers["webhook-id"]));
    expect(ids).toHaveLength(19);
    expect(new Set(ids).size).toBe(19);
    const rows = await Promise.all(stalledIds.map((id) => k.delivery(id)));
    for (const row of rows) {
      expect(row).toMatchObject({ status: "DELIVERED", attempts: 1, leasedUntil: null, waitingSince: null });
    }
  });
});
