import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { subscriptions } from "../../db/schema";
import { smtpTransport } from "../mail/mail.transport";
import { snapshot } from "../tracking/tracking.testkit";
import { APP_URL } from "./notifications.testkit";
import { closedPort, FROM, setupNotifyTests } from "./notify.setup.testkit";
import { unsubscribeByToken } from "./unsubscribe.service";

// The notification e-mail itself, its delivery exactly once over a real SMTP server (down, then
// up), and the unsubscribe token it carries.

const env = setupNotifyTests();

describe("the message", () => {
  it("is written in each recipient's language and time zone, with the port's local time", async () => {
    const { company, team, shipment } = await env.trackedShipment({}, "Tokyo order");
    const en = await env.kit.subscriber(team, shipment, { language: "en", timeZone: "Europe/London" });
    const ja = await env.kit.subscriber(team, shipment, { language: "ja", timeZone: "Asia/Tokyo" });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-16T08:00:00-08:00" }));

    const [english] = env.mailTo(en.notificationEmail);
    expect(english?.subject).toBe(`Schedule change: Tokyo order (${shipment.trackingNumber})`);
    expect(english?.text).toContain("ETA (Los Angeles)");
    expect(english?.text).toContain(
      "Before: Feb 15, 2026, 16:00 GMT (Feb 15, 2026, 08:00 PST local) · Estimated",
    );
    expect(english?.text).toContain(
      "After: Feb 16, 2026, 16:00 GMT (Feb 16, 2026, 08:00 PST local) · Estimated (1 day later)",
    );
    expect(english?.html).toContain('<html lang="en">');

    const [japanese] = env.mailTo(ja.notificationEmail);
    expect(japanese?.subject).toBe(`スケジュール変更: Tokyo order (${shipment.trackingNumber})`);
    expect(japanese?.text).toContain("ETA（Los Angeles）");
    expect(japanese?.text).toContain("JST");
    expect(japanese?.text).toContain("現地");
    expect(japanese?.text).toContain("予定");
    expect(japanese?.html).toContain('<html lang="ja">');
  });

  it("includes the remark and custom fields only when the switches say so and the plan has them", async () => {
    const { company, team } = await env.kit.company({
      plan: "PREMIUM",
      team: { customField1Name: "PO number", customField1Enabled: true },
    });
    const shipment = await env.kit.shipment(team, {
      title: "<b>Order</b>",
      remark: "Keep <dry> & cool",
      customField1: "PO-7781",
    });
    await env.kit.refresh(shipment, snapshot());
    const wants = await env.kit.subscriber(team, shipment, {
      includesRemarkToEmail: true,
      includesCustomField1ToEmail: true,
    });
    const plain = await env.kit.subscriber(team, shipment);
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));

    const [full] = env.mailTo(wants.notificationEmail);
    expect(full?.text).toContain("Remarks: Keep <dry> & cool");
    expect(full?.text).toContain("PO number: PO-7781");
    expect(full?.html).toContain("Keep &lt;dry&gt; &amp; cool");
    expect(full?.html).not.toContain("<b>Order</b>");
    const [bare] = env.mailTo(plain.notificationEmail);
    expect(bare?.text).not.toContain("Keep <dry>");
    expect(bare?.text).not.toContain("PO-7781");
  });

  it("leaves custom fields out on a plan without them", async () => {
    const { company, team } = await env.kit.company({
      plan: "FREE",
      team: { customField1Name: "PO number", customField1Enabled: true },
    });
    const shipment = await env.kit.shipment(team, { customField1: "PO-1234" });
    await env.kit.refresh(shipment, snapshot());
    const user = await env.kit.subscriber(team, shipment, { includesCustomField1ToEmail: true });
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    expect(env.mailTo(user.notificationEmail)[0]?.text).not.toContain("PO-1234");
  });

  it("links the shipment and carries one-click List-Unsubscribe headers (RFC 8058)", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const user = await env.kit.subscriber(team, shipment);
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    const [mail] = env.mailTo(user.notificationEmail);
    expect(mail?.text).toContain(`${APP_URL}/app/console/shipments/${shipment.id}`);
    const token = /\/app\/unsubscribe\?unsubscribeToken=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(mail?.headers.get("list-unsubscribe")).toBe(
      `<${APP_URL}/notifications/unsubscribe?unsubscribeToken=${token}>`,
    );
    expect(mail?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });
});

describe("exactly once", () => {
  it("a job run twice writes and sends one e-mail", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const user = await env.kit.subscriber(team, shipment);
    const [historyId] = await env.kit.refresh(shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    if (!historyId) throw new Error("no change recorded");
    await env.kit.notify(historyId, env.smtp);
    await env.kit.notify(historyId, env.smtp);
    await env.kit.deliver(company.id, env.smtp);
    await env.kit.notify(historyId, env.smtp);
    await env.kit.deliver(company.id, env.smtp);
    expect(env.mailTo(user.notificationEmail)).toHaveLength(1);
    expect(await env.kit.outbox(company.id)).toHaveLength(1);
  });

  it("SMTP down then up: every e-mail is delivered, each exactly once", async () => {
    const { company, team, shipment } = await env.trackedShipment();
    const users = [
      await env.kit.subscriber(team, shipment),
      await env.kit.subscriber(team, shipment, { language: "ja" }),
      await env.kit.subscriber(team, shipment),
    ];
    const [historyId] = await env.kit.refresh(shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    if (!historyId) throw new Error("no change recorded");
    await env.kit.notify(historyId, env.smtp);

    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    expect(await env.kit.deliver(company.id, down)).toBe(3);
    down.close();
    expect(env.sink.received).toHaveLength(0);
    for (const row of await env.kit.outbox(company.id)) {
      expect(row).toMatchObject({ status: "PENDING", attempts: 1, sentAt: null });
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt?.getTime()).toBeGreaterThan(env.clock.now().getTime());
    }

    expect(await env.kit.deliver(company.id, env.smtp)).toBe(0);
    expect(await env.kit.deliver(company.id, env.smtp)).toBe(0);
    await env.kit.notify(historyId, env.smtp);
    expect(await env.kit.deliver(company.id, env.smtp)).toBe(0);
    for (const u of users) expect(env.mailTo(u.notificationEmail)).toHaveLength(1);
    expect(env.sink.received).toHaveLength(3);
    for (const row of await env.kit.outbox(company.id))
      expect(row).toMatchObject({ status: "SENT", attempts: 2, lastError: null, nextAttemptAt: null });
  });
});

describe("unsubscribing with the e-mail's token", () => {
  it("ends that subscription, anonymously, and works again on a second use", async () => {
    const { company, team, shipment } = await env.trackedShipment({}, "Unsub order");
    const user = await env.kit.subscriber(team, shipment);
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-18T08:00:00-08:00" }));
    const text = env.mailTo(user.notificationEmail)[0]?.text ?? "";
    const token = /unsubscribeToken=([\w-]+)/.exec(text)?.[1] ?? "";
    const anonymous = contextFor(env.t.db, { kind: "anonymous" }, { clock: env.clock });

    expect(await unsubscribeByToken(anonymous, { unsubscribeToken: token })).toEqual({
      shipmentName: `Unsub order (${shipment.trackingNumber})`,
    });
    expect(await unsubscribeByToken(anonymous, { unsubscribeToken: token })).toBeTruthy();
    expect(await env.t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    env.sink.received.length = 0;
    await env.refreshAndMail(company.id, shipment, snapshot({ arrival: "2026-02-20T08:00:00-08:00" }));
    expect(env.mailTo(user.notificationEmail)).toHaveLength(0);
  });

  it("refuses a token nobody was given", async () => {
    const anonymous = contextFor(env.t.db, { kind: "anonymous" }, { clock: env.clock });
    await expect(unsubscribeByToken(anonymous, { unsubscribeToken: "made-up" })).rejects.toMatchObject({
      code: "UNSUBSCRIBE_TOKEN_INVALID",
    });
  });
});
