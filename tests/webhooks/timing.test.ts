import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, TestClock } from "../../server/core/clock";
import { createServiceContext, type ServiceDeps } from "../../server/core/context";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { ensureQueue, startWorkers } from "../../server/jobs/worker";
import { outboxTransport } from "../../server/modules/mail/mail.transport";
import { DUE_TOLERANCE_MS, RETRY_SCHEDULE_MS } from "../../server/modules/webhooks/webhooks.constants";
import { deliverWebhookJob, webhookJobs } from "../../server/modules/webhooks/webhooks.jobs";
import { sendTestEvent, updateWebhookUrl } from "../../server/modules/webhooks/webhooks.service";
import { silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { APP_URL, testRuntime, webhookKit } from "./kit";
import { type Receiver, startReceiver } from "./receiver";

// A retry runs when it is due, not at the worker's next poll. The delivery's retry is a pg-boss job
// sent with startAfter (webhooks.jobs), and the worker is woken when that job comes due
// (jobs/wakeup.ts). Here the worker's idle polls are ten minutes apart and the test waits one
// minute at most, so a poll cannot be what runs the 5 s retry; the real clock throughout.

const POLL_SECONDS = 600;

let t: TestDatabase;
let web: PgBoss;
let worker: PgBoss | undefined;
let receiver: Receiver;
/** When each request reached the receiver (ms since the epoch). */
const arrivals: number[] = [];

beforeAll(async () => {
  t = await freshDatabase();
  web = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  for (const def of webhookJobs) await ensureQueue(web, def);
  receiver = await startReceiver(() => {
    arrivals.push(Date.now());
    return arrivals.length === 1 ? { status: 500, body: "down for a moment" } : { status: 200, body: "ok" };
  });
});
afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
  await receiver?.close();
  await web?.stop({ graceful: false, close: true });
  await t?.close();
});

describe("a delivery answered with 500", () => {
  it("is retried on the 5 s step when it comes due, not at the next poll", { timeout: 120_000 }, async () => {
    const deps: ServiceDeps = { db: t.db, jobs: createJobQueue(web), clock: systemClock, log: silentLog };
    const k = webhookKit(t.db, new TestClock(new Date()));
    const { admin } = await k.company();
    const asAdmin = createServiceContext(deps, userActor(admin));
    await updateWebhookUrl(asAdmin, { webhookUrl: receiver.url }, testRuntime);

    worker = await startBoss(t.url, silentLog, { worker: true, max: 3 });
    const slow = { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS };
    await startWorkers(worker, deps, [{ ...deliverWebhookJob, worker: { ...slow, localConcurrency: 2 } }], {
      mail: outboxTransport,
      appUrl: APP_URL,
      webhooks: testRuntime,
    });
    const { deliveryId } = await sendTestEvent(asAdmin);

    await expect.poll(async () => (await k.delivery(deliveryId)).attempts, { timeout: 30_000 }).toBe(1);
    const failed = await k.delivery(deliveryId);
    expect(failed).toMatchObject({ status: "PENDING", lastError: "HTTP_500" });
    // The retry's time is the schedule's 5 s step after the failure.
    const due = failed.nextAttemptAt?.getTime() ?? 0;
    expect(due - (failed.lastAttemptAt?.getTime() ?? 0)).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[1]);

    // Within a minute, while the next poll is ten minutes away: the wake-up at the due time ran it.
    await expect
      .poll(async () => (await k.delivery(deliveryId)).status, { timeout: 60_000, interval: 100 })
      .toBe("DELIVERED");
    expect(arrivals).toHaveLength(2);
    const [first = 0, second = 0] = arrivals;
    // Not early: no sooner than the 5 s step (less the tolerance a claim allows for clock skew).
    expect(second - first).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[1] - DUE_TOLERANCE_MS);
    expect(second).toBeGreaterThanOrEqual(due - DUE_TOLERANCE_MS);
    expect(await k.delivery(deliveryId)).toMatchObject({ attempts: 2, responseCode: 200, leasedUntil: null });
  });
});
