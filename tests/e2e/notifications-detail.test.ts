import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TestClock } from "../../server/core/clock";
import { notificationKit } from "../../server/modules/notifications/notifications.testkit";
import { snapshot } from "../../server/modules/tracking/tracking.testkit";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// The detail page follows its shipment (spec 01 §4, §9: it polls every 4 s; a live stream first,
// docs/decisions/0086-live-updates.md), so a refresh someone else caused shows on an open page;
// and the bell and the subscribe actions never promise e-mail to someone with no notification
// address: they say so, with the way to the settings page.
describe("following a shipment and its e-mails in the console", () => {
  const env = setupConsole();
  const kit = () => notificationKit(env.app.database, env.app.clock as TestClock);
  const fill = (text: string, params: Record<string, string | number>) =>
    Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

  async function openDetail(page: Page, shipmentId: string, title: string) {
    await page.goto(`${env.app.url}/app/console/shipments/${shipmentId}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  }

  it("shows a new ETA from a refresh it did not ask for, within seconds, by polling while the live stream is down", async () => {
    const k = kit();
    const { team } = await k.company();
    const shipment = await k.shipment(team, { title: "Followed order" });
    await k.refresh(shipment, snapshot({ arrival: "2026-02-15T08:00:00-08:00" }));
    const user = await k.subscriber(team, shipment);
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app);
    // The live stream (tests/e2e/live-updates.test.ts) is the first way a change arrives; without
    // it (a proxy that drops it, a restart) the page falls back to polling every 4 s.
    await page.route("**/live/events", (route) => route.abort());
    await openDetail(page, shipment.id, "Followed order");
    await page.getByText("Feb 15, 2026, 16:00").first().waitFor();

    // The scheduler's refresh, server-side: the page's own Update button was never pressed.
    await k.refresh(shipment, snapshot({ arrival: "2026-02-19T08:00:00-08:00" }));
    await page.getByText("Feb 19, 2026, 16:00").first().waitFor({ timeout: 20_000 });
    await expect(page.getByText("Feb 15, 2026, 16:00").count()).resolves.toBe(0);
    await page.close();
  }, 90_000);

  it("says on the detail page that no e-mail can be sent without an address, in English and Japanese", async () => {
    const k = kit();
    const { team } = await k.company();
    const shipment = await k.shipment(team, { title: "Silent order" });
    await k.refresh(shipment, snapshot());
    const user = await k.subscriber(team, shipment, { notificationEmail: "" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app);
    await openDetail(page, shipment.id, "Silent order");

    // Subscribed (the default) but nowhere to send: the page says so instead of promising.
    const note = page.getByRole("note").filter({ hasText: en.notifications.noAddress.title });
    await note.waitFor();
    await note.getByText(en.notifications.noAddress.body).waitFor();
    const bell = page.getByRole("button", { name: en.shipmentDetail.actions.subscribe });
    await expect(bell.getAttribute("title")).resolves.toBe(en.notifications.noAddress.bell);

    // Off, then on again: the toast does not claim e-mails will come.
    await bell.click();
    await toast(page, en.shipmentDetail.actions.unsubscribed).waitFor();
    await expect(note.count()).resolves.toBe(0);
    await bell.click();
    await toast(page, en.notifications.noAddress.subscribed).waitFor();
    await expect(page.getByText(en.shipmentDetail.actions.subscribed).count()).resolves.toBe(0);
    await note.waitFor();

    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "ja"), [LOCAL_STORAGE_KEYS.language]);
    await page.reload();
    const jaNote = page.getByRole("note").filter({ hasText: ja.notifications.noAddress.title });
    await jaNote.getByText(ja.notifications.noAddress.body).waitFor();
    await jaNote.getByRole("link", { name: ja.notifications.noAddress.link }).waitFor();
    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "en"), [LOCAL_STORAGE_KEYS.language]);
    await page.reload();

    // The link leads to the page that fixes it; with an address set, the promise is kept again.
    await note.getByRole("link", { name: en.notifications.noAddress.link }).click();
    await page.waitForURL(`${env.app.url}/app/console/settings/notifications`);
    await page.getByLabel(en.notifications.recipients.email).fill("silent@example.com");
    await page.getByRole("button", { name: en.common.save }).click();
    await toast(page, en.notifications.saved).waitFor();
    await openDetail(page, shipment.id, "Silent order");
    await expect(bell.getAttribute("title")).resolves.toBe(en.shipmentDetail.actions.subscribe);
    await expect(note.count()).resolves.toBe(0);
    await bell.click();
    await toast(page, en.shipmentDetail.actions.unsubscribed).waitFor();
    await bell.click();
    await toast(page, en.shipmentDetail.actions.subscribed).waitFor();
    await page.close();
  }, 90_000);

  it("says in the list's subscribe dialog that no e-mail can be sent without an address", async () => {
    const k = kit();
    const { team } = await k.company();
    const shipment = await k.shipment(team, { title: "Listed order" });
    await k.refresh(shipment, snapshot());
    const user = await k.subscriber(team, shipment, { notificationEmail: "" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page
      .getByRole("checkbox", { name: fill(en.shipmentList.table.selectRow, { name: "Listed order" }) })
      .check();
    const bulk = page.getByRole("region", { name: en.shipmentList.bulk.label });
    await bulk.getByRole("button", { name: en.shipmentList.bulk.subscribe, exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: en.shipmentList.bulk.confirmTitle.subscribe });
    await dialog.getByText(fill(en.notifications.noAddress.bulkBody_one, { count: 1 })).waitFor();
    await expect(
      dialog.getByText(fill(en.shipmentList.bulk.confirmBody.subscribe_one, { count: 1 })).count(),
    ).resolves.toBe(0);
    await dialog.getByRole("link", { name: en.notifications.noAddress.link }).click();
    await page.waitForURL(`${env.app.url}/app/console/settings/notifications`);
    await page.close();
  }, 90_000);
});
