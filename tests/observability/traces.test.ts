import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { startTracing, type Tracing } from "../../server/core/tracing";
import { startBoss } from "../../server/jobs/boss";
import { createJobQueue } from "../../server/jobs/queue";
import { startWorkers } from "../../server/jobs/worker";
import { outboxTransport } from "../../server/modules/mail/mail.transport";
import { REFRESH_JOBS } from "../../server/modules/tracking/refresh/refresh.jobs";
import {
  ok,
  scriptedCarriers,
  snapshot,
  TEST_SETTINGS,
} from "../../server/modules/tracking/tracking.testkit";
import { factories } from "../factories";
import { Client, signInAs } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";
import { silentLog } from "../setup/context";

// One trace from an HTTP request through the service to its SQL, continued by the job it enqueued:
// the Update button's request queues a refresh, and the worker's refresh span and its statements
// carry the request's trace id. Spans are collected in memory instead of sent over OTLP.

const exporter = new InMemorySpanExporter();
let tracing: Tracing | null;
let t: TestApp;
let worker: PgBoss;
const clock = new TestClock("2026-01-20T00:00:00Z");

beforeAll(async () => {
  tracing = await startTracing({
    serviceName: "tracking-test",
    spanProcessor: new SimpleSpanProcessor(exporter),
  });
  t = await createTestApp({ clock });
  worker = await startBoss(t.database.url, silentLog, { worker: true, max: 4 });
  const deps = { db: t.database.db, jobs: createJobQueue(worker), clock, log: silentLog };
  await startWorkers(worker, deps, [REFRESH_JOBS.MAERSK], {
    mail: outboxTransport,
    carriers: scriptedCarriers(() => ok(snapshot())),
    tracking: TEST_SETTINGS,
  });
});
afterAll(async () => {
  await worker.stop({ graceful: false, close: true });
  await t.close();
  await tracing?.shutdown();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** True when `ancestor` is `span`'s parent or its parent's, and so on. */
function descends(span: ReadableSpan, ancestor: ReadableSpan, all: ReadableSpan[]): boolean {
  let current: ReadableSpan | undefined = span;
  for (let depth = 0; current && depth < 20; depth++) {
    if (parentOf(current) === ancestor.spanContext().spanId) return true;
    current = all.find((s) => s.spanContext().spanId === parentOf(current as ReadableSpan));
  }
  return false;
}

describe("traces", () => {
  it("follow a request to its SQL and the job it enqueued to the job's SQL", async () => {
    expect(tracing).not.toBeNull();
    const f = factories(t.database.db);
    const { user, team } = await f.companyWith("ADMIN");
    const shipment = await f.shipment(team, { shippingLine: "MAERSK" });
    const client = await signInAs(new Client(t.app), t.database.db, user);
    exporter.reset();

    const res = await client.mutate("tracking.refresh", { shipmentId: shipment.id });
    expect(res.data).toMatchObject({ queued: true });

    // The worker picks the job up on its own; its span ends when the refresh is written.
    await expect
      .poll(
        () => exporter.getFinishedSpans().filter((s) => s.name === "job tracking.refresh.MAERSK").length,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(1);
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.name === "POST /trpc/:path");
    const procedure = spans.find((s) => s.name === "trpc tracking.refresh");
    const job = spans.find((s) => s.name === "job tracking.refresh.MAERSK");
    expect(server).toBeDefined();
    expect(procedure).toBeDefined();
    expect(job).toBeDefined();
    if (!server || !procedure || !job) return;
    const traceId = server.spanContext().traceId;

    // Request → procedure (the service) → SQL, one trace.
    expect(procedure.spanContext().traceId).toBe(traceId);
    expect(descends(procedure, server, spans)).toBe(true);
    const requestSql = spans.filter(
      (s) =>
        s.kind === SpanKind.CLIENT &&
        s.attributes["db.system.name"] === "postgresql" &&
        descends(s, procedure, spans),
    );
    expect(requestSql.map((s) => s.attributes["db.operation.name"])).toEqual(
      expect.arrayContaining(["SELECT", "UPDATE"]),
    );
    expect(requestSql.every((s) => s.spanContext().traceId === traceId)).toBe(true);
    // The statement's text, never its parameters.
    expect(JSON.stringify(requestSql.map((s) => s.attributes))).not.toContain(shipment.id);

    // The enqueued job continues the request's trace, and its statements nest under it.
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(job.spanContext().traceId).toBe(traceId);
    expect(descends(job, procedure, spans)).toBe(true);
    expect(job.links.map((l) => l.context.traceId)).toContain(traceId);
    const jobSql = spans.filter((s) => s.kind === SpanKind.CLIENT && descends(s, job, spans));
    expect(jobSql.length).toBeGreaterThan(0);

    // No span carries the URL or a cookie; routes are patterns.
    expect(JSON.stringify(spans.map((s) => [s.name, s.attributes]))).not.toContain("session=");
  });
});
