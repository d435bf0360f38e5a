import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../shared/i18n/en";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { silentLog as silent } from "../../../tests/setup/context";
import { createServiceContext, type ServiceContext } from "../../core/context";
import { createJobQueue } from "../../jobs/queue";
import { queueEmail } from "./mail.internal";
import { sendEmailJob } from "./mail.jobs";
import { outboxTransport } from "./mail.transport";
import type { OutboxMessage } from "./outbox.service";

function contextOf(t: TestApp, kind: "anonymous" | "system"): ServiceContext {
  const deps = { db: t.database.db, jobs: createJobQueue(t.boss), clock: t.clock, log: silent };
  return createServiceContext(deps, kind === "system" ? { kind, reason: "test" } : { kind });
}

const outbox = (t: TestApp) => t.app.inject({ method: "GET", url: "/trpc/debug.outbox" });

describe("debug.outbox on a developer's machine", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "development" } });
  });
  afterAll(() => t?.close());

  it("lists the newest messages first with the links of their text", async () => {
    const verifyUrl = "http://localhost:3000/app/auth/email-verification/tok-1";
    const inviteUrl = "http://localhost:3000/app/invitations/inv-1";
    const older = await queueEmail(contextOf(t, "anonymous"), {
      to: "ann@example.com",
      template: "verifyEmail",
      params: { name: "Ann", url: verifyUrl },
    });
    await sendEmailJob.handle(contextOf(t, "system"), { emailId: older.id }, { mail: outboxTransport });
    const newer = await queueEmail(contextOf(t, "anonymous"), {
      to: "ben@example.com",
      template: "invitation",
      params: { inviterName: "Ann", companyName: "Osaka", url: inviteUrl, expiresAt: "2026-02-01T00:00:00Z" },
      lang: "ja",
    });

    const res = await outbox(t);
    expect(res.statusCode).toBe(200);
    const messages = res.json().result.data as OutboxMessage[];
    expect(messages.map((m) => m.id)).toEqual([newer.id, older.id]);
    expect(messages[1]).toMatchObject({
      to: ["ann@example.com"],
      subject: en.mail.verifyEmail.subject,
      template: "verifyEmail",
      status: "SENT",
      transport: "outbox",
      links: [verifyUrl],
    });
    expect(messages[1]?.sentAt).toBe(t.clock.now().toISOString());
    expect(messages[0]).toMatchObject({
      status: "PENDING",
      language: "ja",
      links: [inviteUrl],
      sentAt: null,
    });
    expect(messages[0]).not.toHaveProperty("text");
    expect(messages[0]).not.toHaveProperty("html");
  });
});

describe.each(["production", "test"] as const)("debug.outbox in %s", (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    // Production refuses to start without SECRETS_KEY.
    const secrets: Record<string, string> =
      mode === "production" ? { SECRETS_KEY: Buffer.alloc(32, 1).toString("base64") } : {};
    t = await createTestApp({ env: { NODE_ENV: mode, ...secrets } });
  });
  afterAll(() => t?.close());

  it("does not exist: 404 and nothing of the outbox in the answer", async () => {
    await queueEmail(contextOf(t, "anonymous"), {
      to: "ann@example.com",
      template: "passwordReset",
      params: { name: "Ann", url: "https://tracking.example/app/auth/password-reset?token=secret-token" },
    });
    const res = await outbox(t);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.data.code).toBe("NOT_FOUND");
    expect(res.body).not.toContain("secret-token");
    expect(res.body).not.toContain("ann@example.com");
  });
});
