import type { FastifyRequest } from "fastify";
import type { PgBoss } from "pg-boss";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import { createServiceContext, type ServiceDeps } from "../../server/core/context";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { jobDefinitions } from "../../server/jobs/registry";
import { createJobRuntime } from "../../server/jobs/runtime";
import { ensureQueue, startWorkers } from "../../server/jobs/worker";
import { deliverWebhookJob } from "../../server/modules/webhooks/webhooks.jobs";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/router";
import { silentLog, userActor } from "../setup/context";
import { freshDatabase, type TestDatabase } from "../setup/db";
import { webhookKit } from "./kit";
import { type Receiver, startReceiver } from "./receiver";

// The whole path as the console takes it: tRPC procedures with the app's configuration (a local
// receiver allowed by WEBHOOK_ALLOW_PRIVATE_TARGETS), then a real worker built by createJobRuntime
// sending the test event, signed with the secret the page shows.

let t: TestDatabase;
let boss: PgBoss;
let receiver: Receiver;
const clock = new TestClock(new Date());
const config = loadConfig({
  NODE_ENV: "test",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  APP_URL: "https://app.tracking.test",
});

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silentLog, { worker: true, max: 3 });
  for (const def of jobDefinitions) await ensureQueue(boss, def);
  receiver = await startReceiver(() => ({ status: 200, body: "ok" }));
});
afterAll(async () => {
  await receiver.close();
  await boss.stop({ graceful: false, close: true });
  await t.close();
});

describe("webhooks over tRPC", () => {
  it("saves the URL, shows the secret, sends a test event a worker delivers signed, and logs it", async () => {
    const deps: ServiceDeps = { db: t.db, jobs: createJobQueue(boss), clock, log: silentLog };
    const { admin } = await webhookKit(t.db, clock).company();
    const caller = createCallerFactory(appRouter)({
      service: createServiceContext(deps, userActor(admin)),
      req: { log: silentLog, id: "webhooks" } as unknown as FastifyRequest,
      config,
    });
    const fast = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
    await startWorkers(
      boss,
      deps,
      [{ ...deliverWebhookJob, worker: fast }],
      createJobRuntime(config, silentLog, {}),
    );

    expect(await caller.webhooks.updateUrl({ webhookUrl: receiver.url })).toMatchObject({
      url: receiver.url,
      enabled: true,
    });
    const { secret } = await caller.webhooks.signingSecret();
    const { deliveryId } = await caller.webhooks.sendTestEvent();

    const logged = async () =>
      (await caller.webhooks.deliveries({ page: 1 })).items.find((i) => i.id === deliveryId);
    await expect
      .poll(async () => (await logged())?.status, { timeout: 20_000, interval: 200 })
      .toBe("DELIVERED");
    const item = await logged();
    expect(item).toMatchObject({ event: "webhook.test", attempts: 1, responseCode: 200 });

    const request = receiver.requests.find((r) => r.headers["webhook-id"] === item?.eventId);
    if (!request) throw new Error("the receiver got nothing");
    expect(
      new Webhook(secret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).toMatchObject({ type: "webhook.test", data: { test: true } });
  });

  it("refuses a private address with the app's production rules, whatever the option says", async () => {
    const production = loadConfig({
      NODE_ENV: "production",
      SECRETS_KEY: Buffer.alloc(32, 3).toString("base64"),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    });
    expect(() => createJobRuntime(production, silentLog, {})).toThrow(
      /private outbound addresses cannot be allowed in production/,
    );
  });
});
