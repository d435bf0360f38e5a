import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { freshDatabase, type TestDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import type { Shipment } from "../../db/schema";
import type { TrackingSnapshot } from "../carriers/carriers.types";
import { type MailTransport, smtpTransport } from "../mail/mail.transport";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../mail/smtp-sink.testkit";
import { snapshot } from "../tracking/tracking.testkit";
import { notificationKit } from "./notifications.testkit";

// Test-only: the setup the notification e-mail tests share (a database, a real SMTP server in
// process, the kit), registered as vitest hooks of the calling file.

export const FROM = "Tracking <no-reply@tracking.test>";

export function setupNotifyTests() {
  let t: TestDatabase | undefined;
  let sink: SmtpSink | undefined;
  let smtp: MailTransport | undefined;
  let kit: ReturnType<typeof notificationKit> | undefined;
  const clock = new TestClock("2026-01-20T00:00:00Z");

  beforeAll(async () => {
    t = await freshDatabase();
    sink = await startSmtpSink();
    smtp = smtpTransport(sink.url, FROM);
    kit = notificationKit(t, clock);
  });
  afterAll(async () => {
    smtp?.close();
    await sink?.close();
    await t?.close();
  });
  afterEach(() => {
    if (sink) sink.received.length = 0;
  });

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("setupNotifyTests: read it inside a test");
    return value;
  };

  const env = {
    clock,
    get t() {
      return need(t);
    },
    get sink() {
      return need(sink);
    },
    get smtp() {
      return need(smtp);
    },
    get kit() {
      return need(kit);
    },
    mailTo: (address: string): ReceivedMail[] => env.sink.received.filter((m) => m.to.includes(address)),

    /** Refreshes with `next`, runs the notification job of every change set, and delivers over SMTP. */
    async refreshAndMail(companyId: string, shipment: Shipment, next: TrackingSnapshot) {
      const historyIds = await env.kit.refresh(shipment, next);
      for (const id of historyIds) await env.kit.notify(id, env.smtp);
      expect(await env.kit.deliver(companyId, env.smtp)).toBe(0);
      return historyIds;
    },

    /** A shipment of a new company, refreshed once (its first history: no changes yet). */
    async trackedShipment(
      options: Parameters<ReturnType<typeof notificationKit>["company"]>[0] = {},
      title: string | null = null,
    ) {
      const { company, team } = await env.kit.company(options);
      const shipment = await env.kit.shipment(team, { title });
      await env.kit.refresh(shipment, snapshot());
      return { company, team, shipment };
    },
  };
  return env;
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
