import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { shipments, subscriptions } from "../../server/db/schema";
import { approveCompany } from "../../server/modules/companies/provider.service";
import { type MailTransport, smtpTransport } from "../../server/modules/mail/mail.transport";
import { type SmtpSink, startSmtpSink } from "../../server/modules/mail/smtp-sink.testkit";
import { notificationKit } from "../../server/modules/notifications/notifications.testkit";
import { snapshot } from "../../server/modules/tracking/tracking.testkit";
import { Client, lastEmail, STRONG_PASSWORD, tokenFrom } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";

// A real customer's first schedule e-mail, with no seed and no factory filling in what a sign-up
// leaves empty: sign up and verify over REST, create the company and a team and add a shipment
// over tRPC as the console does, the provider approves, the tracking engine's refresh moves the
// ETA, and the notification job mails the account's own address through a real SMTP server.

const clock = new TestClock("2026-01-20T00:00:00Z");
let t: TestApp;
let sink: SmtpSink;
let smtp: MailTransport;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, "Tracking <no-reply@tracking.test>");
});
afterAll(async () => {
  smtp?.close();
  await sink?.close();
  await t?.close();
});

describe("a new customer's first schedule-change e-mail", () => {
  it("reaches the address the account signed up with", async () => {
    const email = "founder@osaka-logistics.example";
    const browser = new Client(t.app, { ip: "127.8.0.1" });
    const signup = await browser.post("/auth/signup", {
      displayName: "Yui Mori",
      email,
      password: STRONG_PASSWORD,
      companyName: "Osaka Logistics",
      companyTel: "+81 6 1111 2222",
    });
    expect(signup.statusCode).toBe(200);
    const verification = tokenFrom((await lastEmail(t.database.db, email))?.link ?? null);
    expect((await browser.post("/auth/verify_email", { token: verification })).statusCode).toBe(200);

    // The console creates the company typed at sign-up, as the server kept it.
    const viewer = await browser.query("account.viewer");
    expect(viewer.data.pendingCompany).toEqual({
      companyName: "Osaka Logistics",
      companyTel: "+81 6 1111 2222",
    });
    const company = await browser.mutate("companies.create", viewer.data.pendingCompany);
    expect(company.error).toBeUndefined();
    const provider = contextFor(t.database.db, { kind: "system", reason: "admin-cli:test" }, { clock });
    await approveCompany(provider, email, { appUrl: "https://app.tracking.test" });

    const team = await browser.mutate("teams.create", { name: "Imports" });
    expect(team.error).toBeUndefined();
    const created = await browser.mutate("shipments.create", {
      teamId: team.data.id,
      input: {
        shippingLine: "MAERSK",
        trackingType: "BOOKING_NUMBER",
        trackingNumber: "OSK2026011",
        title: "First order",
      },
    });
    expect(created.error).toBeUndefined();
    const shipmentId = created.data.id as string;
    // Subscribed by default (subscriptionSettingForNewShipment ALL), nobody set an address.
    const subscribed = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.shipmentId, shipmentId));
    expect(subscribed).toHaveLength(1);

    // The carrier's first answer, then a refresh that moves the ETA by a day.
    const kit = notificationKit(t.database, clock);
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    if (!shipment) throw new Error("shipment not stored");
    expect(await kit.refresh(shipment, snapshot({ arrival: "2026-02-15T08:00:00-08:00" }))).toEqual([]);
    const historyIds = await kit.refresh(shipment, snapshot({ arrival: "2026-02-16T08:00:00-08:00" }));
    expect(historyIds).toHaveLength(1);
    for (const id of historyIds) await kit.notify(id, smtp);
    expect(await kit.deliver(company.data.id, smtp)).toBe(0);

    const mails = sink.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Schedule change: First order (OSK2026011)");
    expect(mails[0]?.text).toContain("1 day later");
  });
});
