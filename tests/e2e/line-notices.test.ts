import { describe, expect, it } from "vitest";
import { clearLineNotice, setLineNotice } from "../../server/modules/carriers/notices/notices.service";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { contextFor } from "../setup/context";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// The provider's shipping-line notices (spec 01 §8) in Chromium: set from the admin CLI's service,
// shown on the New shipment form for the chosen line, on that line's shipment pages (the console's
// detail page and the public share page), in English and Japanese, and gone once cleared.

describe("shipping-line notices", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());
  const provider = () => contextFor(env.app.database.db, { kind: "system", reason: "admin-cli:test" });

  it("shows a line's delay or maintenance notice where that line's shipments are seen or added", async () => {
    const { team, user } = await f().companyWith("OPERATOR");
    const maersk = await f().shipment(team, { title: "Maersk cargo", shippingLine: "MAERSK" });
    const msc = await f().shipment(team, { title: "MSC cargo", shippingLine: "MSC" });
    await setLineNotice(provider(), { shippingLine: "MAERSK", kind: "MAINTENANCE" });
    const maintenance = en.tracking.notices.lineMaintenance.replace("{{liner}}", "Maersk");

    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, `/app/console/shipments/${maersk.id}`);
    await page.getByRole("heading", { level: 1, name: "Maersk cargo" }).waitFor();
    await page.getByRole("status").filter({ hasText: maintenance }).waitFor();

    await page.goto(`${env.app.url}/app/console/shipments/${msc.id}`);
    await page.getByRole("heading", { level: 1, name: "MSC cargo" }).waitFor();
    await expect(page.getByText(maintenance).count()).resolves.toBe(0);

    // The public share page of the Maersk shipment, to an anonymous visitor.
    await env.browser.context.clearCookies();
    await page.goto(`${env.app.url}/app/share/${maersk.shareToken}`);
    await page.getByText(maintenance).waitFor();

    // In Japanese, on the New shipment form once the line is chosen.
    await signInBrowser(env.browser, env.app, user);
    await setLineNotice(provider(), { shippingLine: "MSC", kind: "DELAY" });
    await page.evaluate(() => localStorage.setItem("lang", "ja"));
    await page.goto(`${env.app.url}/app/console/shipments/new`);
    await page.getByLabel(ja.shipment.fields.trackingNumber, { exact: true }).fill("2206998877");
    await page.getByRole("button", { name: ja.shipmentNew.single.next }).click();
    await page.getByLabel(ja.shipment.fields.shippingLine, { exact: true }).selectOption("MSC");
    await page.getByText(ja.tracking.notices.lineDelay.replace("{{liner}}", "MSC")).waitFor();

    await clearLineNotice(provider(), "MSC");
    await page.reload();
    await page.getByLabel(ja.shipment.fields.trackingNumber, { exact: true }).fill("2206998877");
    await page.getByRole("button", { name: ja.shipmentNew.single.next }).click();
    await page.getByLabel(ja.shipment.fields.shippingLine, { exact: true }).selectOption("MSC");
    await page.getByLabel(ja.shipment.fields.trackingType, { exact: true }).waitFor();
    await expect(
      page.getByText(ja.tracking.notices.lineDelay.replace("{{liner}}", "MSC")).count(),
    ).resolves.toBe(0);
    await page.close();
  }, 120_000);
});
