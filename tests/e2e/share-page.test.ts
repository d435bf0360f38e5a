import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shipments } from "../../server/db/schema";
import { regenerateShareToken, revokeShareToken } from "../../server/modules/share/share-links.service";
import { giveHistory } from "../../server/modules/shipments/list/list.testkit";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { contextFor } from "../setup/context";
import {
  freshPage,
  linkInLatestEmail,
  PASSWORD,
  setupConsole,
  uniqueEmail,
  withPassword,
} from "./auth-support";

// The public share page in Chromium (spec 02 §2): an anonymous visitor sees the shipment with its
// title path, Archived badge and schedule, and Log in / Sign up links; logging in brings them
// back to the same page. Unknown, replaced and revoked links say the shipment cannot be found.

describe("the shared shipment page", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());

  async function sharedShipment() {
    const owner = await f().companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const created = await f().shipment(owner.team, {
      title: "Bicycles to Los Angeles",
      remark: "Internal: customer pays late",
      shippingLine: "MAERSK",
      lastScrapedAt: new Date(env.app.clock.now().getTime() - 3 * 3_600_000),
    });
    const shipment = await giveHistory(env.app.database.db, created, {
      loadingPort: ["JPTYO", "Tokyo"],
      dischargingPort: ["USLAX", "Los Angeles"],
      departureTime: "2026-01-12T00:00:00Z",
      departureTimeStatus: "ACTUAL",
      arrivalTime: "2026-01-30T00:00:00Z",
      vessels: ["EVER GIVEN"],
      vesselVoyage: "EG 001E",
      containers: ["MSKU1234565"],
    });
    return { owner, shipment, token: shipment.shareToken ?? "" };
  }

  const title = (page: Page) => page.getByRole("heading", { level: 1 });

  it("shows an anonymous visitor the shipment and the way to log in, then returns after logging in", async () => {
    const { shipment, token } = await sharedShipment();
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app, `/app/share/${token}`);

    await expect
      .poll(() => title(page).textContent())
      .toBe(`${en.share.page.breadcrumb} / Maersk / Bicycles to Los Angeles`);
    await page.getByText(en.shipmentDetail.common.updated.replace("{{time}}", "3 hours ago")).waitFor();
    await page.getByText(shipment.trackingNumber).first().waitFor();
    await page.getByTestId("shipment-schedule").getByText("Los Angeles").waitFor();
    await page.getByText("MSKU1234565").waitFor();
    await expect(page.getByText("customer pays late").count()).resolves.toBe(0);
    await expect(page.getByText(en.share.page.archived, { exact: true }).count()).resolves.toBe(0);
    // Connect is on: the Attached Files section asks the visitor to log in.
    await page.getByRole("heading", { name: en.share.files.title }).waitFor();
    await page.getByText(en.share.files.signInToSee).waitFor();
    await page.getByRole("link", { name: en.share.visitor.signup }).first().waitFor();

    const guest = await withPassword(env.app.database.db, await f().user({ email: uniqueEmail("guest") }));
    await page.getByRole("link", { name: en.share.visitor.login }).first().click();
    await page.waitForURL(/\/app\/auth\/signin/);
    await page.getByLabel(en.auth.fields.email).fill(guest.email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: en.auth.signIn.submit, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/share/${token}`);
    await page.getByText(en.share.visitor.signedInAs.replace("{{email}}", guest.email)).waitFor();
    await expect(page.getByRole("link", { name: en.share.visitor.login }).count()).resolves.toBe(0);
    await page.close();
  }, 90_000);

  it("brings a visitor who signs up back to the page after the e-mail verification, in another tab", async () => {
    const { token } = await sharedShipment();
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app, `/app/share/${token}`);
    await page.getByRole("link", { name: en.share.visitor.signup }).first().click();
    await page.waitForURL(/\/app\/auth\/signup\?redirectTo=/);
    const email = uniqueEmail("visitor");
    await page.getByLabel(en.auth.fields.companyName).fill("Harbour Imports");
    await page.getByLabel(en.auth.fields.companyTel).fill("+81 3 0000 0000");
    await page.getByLabel(en.auth.fields.fullName).fill("Ren Mori");
    await page.getByLabel(en.auth.fields.workEmail).fill(email);
    await page.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: en.auth.signUp.submitTrial, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/auth/try-email-verification`);

    // The verification link opened in a new tab, as from a mail client, returns to the share page.
    const link = await linkInLatestEmail(env.app.database.db, email);
    const mailTab = await env.browser.newPage();
    await mailTab.goto(`${env.app.url}${link}`);
    await mailTab.waitForURL(`${env.app.url}/app/share/${token}`);
    await mailTab.getByText(en.share.visitor.signedInAs.replace("{{email}}", email)).waitFor();
    await mailTab.close();
    await page.close();
  }, 90_000);

  it("marks an archived shipment, and says so when the link is unknown, replaced or turned off", async () => {
    const { owner, shipment, token } = await sharedShipment();
    await env.app.database.db
      .update(shipments)
      .set({ archivedAt: env.app.clock.now() })
      .where(eq(shipments.id, shipment.id));
    await env.browser.context.clearCookies();
    const page = await freshPage(env.browser, env.app, `/app/share/${token}`);
    await page.getByText(en.share.page.archived, { exact: true }).waitFor();

    await page.goto(`${env.app.url}/app/share/no-such-link`);
    await page.getByRole("heading", { level: 1, name: en.share.page.notFound }).waitFor();
    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "ja"), [LOCAL_STORAGE_KEYS.language]);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: ja.share.page.notFound }).waitFor();
    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "en"), [LOCAL_STORAGE_KEYS.language]);

    const ctx = contextFor(env.app.database.db, owner.user, { clock: env.app.clock });
    const { shareToken: replaced } = await regenerateShareToken(ctx, shipment.id);
    await page.goto(`${env.app.url}/app/share/${token}`);
    await page.getByRole("heading", { level: 1, name: en.share.page.notFound }).waitFor();
    await page.goto(`${env.app.url}/app/share/${replaced}`);
    await expect
      .poll(() => title(page).textContent())
      .toBe(`${en.share.page.breadcrumb} / Maersk / Bicycles to Los Angeles`);
    await revokeShareToken(ctx, shipment.id);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: en.share.page.notFound }).waitFor();
    await page.close();
  }, 60_000);
});
