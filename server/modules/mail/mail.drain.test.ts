import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLog } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { systemClock } from "../../core/clock";
import { createServiceContext, type ServiceDeps } from "../../core/context";
import { startBoss } from "../../jobs/boss";
import { createJobQueue } from "../../jobs/queue";
import { startWorkers } from "../../jobs/worker";
import { queueRenderedEmailsOnce, type RenderedEmail } from "./mail.internal";
import { sendEmailJob } from "./mail.jobs";
import { type MailTransport, smtpTransport } from "./mail.transport";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.testkit";

// A burst of e-mail drains as fast as the worker and the SMTP server go: before, each of the
// worker's two slots took one job and then waited for the 60 s poll (about two a minute). The
// time is measured by `npm run bench:mail`, not asserted here; what is asserted is that all of
// them arrive, each once, with the worker's own (production) settings and a poll that would not
// fire for ten minutes.

const COUNT = 1000;

let t: TestDatabase;
let sender: PgBoss;
let worker: PgBoss;
let sink: SmtpSink;
let smtp: MailTransport;
let deps: ServiceDeps;

beforeAll(async () => {
  t = await freshDatabase();
  sender = await startBoss(t.url, silentLog, { worker: false, max: 2 });
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, "Tracking <no-reply@tracking.test>");
  deps = { db: t.db, jobs: createJobQueue(sender), clock: systemClock, log: silentLog };
});
afterAll(async () => {
  await worker?.stop({ graceful: false, close: true });
  smtp?.close();
  await sink?.close();
  await sender?.stop({ graceful: false, close: true });
  await t?.close();
});

function message(n: number): RenderedEmail {
  return {
    to: [`person${n}@example.com`],
    subject: `Message ${n}`,
    text: `Body ${n}`,
    html: `<p>Body ${n}</p>`,
    template: "test",
    lang: "en",
    companyId: null,
    dedupeKey: `drain:${n}`,
  };
}

describe("a burst of e-mail", () => {
  it(`delivers ${COUNT} queued messages, each exactly once`, { timeout: 300_000 }, async () => {
    worker = await startBoss(t.url, silentLog, { worker: true, max: 4 });
    const slowPoll = {
      ...sendEmailJob.worker,
      notifyPollingIntervalSeconds: 600,
      pollingIntervalSeconds: 600,
    };
    await startWorkers(worker, deps, [{ ...sendEmailJob, worker: slowPoll }], { mail: smtp });

    const ctx = createServiceContext(deps, { kind: "system", reason: "test" });
    const queued = await queueRenderedEmailsOnce(
      ctx,
      Array.from({ length: COUNT }, (_, n) => message(n)),
    );
    expect(queued).toBe(COUNT);

    const sent = async () =>
      Number(
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from outbound_emails where status = 'SENT'`,
          )
        )[0]?.n,
      );
    await expect.poll(sent, { timeout: 280_000, interval: 500 }).toBe(COUNT);

    expect(sink.received).toHaveLength(COUNT);
    const recipients = new Set(sink.received.map((m) => m.to[0]));
    expect(recipients.size).toBe(COUNT);
    const messageIds = new Set(sink.received.map((m) => m.headers.get("message-id")));
    expect(messageIds.size).toBe(COUNT);
    const [attempts] = await t.db.execute<{ max: number }>(
      sql`select max(attempts)::int as max from outbound_emails`,
    );
    expect(attempts?.max).toBe(1);
  });
});
