import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { EXCERPT_CHARS } from "../../server/core/outbound-http";
import { outboundEmails } from "../../server/db/schema";
import {
  ATTEMPT_LEASE_MS,
  DISABLE_FAILING_AFTER_MS,
  MAX_ATTEMPTS,
  RETRY_SCHEDULE_MS,
} from "../../server/modules/webhooks/webhooks.constants";
import { requeueStalledDeliveries } from "../../server/modules/webhooks/webhooks.jobs";
import {
  getSigningSecret,
  getWebhookSettings,
  redeliverWebhook,
  sendTestEvent,
  updateWebhookUrl,
} from "../../server/modules/webhooks/webhooks.service";
import { createDeliveries } from "../../server/modules/webhooks/webhooks.store";
import { setupDatabase } from "../setup/db";
import { testRuntime, webhookKit } from "./kit";
import { type Answer, type Receiver, startReceiver } from "./receiver";

// Deliveries to a real receiver on 127.0.0.1: Standard Webhooks signatures, the retry schedule
// (the clock is moved and the attempt run by hand, as pg-boss would run it at that time), 410,
// failing for days, redirects, redelivery.

const t = setupDatabase();
// Webhook.verify checks the timestamp against the real time, so the signature test sets it there.
const clock = new TestClock(new Date());
let receiver: Receiver;
let reply: Answer = { status: 200, body: "ok" };

beforeAll(async () => {
  receiver = await startReceiver(() => reply);
});
afterAll(() => receiver.close());

function kit() {
  return webhookKit(t.db, clock);
}

/** A company with an Admin whose endpoint is the receiver; a test event queued to it. */
async function testEventTo(k: ReturnType<typeof kit>) {
  const { company, team, admin } = await k.company();
  await updateWebhookUrl(k.as(admin), { webhookUrl: receiver.url }, testRuntime);
  const { deliveryId } = await sendTestEvent(k.as(admin));
  return { company, team, admin, deliveryId };
}

function requestsWith(eventId: string) {
  return receiver.requests.filter((r) => r.headers["webhook-id"] === eventId);
}

describe("a delivery", () => {
  it("is signed per Standard Webhooks: the package verifies it, and so does the HMAC computed by hand", async () => {
    clock.set(new Date());
    reply = { status: 200, body: "ok" };
    const k = kit();
    const { admin, deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("delivered");

    const delivery = await k.delivery(deliveryId);
    const [request] = requestsWith(delivery.eventId);
    if (!request) throw new Error("the receiver got nothing");
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(delivery.eventId).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    const headers = {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    };
    const { secret } = await getSigningSecret(k.as(admin), testRuntime);

    expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({ type: "webhook.test" });

    const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
    const signed = `${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${request.body}`;
    const expected = createHmac("sha256", key).update(signed).digest("base64");
    expect(headers["webhook-signature"].split(" ")).toContain(`v1,${expected}`);
    expect(Number(headers["webhook-timestamp"])).toBe(Math.floor(clock.now().getTime() / 1000));

    expect(() => new Webhook(secret).verify(`${request.body} `, headers)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(request.body, headers),
    ).toThrow();

    expect(delivery).toMatchObject({ status: "DELIVERED", attempts: 1, responseCode: 200, lastError: null });
    expect(delivery.deliveredAt).not.toBeNull();
  });

  it("is retried after 500s on the schedule (now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then FAILED", async () => {
    reply = { status: 500, body: `Internal error ${"x".repeat(5000)}` };
    const k = kit();
    const { deliveryId } = await testEventTo(k);
    const { eventId } = await k.delivery(deliveryId);
    const waits: number[] = [];

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const outcome = await k.attempt(deliveryId);
      const row = await k.delivery(deliveryId);
      expect(row.attempts).toBe(attempt);
      expect(row.responseCode).toBe(500);
      expect(row.lastError).toBe("HTTP_500");
      expect(row.responseExcerpt?.length).toBeLessThanOrEqual(EXCERPT_CHARS);
      expect(row.responseExcerpt).toMatch(/^Internal error x/);
      if (attempt === MAX_ATTEMPTS) {
        expect(outcome).toBe("failed");
        expect(row.status).toBe("FAILED");
        expect(row.nextAttemptAt).toBeNull();
        break;
      }
      expect(outcome).toBe("retrying");
      const next = k.scheduled.filter((s) => s.deliveryId === deliveryId).at(-1);
      const wait = (row.nextAttemptAt?.getTime() ?? 0) - clock.now().getTime();
      expect(next?.delayMs).toBe(wait);
      waits.push(wait);
      // Not yet due: a job that starts early sends nothing.
      expect(await k.attempt(deliveryId)).toBe("skipped");
      clock.advance(wait);
    }

    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(waits).toEqual(RETRY_SCHEDULE_MS.slice(1));
    // Every attempt carried the same webhook-id: the receiver sees one event, retried.
    expect(requestsWith(eventId)).toHaveLength(MAX_ATTEMPTS);
    // A FAILED delivery is not sent again by a stray job.
    expect(await k.attempt(deliveryId)).toBe("skipped");
    expect(requestsWith(eventId)).toHaveLength(MAX_ATTEMPTS);
  });

  it("succeeds after failures, which ends the endpoint's run of failures", async () => {
    const k = kit();
    reply = { status: 503 };
    const { admin, deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("retrying");
    const endpoint = await k.endpointRow((await k.delivery(deliveryId)).endpointId);
    expect(endpoint?.failingSince).toEqual(clock.now());
    expect(endpoint?.userId).toBe(admin.id);

    clock.advance(RETRY_SCHEDULE_MS[1]);
    reply = { status: 204 };
    expect(await k.attempt(deliveryId)).toBe("delivered");
    const after = await k.endpointRow(endpoint?.id ?? "");
    expect(after?.failingSince).toBeNull();
    expect(after?.lastSuccessAt).not.toBeNull();
    expect(await k.delivery(deliveryId)).toMatchObject({
      status: "DELIVERED",
      attempts: 2,
      responseCode: 204,
    });
  });

  it("treats a redirect as a failure and never follows it", async () => {
    const k = kit();
    const target = await startReceiver();
    try {
      reply = { status: 301, headers: { location: `${target.url}/moved` } };
      const { deliveryId } = await testEventTo(k);
      expect(await k.attempt(deliveryId)).toBe("retrying");
      expect(await k.delivery(deliveryId)).toMatchObject({
        status: "PENDING",
        responseCode: 301,
        lastError: "REDIRECT_NOT_FOLLOWED",
      });
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("refuses to run outside the worker", async () => {
    const k = kit();
    reply = { status: 200 };
    const { admin, deliveryId } = await testEventTo(k);
    const { attemptDelivery } = await import("../../server/modules/webhooks/webhooks.delivery.service");
    await expect(
      attemptDelivery(k.as(admin), deliveryId, testRuntime, {
        appUrl: "https://x.test",
        schedule: k.schedule,
      }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await k.delivery(deliveryId)).attempts).toBe(0);
  });
});

describe("the endpoint", () => {
  it("is disabled by a 410 Gone (GONE); saving the URL again enables it", async () => {
    const k = kit();
    reply = { status: 410, body: "gone" };
    const { admin, deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("gone");
    expect(await k.delivery(deliveryId)).toMatchObject({
      status: "FAILED",
      responseCode: 410,
      lastError: "HTTP_410",
    });
    const disabled = await getWebhookSettings(k.as(admin));
    expect(disabled).toMatchObject({ url: receiver.url, enabled: false, disabledReason: "GONE" });
    expect(disabled.disabledAt).toBe(clock.now().toISOString());

    expect(await updateWebhookUrl(k.as(admin), { webhookUrl: receiver.url }, testRuntime)).toEqual({
      url: receiver.url,
      enabled: true,
      disabledAt: null,
      disabledReason: null,
    });
  });

  it("gets no shipment events while disabled (they fail at once), only the test events its Admin sends", async () => {
    const k = kit();
    reply = { status: 410 };
    const { company, deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("gone");
    const { endpointId } = await k.delivery(deliveryId);
    const [queued] = await createDeliveries(
      k.system(),
      [
        {
          companyId: company.id,
          endpointId,
          eventId: "msg_disabled_endpoint_event",
          event: "shipment.updated",
          payload: {},
        },
      ],
      k.schedule,
    );
    reply = { status: 200 };
    expect(await k.attempt(queued ?? "")).toBe("failed");
    expect(await k.delivery(queued ?? "")).toMatchObject({
      status: "FAILED",
      attempts: 1,
      lastError: "ENDPOINT_DISABLED",
    });
    expect(requestsWith("msg_disabled_endpoint_event")).toHaveLength(0);
  });

  it("is disabled after failing for days (FAILING), and every Admin is e-mailed once in their language", async () => {
    const k = kit();
    reply = { status: 500 };
    const { company, team, admin, deliveryId } = await testEventTo(k);
    const jaAdmin = await k.member(team, "ADMIN", { language: "ja" });
    const operator = await k.member(team, "OPERATOR");
    const start = clock.now();
    expect(await k.attempt(deliveryId)).toBe("retrying");

    // Four days later it still fails, but it has not failed for long enough.
    clock.set(new Date(start.getTime() + DISABLE_FAILING_AFTER_MS - 86_400_000));
    const second = (await sendTestEvent(k.as(admin))).deliveryId;
    expect(await k.attempt(second)).toBe("retrying");
    expect((await getWebhookSettings(k.as(admin))).enabled).toBe(true);

    clock.set(new Date(start.getTime() + DISABLE_FAILING_AFTER_MS));
    const third = (await sendTestEvent(k.as(admin))).deliveryId;
    expect(await k.attempt(third)).toBe("retrying");
    expect(await getWebhookSettings(k.as(admin))).toMatchObject({
      enabled: false,
      disabledReason: "FAILING",
    });

    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.companyId, company.id), eq(outboundEmails.template, "webhooks.disabled")));
    const byRecipient = new Map(mails.map((m) => [m.to.join(), m]));
    expect([...byRecipient.keys()].sort()).toEqual([admin.email, jaAdmin.email].sort());
    expect(byRecipient.has(operator.email)).toBe(false);
    expect(byRecipient.get(admin.email)?.subject).toBe(`Webhook deliveries to ${receiver.url} were stopped`);
    expect(byRecipient.get(jaAdmin.email)?.subject).toBe(`Webhook ${receiver.url} への配信を停止しました`);
    expect(byRecipient.get(admin.email)?.text).toContain("/app/console/api");

    // Its later failures (a test event still reaches a disabled endpoint) mail nobody again.
    clock.advance(RETRY_SCHEDULE_MS[1]);
    await k.attempt(third);
    const again = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.companyId, company.id), eq(outboundEmails.template, "webhooks.disabled")));
    expect(again).toHaveLength(2);
  });
});

describe("the sweep", () => {
  it("queues again only deliveries long past due (a lost job, a dead worker), not the ones waiting for their retry", async () => {
    const k = kit();
    reply = { status: 503 };
    const { deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("retrying");
    const sweep = () => requeueStalledDeliveries(k.system());
    const queued = () =>
      k.jobs.sent.filter((j) => (j.payload as { deliveryId?: string }).deliveryId === deliveryId).length;
    const before = queued();
    // Other tests' deliveries share the table, so this one is followed by its own jobs.
    await sweep();
    expect(queued()).toBe(before);
    clock.advance(RETRY_SCHEDULE_MS[1] + ATTEMPT_LEASE_MS);
    await sweep();
    expect(queued()).toBe(before);
    clock.advance(1000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(queued()).toBe(before + 1);
    expect((await k.delivery(deliveryId)).nextAttemptAt).toEqual(clock.now());
    // Moved to now: the next sweep leaves it to the job it just queued.
    await sweep();
    expect(queued()).toBe(before + 1);
    await expect(requeueStalledDeliveries(k.as((await k.company()).admin))).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});

describe("a company's delivery slots", () => {
  it("hold a company's third due delivery back while two attempts are in flight; the sweep queues it only once their leases ran out", async () => {
    const k = kit();
    reply = "hold";
    const { admin, deliveryId: first } = await testEventTo(k);
    const second = (await sendTestEvent(k.as(admin))).deliveryId;
    const third = (await sendTestEvent(k.as(admin))).deliveryId;
    const jobsOf = (id: string) =>
      k.jobs.sent.filter((j) => (j.payload as { deliveryId?: string }).deliveryId === id).length +
      k.scheduled.filter((s) => s.deliveryId === id).length;
    const start = clock.now();
    // The first two are claimed later than the third came due, as a backlog would have it.
    clock.advance(ATTEMPT_LEASE_MS / 2);
    const inFlight = [k.attempt(first), k.attempt(second)];
    await expect.poll(() => receiver.held.length, { timeout: 10_000, interval: 50 }).toBe(2);
    expect(await k.attempt(third)).toBe("waiting");
    expect((await k.delivery(third)).waitingSince).toEqual(clock.now());
    expect(receiver.held).toHaveLength(2);
    const queuedBefore = jobsOf(third);

    // Long past its due time, but its company's attempts are still in flight: they hand it on.
    clock.set(new Date(start.getTime() + ATTEMPT_LEASE_MS + 1000));
    await requeueStalledDeliveries(k.system());
    expect(jobsOf(third)).toBe(queuedBefore);

    // Their leases ran out (their worker died, say): nothing will hand it on, so the sweep queues it.
    clock.set(new Date(start.getTime() + ATTEMPT_LEASE_MS * 1.5 + 1000));
    await requeueStalledDeliveries(k.system());
    expect(jobsOf(third)).toBe(queuedBefore + 1);
    reply = { status: 200 };
    expect(await k.attempt(third)).toBe("delivered");
    expect(await k.delivery(third)).toMatchObject({
      status: "DELIVERED",
      leasedUntil: null,
      waitingSince: null,
    });

    // The hung attempts end; each records its failure and gives its slot back.
    for (const res of receiver.held.splice(0)) res.destroy();
    expect(await Promise.all(inFlight)).toEqual(["retrying", "retrying"]);
    for (const id of [first, second]) {
      expect(await k.delivery(id)).toMatchObject({ lastError: "CONNECTION_FAILED", leasedUntil: null });
    }
  });

  it("are handed on in order: a finished attempt queues the company's longest-waiting delivery", async () => {
    const k = kit();
    reply = "hold";
    const { admin, deliveryId: first } = await testEventTo(k);
    const second = (await sendTestEvent(k.as(admin))).deliveryId;
    const waiting = [
      (await sendTestEvent(k.as(admin))).deliveryId,
      (await sendTestEvent(k.as(admin))).deliveryId,
    ];
    const inFlight = [k.attempt(first), k.attempt(second)];
    await expect.poll(() => receiver.held.length, { timeout: 10_000, interval: 50 }).toBe(2);
    for (const id of waiting) {
      expect(await k.attempt(id)).toBe("waiting");
      clock.advance(1000);
    }
    // Another company is not held back by this one's full slots.
    const other = await testEventTo(k);
    expect(receiver.held).toHaveLength(2);
    const otherAttempt = k.attempt(other.deliveryId);
    await expect.poll(() => receiver.held.length, { timeout: 10_000, interval: 50 }).toBe(3);

    const handedOn = () => k.scheduled.filter((s) => waiting.includes(s.deliveryId)).map((s) => s.deliveryId);
    expect(handedOn()).toEqual([]);
    reply = { status: 200 };
    // Either of the two in flight may have reached the receiver first: answer the first held
    // request and wait for the attempt it belonged to.
    const [held] = receiver.held.splice(0, 1);
    held?.writeHead(200).end("ok");
    const [finished, outcome] = await Promise.race(inFlight.map((p, i) => p.then((r) => [i, r] as const)));
    expect(outcome).toBe("delivered");
    expect(handedOn()).toEqual([waiting[0]]);
    expect((await k.delivery(waiting[0] ?? "")).waitingSince).toBeNull();
    for (const res of receiver.held.splice(0)) res.writeHead(200).end("ok");
    expect(await inFlight[1 - finished]).toBe("delivered");
    expect(await otherAttempt).toBe("delivered");
    expect(handedOn()).toEqual(waiting);
  });
});

describe("redelivery", () => {
  it("sends the same event again, with the same webhook-id, from the same row", async () => {
    reply = { status: 200 };
    const k = kit();
    const { admin, deliveryId } = await testEventTo(k);
    expect(await k.attempt(deliveryId)).toBe("delivered");
    const { eventId, endpointId } = await k.delivery(deliveryId);

    await redeliverWebhook(k.as(admin), { deliveryId });
    expect(await k.delivery(deliveryId)).toMatchObject({ status: "PENDING", attempts: 0 });
    expect(
      k.jobs.sent.filter((j) => (j.payload as { deliveryId?: string }).deliveryId === deliveryId),
    ).toHaveLength(2);
    expect(await k.attempt(deliveryId)).toBe("delivered");

    expect(requestsWith(eventId)).toHaveLength(2);
    expect(await k.deliveriesOf(endpointId)).toHaveLength(1);
  });

  it("of another company's delivery is not found", async () => {
    reply = { status: 200 };
    const k = kit();
    const { deliveryId } = await testEventTo(k);
    const other = await k.company();
    await updateWebhookUrl(k.as(other.admin), { webhookUrl: receiver.url }, testRuntime);
    await expect(redeliverWebhook(k.as(other.admin), { deliveryId })).rejects.toMatchObject({
      code: "WEBHOOK_DELIVERY_NOT_FOUND",
    });
  });
});
