import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { factories } from "../../../tests/factories";
import { silentLog as silent } from "../../../tests/setup/context";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { createServiceContext, type ServiceDeps } from "../../core/context";
import { outboundEmails } from "../../db/schema";
import { startBoss } from "../../jobs/boss";
import { createJobQueue } from "../../jobs/queue";
import { ensureQueue, startWorkers } from "../../jobs/worker";
import { MAIL_LEASE_SECONDS, MAIL_SEND_MAX_ATTEMPTS } from "./mail.constants";
import { queueEmail } from "./mail.internal";
import { sendEmailJob } from "./mail.jobs";
import { type MailTransport, outboxTransport, smtpTransport } from "./mail.transport";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.testkit";

const FROM = "Tracking <no-reply@tracking.test>";

let t: TestDatabase;
let boss: PgBoss;
let sink: SmtpSink;
let smtp: MailTransport;
let deps: ServiceDeps;
const clock = new TestClock("2026-03-01T08:00:00Z");

beforeAll(async () => {
  t = await freshDatabase();
  boss = await startBoss(t.url, silent, { worker: false, max: 2 });
  await ensureQueue(boss, sendEmailJob);
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, FROM);
  deps = { db: t.db, jobs: createJobQueue(boss), clock, log: silent };
});
afterAll(async () => {
  smtp?.close();
  await sink?.close();
  await boss?.stop({ graceful: false, close: true });
  await t?.close();
});
afterEach(() => {
  sink.rejectRecipients = false;
  sink.received.length = 0;
});

const system = () => createServiceContext(deps, { kind: "system", reason: "test" });
const anonymous = () => createServiceContext(deps, { kind: "anonymous" });
const runJob = (id: string, transport: MailTransport = smtp) =>
  sendEmailJob.handle(system(), { emailId: id }, { mail: transport });
const row = async (id: string) =>
  (await t.db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];
const jobsFor = async (id: string) =>
  (await t.db.execute(sql`select id from pgboss.job where name = 'mail.send' and data->>'emailId' = ${id}`))
    .length;
const unique = () => `${crypto.randomUUID().slice(0, 8)}@example.com`;

const VERIFY_URL = "https://app.tracking.test/app/auth/email-verification/abc123";

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("queueEmail", () => {
  it("writes a PENDING row and its send job, which carries the row id only", async () => {
    const to = unique();
    const { id } = await queueEmail(anonymous(), {
      to,
      template: "verifyEmail",
      params: { name: "Ann", url: VERIFY_URL },
    });
    const saved = await row(id);
    expect(saved).toMatchObject({ to: [to], template: "verifyEmail", language: "en", status: "PENDING" });
    expect(saved?.attempts).toBe(0);
    const [job] = await t.db.execute(
      sql`select data from pgboss.job where name = 'mail.send' and data->>'emailId' = ${id}`,
    );
    expect(job?.data).toEqual({ emailId: id });
  });

  it("leaves no row and no job when the caller's transaction rolls back", async () => {
    const to = unique();
    let queued = "";
    await expect(
      anonymous().tx(async (tx) => {
        queued = (await queueEmail(tx, { to, template: "passwordChanged", params: { name: "Ann" } })).id;
        throw new Error("the password update failed");
      }),
    ).rejects.toThrow("the password update failed");
    expect(queued).not.toBe("");
    expect(await row(queued)).toBeUndefined();
    expect(await jobsFor(queued)).toBe(0);
  });

  it("refuses an address that is not one", async () => {
    await expect(
      queueEmail(anonymous(), { to: "not an address", template: "passwordChanged", params: { name: "A" } }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("the send job over SMTP", () => {
  it("delivers the English message and marks the row SENT", async () => {
    const to = unique();
    const { id } = await queueEmail(anonymous(), {
      to,
      template: "verifyEmail",
      params: { name: "Ann", url: VERIFY_URL },
    });
    await runJob(id);

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe("no-reply@tracking.test");
    expect(mail.user).toBe("mailer");
    expect(mail.subject).toBe(en.mail.verifyEmail.subject);
    expect(mail.text).toContain("Hello Ann,");
    expect(mail.text).toContain(`${en.mail.verifyEmail.action}:\n${VERIFY_URL}`);
    expect(mail.html).toContain(`href="${VERIFY_URL}"`);
    expect(mail.html).toContain(en.mail.verifyEmail.action);
    expect(await row(id)).toMatchObject({
      status: "SENT",
      transport: "smtp",
      attempts: 1,
      lastError: null,
      sentAt: clock.now(),
    });
  });

  it("writes in Japanese to a recipient whose account is in Japanese", async () => {
    const user = await factories(t.db).user({
      email: unique().toUpperCase(),
      language: "ja",
      nickname: "山田",
    });
    const { id } = await queueEmail(anonymous(), {
      to: user.email.toLowerCase(),
      template: "passwordReset",
      params: { name: user.nickname, url: VERIFY_URL },
    });
    await runJob(id);

    const mail = sink.received[0]!;
    expect(mail.subject).toBe(ja.mail.passwordReset.subject);
    expect(mail.text).toContain("山田 様");
    expect(mail.text).toContain(ja.mail.passwordReset.intro.replace("{{appName}}", ja.common.appName));
    expect(mail.html).toContain(ja.mail.passwordReset.action);
    expect(await row(id)).toMatchObject({ language: "ja", status: "SENT" });
  });

  it("follows the language the caller gives over the account's", async () => {
    const user = await factories(t.db).user({ email: unique(), language: "ja" });
    const { id } = await queueEmail(anonymous(), {
      to: user.email,
      template: "passwordChanged",
      params: { name: "Ann" },
      lang: "en",
    });
    await runJob(id);
    expect(sink.received[0]?.subject).toBe(en.mail.passwordChanged.subject);
  });

  it("sends a row once when the job runs twice, one after the other or at the same time", async () => {
    const first = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    await runJob(first.id);
    await runJob(first.id);
    expect(sink.received).toHaveLength(1);

    const second = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "B" },
    });
    await Promise.all([runJob(second.id), runJob(second.id), runJob(second.id)]);
    expect(sink.received).toHaveLength(2);
    expect(await row(second.id)).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("records a refused recipient and throws so pg-boss retries", async () => {
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    sink.rejectRecipients = true;
    await expect(runJob(id)).rejects.toThrow(/550/);
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 1, sentAt: null });
    expect((await row(id))?.lastError).toMatch(/Mailbox unavailable/);

    sink.rejectRecipients = false;
    await runJob(id);
    expect(sink.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2, lastError: null });
  });

  it("records an unreachable server, and marks the row FAILED after the last attempt", async () => {
    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    for (let attempt = 1; attempt < MAIL_SEND_MAX_ATTEMPTS; attempt++) {
      await expect(runJob(id, down)).rejects.toThrow(/ECONNREFUSED/);
      expect(await row(id)).toMatchObject({ status: "PENDING", attempts: attempt });
    }
    await expect(runJob(id, down)).rejects.toThrow(/ECONNREFUSED/);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "FAILED", attempts: MAIL_SEND_MAX_ATTEMPTS, sentAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    await runJob(id, smtp);
    expect(sink.received).toHaveLength(0);
    expect((await row(id))?.status).toBe("FAILED");
  });

  it("is run by the worker with the transport it was started with", async () => {
    const workerBoss = await startBoss(t.url, silent, { worker: true, max: 2 });
    try {
      // A fast-polling worker, by NOTIFY or not: the test is about which transport it sends with.
      const fast = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
      const poll = { ...sendEmailJob, worker: fast };
      await startWorkers(workerBoss, deps, [poll], { mail: smtp });
      const to = unique();
      const { id } = await queueEmail(anonymous(), {
        to,
        template: "passwordChanged",
        params: { name: "W" },
      });
      // Earlier tests of this file leave jobs behind for rows they handled directly: wait for this one.
      const mine = () => sink.received.filter((m) => m.to.includes(to)).length;
      await expect.poll(mine, { timeout: 15_000, interval: 200 }).toBe(1);
      await expect.poll(async () => (await row(id))?.status, { timeout: 15_000 }).toBe("SENT");
    } finally {
      await workerBoss.stop({ graceful: false, close: true });
    }
  });
});

describe("an attempt and its lease", () => {
  /** A transport that hands the message to the server and then never returns: a worker killed right after. */
  function dyingAfterSend() {
    let resume: () => void = () => {};
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const transport: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        await smtp.send(mail);
        await resumed;
      },
      close: () => {},
    };
    return { transport, resume };
  }

  it("holds no transaction and no row lock while the SMTP server has the message", async () => {
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    const seen: { openTransactions: number; rowLocked: boolean }[] = [];
    sink.duringData = async () => {
      const [open] = await t.sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`;
      let rowLocked = false;
      await t.sql
        .begin(async (tx) => {
          await tx`select id from outbound_emails where id = ${id} for update nowait`;
        })
        .catch(() => {
          rowLocked = true;
        });
      seen.push({ openTransactions: open?.n ?? -1, rowLocked });
    };
    try {
      await runJob(id);
    } finally {
      sink.duringData = null;
    }
    expect(seen).toEqual([{ openTransactions: 0, rowLocked: false }]);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 1, leaseUntil: null });
  });

  it("sends a row again with the same Message-ID once a dead attempt's lease has run out", async () => {
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    const dying = dyingAfterSend();
    const first = runJob(id, dying.transport);
    await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(1);
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 1 });

    // While the lease holds, another run does not send: it comes back when the lease ends.
    await runJob(id);
    expect(sink.received).toHaveLength(1);
    const [again] = await t.db.execute<{ due_in: number }>(
      sql`select extract(epoch from start_after - now())::float8 as due_in from pgboss.job
          where name = 'mail.send' and data->>'emailId' = ${id} and state = 'created'
          order by start_after desc limit 1`,
    );
    expect(again?.due_in).toBeGreaterThan(MAIL_LEASE_SECONDS - 30);

    clock.advance(MAIL_LEASE_SECONDS * 1000 + 1);
    await runJob(id);
    expect(sink.received).toHaveLength(2);
    const [one, two] = sink.received.map((m) => m.headers.get("message-id"));
    expect(one).toBe(`<${id}@tracking.test>`);
    expect(two).toBe(one);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });

    // The first attempt coming back to life late cannot rewrite what the second recorded.
    dying.resume();
    await first;
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });
  });
});

describe("the send job without SMTP", () => {
  it("keeps the message in the outbox: SENT through the outbox transport, nothing delivered", async () => {
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    await runJob(id, outboxTransport);
    expect(sink.received).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: "SENT", transport: "outbox", attempts: 1 });
  });

  it("is only for the system: a request cannot trigger a delivery", async () => {
    const { id } = await queueEmail(anonymous(), {
      to: unique(),
      template: "passwordChanged",
      params: { name: "A" },
    });
    await expect(sendEmailJob.handle(anonymous(), { emailId: id }, { mail: smtp })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    expect((await row(id))?.status).toBe("PENDING");
  });
});
