import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { TestClock } from "../../server/core/clock";
import { metricsAccess, startMetricsListener } from "../../server/core/observability-http";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { startWorkers } from "../../server/jobs/worker";
import { deliverEmail } from "../../server/modules/mail/delivery.service";
import { queueEmail } from "../../server/modules/mail/mail.internal";
import { outboxTransport, smtpTransport } from "../../server/modules/mail/mail.transport";
import { startSmtpSink } from "../../server/modules/mail/smtp-sink.testkit";
import { REFRESH_JOBS } from "../../server/modules/tracking/refresh/refresh.jobs";
import { scheduleDueRefreshes } from "../../server/modules/tracking/scheduler/scheduler.service";
import {
  failure,
  ok,
  scriptedCarriers,
  snapshot,
  TEST_SETTINGS,
} from "../../server/modules/tracking/tracking.testkit";
import { factories } from "../factories";
import { Client, signInAs } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";
import { contextFor, silentLog } from "../setup/context";
import { freePort } from "../setup/postgres";
import { allLabelValues, parseExposition, sampleValue } from "./scrape";

// GET /metrics as an operator's Prometheus reads it: protected by its token, counters that move
// with real requests and a real refresh through the worker, labels that are patterns, not ids.

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestApp;
let worker: PgBoss;
const clock = new TestClock("2026-01-20T00:00:00Z");
const failingNumbers = new Set<string>();
const carriers = scriptedCarriers((_line, number) =>
  failingNumbers.has(number) ? failure("NOT_FOUND") : ok(snapshot()),
);

beforeAll(async () => {
  t = await createTestApp({ clock, env: { METRICS_TOKEN: TOKEN } });
  worker = await startBoss(t.database.url, silentLog, { worker: true, max: 4 });
  const deps = { db: t.database.db, jobs: createJobQueue(worker), clock, log: silentLog };
  await startWorkers(worker, deps, [REFRESH_JOBS.MAERSK], {
    mail: outboxTransport,
    carriers,
    tracking: TEST_SETTINGS,
  });
});
afterAll(async () => {
  await worker.stop({ graceful: false, close: true });
  await t.close();
});

async function scrape(token = TOKEN) {
  const res = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("text/plain");
  return { text: res.body, families: parseExposition(res.body) };
}

describe("GET /metrics with METRICS_TOKEN set", () => {
  it("refuses an anonymous caller and a wrong token", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain("http_requests_total");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it("counts API calls by route pattern and procedure, and a refresh by line and outcome", async () => {
    const before = (await scrape()).families;

    // The console API (tRPC), GraphQL, and a route whose path carries a secret.
    const f = factories(t.database.db);
    const { user, team } = await f.companyWith("ADMIN");
    const client = await signInAs(new Client(t.app), t.database.db, user);
    expect((await client.query("account.viewer")).status).toBe(200);
    const graphql = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", "mercurius-require-preflight": "1" },
      payload: { query: "{ __typename }" },
    });
    expect(graphql.statusCode).toBe(200);
    const secret = crypto.randomUUID();
    await t.app.inject({ method: "GET", url: `/calendar/${secret}.ics` });

    // A refresh through the worker: one shipment refreshed, one whose number the carrier does not know.
    const good = await f.shipment(team, { nextRefreshAt: clock.now(), shippingLine: "MAERSK" });
    const bad = await f.shipment(team, { nextRefreshAt: clock.now(), shippingLine: "MAERSK" });
    failingNumbers.add(bad.trackingNumber);
    const ctx = contextFor(
      t.database.db,
      { kind: "system", reason: "test" },
      { clock, jobs: createJobQueue(t.boss) },
    );
    expect(await scheduleDueRefreshes(ctx, TEST_SETTINGS)).toBe(2);
    const queue = "tracking.refresh.MAERSK";
    await expect
      .poll(
        async () => sampleValue((await scrape()).families, "jobs_total", { queue, outcome: "completed" }),
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBeGreaterThanOrEqual(sampleValue(before, "jobs_total", { queue, outcome: "completed" }) + 2);

    // One e-mail taken by an SMTP server and one it refused.
    const sink = await startSmtpSink();
    const smtp = smtpTransport(sink.url, "Tracking <no-reply@tracking.localhost>");
    try {
      const system = contextFor(t.database.db, { kind: "system", reason: "test" }, { clock });
      const mail = (to: string) =>
        queueEmail(system, { to, template: "passwordChanged", params: { name: "Ann" } });
      await deliverEmail(system, (await mail("ann@example.com")).id, smtp);
      sink.rejectRecipients = true;
      await expect(deliverEmail(system, (await mail("bo@example.com")).id, smtp)).rejects.toThrow();
    } finally {
      smtp.close();
      await sink.close();
    }

    const { text, families: after } = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);

    expect(moved("http_requests_total", { method: "POST", route: "/auth/signin", status: "200" })).toBe(1);
    expect(moved("http_requests_total", { method: "GET", route: "/calendar/:file", status: "404" })).toBe(1);
    expect(moved("http_request_duration_seconds", { method: "GET", route: "/calendar/:file" })).toBe(1);
    expect(moved("trpc_procedure_duration_seconds", { procedure: "account.viewer", outcome: "ok" })).toBe(1);
    expect(moved("graphql_operation_duration_seconds", { field: "__typename", type: "query" })).toBe(1);
    expect(moved("tracking_refreshes_total", { line: "MAERSK", outcome: "succeeded" })).toBe(1);
    expect(moved("tracking_refreshes_total", { line: "MAERSK", outcome: "failed", kind: "NOT_FOUND" })).toBe(
      1,
    );
    expect(moved("job_duration_seconds", { queue })).toBeGreaterThanOrEqual(1);
    expect(moved("mail_deliveries_total", { outcome: "sent" })).toBe(1);
    expect(moved("mail_deliveries_total", { outcome: "failed" })).toBe(1);

    // Scrape-time and process gauges.
    expect(
      after.find((f) => f.name === "job_queue_depth")?.metrics.some((s) => s.labels?.queue === queue),
    ).toBe(true);
    expect(sampleValue(after, "db_pool_max_connections", {})).toBeGreaterThan(0);
    expect(after.some((f) => f.name === "nodejs_eventloop_lag_seconds")).toBe(true);

    // No label carries an id, a secret, a token or a raw URL.
    const labels = allLabelValues(after);
    expect(labels.filter((v) => /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v))).toEqual([]);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(good.id);
  });
});

describe("a worker-only process", () => {
  it("serves its metrics on METRICS_PORT behind the same token", async () => {
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: "test",
      ROLE: "worker",
      HOST: "127.0.0.1",
      METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
    });
    const server = await startMetricsListener(config, worker);
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const families = parseExposition(await res.text());
      expect(families.some((f) => f.name === "job_queue_depth")).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server?.close();
    }
  });
});

describe("metrics access", () => {
  it("is off in production without a token, open in development, and off when disabled", () => {
    expect(
      metricsAccess({ NODE_ENV: "production", METRICS_TOKEN: undefined, METRICS_ENABLED: undefined }),
    ).toEqual({
      kind: "off",
    });
    expect(
      metricsAccess({ NODE_ENV: "development", METRICS_TOKEN: undefined, METRICS_ENABLED: undefined }),
    ).toEqual({
      kind: "open",
    });
    expect(metricsAccess({ NODE_ENV: "production", METRICS_TOKEN: TOKEN, METRICS_ENABLED: false })).toEqual({
      kind: "off",
    });
  });

  it("answers 404 in production when METRICS_TOKEN is unset", async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: "production", SECRETS_KEY: Buffer.alloc(32, 7).toString("base64") },
    });
    try {
      const res = await prod.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
