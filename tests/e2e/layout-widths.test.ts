import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { giveHistory } from "../../server/modules/shipments/list/list.testkit";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// The console at a phone's width (390 px) and a laptop's (1366 px): no page scrolls sideways on a
// phone, the list's view switch stays on screen, and on a laptop the list's default columns from
// the title through the vessel, the ones a forwarder reads first, show without scrolling sideways.

describe("page widths", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());

  async function world() {
    const owner = await f().companyWith("ADMIN");
    const created = await f().shipment(owner.team, {
      title: "Bicycles to Los Angeles, two forty-foot containers",
      shippingLine: "ONE",
    });
    const shipment = await giveHistory(env.app.database.db, created, {
      loadingPort: ["JPTYO", "Tokyo"],
      dischargingPort: ["USLAX", "Los Angeles"],
      departureTime: "2026-01-12T00:00:00Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-01-30T00:00:00Z",
      vessels: ["EVER GIVEN"],
      vesselVoyage: "EG 001E",
      containers: ["MSKU1234565", "TGHU1234569"],
    });
    return { owner, shipment };
  }

  const pageWidth = (page: Page) =>
    page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));

  it("lets nothing run off a 390 px screen: the list, a shipment and its public page", async () => {
    const { owner, shipment } = await world();
    await signInBrowser(env.browser, env.app, owner.user);
    const page = await freshPage(env.browser, env.app);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`${env.app.url}/app/console`);
    await page.getByRole("link", { name: "Bicycles to Los Angeles, two forty-foot containers" }).waitFor();
    const timeline = page.getByRole("button", { name: en.shipmentList.views.timeline });
    const box = await timeline.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expect(pageWidth(page)).resolves.toEqual({ scroll: 390, view: 390 });

    await page.goto(`${env.app.url}/app/console/shipments/${shipment.id}`);
    await page.getByText("TGHU1234569").first().waitFor();
    await expect(pageWidth(page)).resolves.toEqual({ scroll: 390, view: 390 });

    await env.browser.context.clearCookies();
    await page.goto(`${env.app.url}/app/share/${shipment.shareToken}`);
    await page.getByText("TGHU1234569").first().waitFor();
    await expect(pageWidth(page)).resolves.toEqual({ scroll: 390, view: 390 });
    await page.close();
  }, 90_000);

  it("shows the title, liner, ports, dates, delays and vessel of the list without a sideways scroll at 1366 px", async () => {
    const { owner } = await world();
    await signInBrowser(env.browser, env.app, owner.user);
    const page = await freshPage(env.browser, env.app);
    // A classic (non-overlay) vertical scrollbar would take its width from the table too.
    await page.setViewportSize({ width: 1366 - 17, height: 768 });
    await page.goto(`${env.app.url}/app/console`);
    await page.getByRole("link", { name: "Bicycles to Los Angeles, two forty-foot containers" }).waitFor();
    const grid = page.getByRole("table");
    const visibleRight = await grid.evaluate((table) => {
      const box = table.parentElement?.getBoundingClientRect() ?? table.getBoundingClientRect();
      return box.right;
    });
    for (const name of [
      en.shipment.fields.title,
      en.shipment.fields.shippingLine,
      en.shipment.fields.loadingPort,
      en.shipment.fields.departureTime,
      en.shipment.fields.etdDelayDays,
      en.shipment.fields.dischargingPort,
      en.shipment.fields.arrivalTime,
      en.shipment.fields.delayDays,
      en.shipment.fields.vesselName,
    ]) {
      const header = page.getByRole("columnheader", { name, exact: true });
      const box = await header.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box ? box.x + box.width : Number.POSITIVE_INFINITY, name).toBeLessThanOrEqual(visibleRight);
    }
    // The tracking number under the title stays whole (the freshness text gives way).
    await page.getByText("MSKU", { exact: false }).first().waitFor();
    await page.close();
  }, 90_000);
});
