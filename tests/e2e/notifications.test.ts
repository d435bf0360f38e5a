import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClock } from "../../server/core/clock";
import { subscriptions, users } from "../../server/db/schema";
import { type MailTransport, smtpTransport } from "../../server/modules/mail/mail.transport";
import { type SmtpSink, startSmtpSink } from "../../server/modules/mail/smtp-sink.testkit";
import { notificationKit } from "../../server/modules/notifications/notifications.testkit";
import { snapshot } from "../../server/modules/tracking/tracking.testkit";
import { en } from "../../shared/i18n/en";
import { freshPage, setupConsole, signInBrowser, uniqueEmail } from "./auth-support";
import { toast } from "./toast-support";

// Notification settings and the unsubscribe link (spec 02 §2): a Readonly member changes their
// settings in the console, an ETA change is e-mailed to a real SMTP server, and the link in that
// e-mail unsubscribes in a browser without a session.
describe("notifications", () => {
  const env = setupConsole();
  let sink: SmtpSink;
  let smtp: MailTransport;
  beforeAll(async () => {
    sink = await startSmtpSink();
    smtp = smtpTransport(sink.url, "Tracking <no-reply@tracking.test>");
  });
  afterAll(async () => {
    smtp?.close();
    await sink?.close();
  });

  it("saves the settings, then the e-mail's unsubscribe link ends the subscription", async () => {
    const kit = notificationKit(env.app.database, env.app.clock as TestClock);
    const { company, team } = await kit.company({ plan: "PREMIUM" });
    const shipment = await kit.shipment(team, { title: "Browser order" });
    await kit.refresh(shipment, snapshot());
    const user = await kit.subscriber(team, shipment, { role: "READONLY", notificationEmail: "" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console/settings/notifications");
    await page.getByRole("heading", { level: 1, name: en.notifications.title }).waitFor();

    const first = uniqueEmail("reader");
    const second = uniqueEmail("backup");
    const email = page.getByLabel(en.notifications.recipients.email);
    await email.fill("reader@, nope");
    await page.getByRole("button", { name: en.common.save }).click();
    await page.getByText("Invalid email address: reader@").waitFor();
    await email.fill(`${first}, ${second}`);
    await page.getByLabel(en.notifications.recipients.timeZone).selectOption("Asia/Tokyo");

    const etd = page.getByRole("group", { name: en.shipment.fields.departureTime, exact: true });
    await etd.getByLabel(en.notifications.thresholds.hoursLabel.replace("{{field}}", "ETD")).fill("5");
    const eta = page.getByRole("group", { name: en.shipment.fields.arrivalTime, exact: true });
    await eta.getByLabel(en.notifications.thresholds.dateOnly).check();
    await page.getByLabel(en.notifications.tranship.ONLY_LAST_VESSEL).check();
    await page.getByRole("switch", { name: en.notifications.include.remark }).click();
    await page.getByRole("switch", { name: "Custom field 2" }).click();

    // Changing the new-shipment subscription offers the checkbox, on by default.
    await page.getByLabel(en.notifications.newShipments.label).selectOption("NONE");
    const apply = page.getByLabel(en.notifications.newShipments.applyToExisting);
    expect(await apply.isChecked()).toBe(true);
    await apply.uncheck();
    await page.getByRole("button", { name: en.common.save }).click();
    await toast(page, en.notifications.saved).waitFor();

    const [saved] = await env.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(saved).toMatchObject({
      notificationEmail: `${first}, ${second}`,
      timeZone: "Asia/Tokyo",
      minUpdateIntervalHoursEtd: 5,
      minUpdateIntervalHoursEta: -1,
      minUpdateIntervalHoursPlaceOfDeliveryEta: 3,
      transhipNotificationBehavior: "ONLY_LAST_VESSEL",
      subscriptionSettingForNewShipment: "NONE",
      includesRemarkToEmail: true,
      includesCustomField2ToEmail: true,
    });
    // The checkbox was off: the existing subscription stays.
    expect(
      await env.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(1);

    // The ETA moves to the next day: one e-mail to both addresses, with the unsubscribe link.
    const [historyId] = await kit.refresh(shipment, snapshot({ arrival: "2026-02-16T08:00:00-08:00" }));
    if (!historyId) throw new Error("no change recorded");
    await kit.notify(historyId, smtp, env.app.url);
    expect(await kit.deliver(company.id, smtp)).toBe(0);
    const mail = sink.received.find((m) => m.to.includes(first));
    expect(mail?.to.sort()).toEqual([first, second].sort());
    const link = /https?:\/\/\S+\/app\/unsubscribe\?unsubscribeToken=[\w-]+/.exec(mail?.text ?? "")?.[0];
    if (!link) throw new Error("no unsubscribe link in the e-mail");

    // Followed from a mail client: no session.
    await env.browser.context.clearCookies();
    const landing = await env.browser.newPage();
    await landing.goto(link);
    await landing.getByRole("heading", { level: 1, name: en.notifications.unsubscribe.done }).waitFor();
    await landing
      .getByText(`You will no longer receive e-mails about Browser order (${shipment.trackingNumber}).`)
      .waitFor();
    expect(
      await env.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toEqual([]);

    // A link that was never sent shows the error text.
    await landing.goto(`${env.app.url}/app/unsubscribe?unsubscribeToken=forged`);
    await landing.getByText(en.errors.UNSUBSCRIBE_TOKEN_INVALID).waitFor();
    await landing.close();
    await page.close();
  }, 120_000);
});
