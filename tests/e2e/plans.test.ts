import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { companies, contracts, upgradeRequests } from "../../server/db/schema";
import { type StripeFake, startStripeFake } from "../../server/modules/plans/stripe-fake.testkit";
import { acceptUpgradeRequest } from "../../server/modules/plans/upgrade-review.service";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { contextFor } from "../setup/context";
import { freshPage, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// Plans and billing in a real Chromium (spec 02 §2, §4): a trial company asks to upgrade by bank
// transfer, sees its request waiting for the provider, and after the provider's acceptance waits
// for its contract; another pays by card on a local fake of Stripe's pages and API and
// sees its current contract.

const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe("plans and billing", () => {
  let fake: StripeFake;
  let app: TestApp;
  let browser: TestBrowser;
  const f = () => factories(app.database.db, app.clock.now());

  beforeAll(async () => {
    fake = await startStripeFake();
    app = await startTestApp({ clock: new TestClock(new Date()), env: fake.env });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await fake?.close();
  });

  async function trialAdminOnPlans(): Promise<{ page: Page; companyId: string }> {
    const { company, user } = await f().companyWith("ADMIN");
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/plans");
    await page.getByRole("heading", { level: 1, name: en.plans.title }).waitFor();
    return { page, companyId: company.id };
  }

  async function fillUpgradeForm(page: Page, quote: string, startDate: string) {
    await page.getByLabel(en.plans.upgrade.quoteNumber).fill(quote);
    await page.getByLabel(en.plans.upgrade.maxTrackings).fill("250");
    await page.getByLabel(en.plans.upgrade.maxMembers).fill("10");
    await page.getByLabel(en.plans.upgrade.desiredStartDate).fill(startDate);
    await page.getByLabel(en.plans.upgrade.companyAddress).fill("3-3 Honmachi, Osaka");
    await page.getByLabel(en.plans.upgrade.personInCharge).fill("Yui Tanaka");
  }

  it("a trial company's bank-transfer request waits for the provider, who accepts it: then WAITING_CONTRACT", async () => {
    const { page, companyId } = await trialAdminOnPlans();
    const cards = page.getByRole("region", { name: en.plans.cards.title });
    await cards.getByRole("heading", { name: en.plans.planNames.STANDARD }).waitFor();
    await cards
      .getByRole("link", { name: fill(en.plans.cards.choose, { plan: en.plans.planNames.PREMIUM }) })
      .click();
    await page.waitForURL("**/app/console/plans/upgrade?plan=PREMIUM");
    await page
      .getByRole("heading", { level: 1, name: fill(en.plans.upgrade.title, { plan: "Premium" }) })
      .waitFor();

    const start = new Date(Date.now() + 14 * 24 * 3600 * 1000);
    await fillUpgradeForm(page, "MC-BANK-1", isoDay(start));
    await page.getByLabel(en.plans.upgrade.paymentMethod).selectOption("BANK_TRANSFER");
    await page.getByLabel(en.plans.upgrade.isApiEnabled).check();
    // Without the terms accepted the spec's rule holds the form back.
    await page.getByRole("button", { name: en.plans.upgrade.submit }).click();
    await page.getByText(en.validation.acceptTosRequired).waitFor();
    await page.getByLabel(en.plans.upgrade.acceptTos).check();
    await page.getByRole("button", { name: en.plans.upgrade.submit }).click();

    await page.waitForURL("**/app/console/plans");
    await toast(page, fill(en.plans.upgrade.submittedBank, { days: 3 })).waitFor();
    // The request is shown as sent, with the sales-contact promise; no contract came of it.
    const requested = new RegExp(`^${fill(en.plans.billing.requested, { plan: "Premium", date: "(.+)" })}$`);
    await page.getByText(requested).waitFor();
    await page
      .getByText(fill(en.plans.cards.salesContact, { days: 3 }))
      .first()
      .waitFor();
    // The form's company details are the company's now, not "Not set".
    const info = page.getByRole("region", { name: en.plans.company.title });
    await info.getByText("3-3 Honmachi, Osaka").waitFor();
    await info.getByText("Yui Tanaka").waitFor();
    await expect(info.getByText(en.plans.company.notSet).count()).resolves.toBe(0);
    const db = app.database.db;
    const paidNow = (await db.select().from(contracts).where(eq(contracts.companyId, companyId))).filter(
      (c) => c.plan !== "FREE",
    );
    expect(paidNow).toEqual([]);
    const [request] = await db.select().from(upgradeRequests).where(eq(upgradeRequests.companyId, companyId));

    // The provider accepts it with the quoted terms (the admin CLI's service).
    const provider = contextFor(db, { kind: "system", reason: "admin-cli:e2e" }, { clock: app.clock });
    await acceptUpgradeRequest(
      provider,
      { salesEmail: "sales@provider.example", appUrl: app.url },
      request!.id,
      {
        plan: "PREMIUM",
        startsAt: isoDay(start),
        maxTrackings: 250,
        maxMembers: 10,
      },
    );
    await page.reload();
    const contractsRegion = page.getByRole("region", { name: en.plans.contracts.title });
    const row = contractsRegion.getByRole("row").filter({ hasText: "MC-BANK-1" });
    await row.getByText(en.plans.contracts.upcoming).waitFor();
    await page.getByText(en.plans.contractStatus.WAITING_CONTRACT).first().waitFor();
    const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.contractStatus).toBe("WAITING_CONTRACT");
    const upcoming = (await db.select().from(contracts).where(eq(contracts.companyId, companyId))).find(
      (c) => c.plan === "PREMIUM",
    );
    expect(upcoming?.startsAt.toISOString()).toBe(`${isoDay(start)}T00:00:00.000Z`);

    // The API page shows the application the form filed, and when the API becomes available.
    await page.goto(`${app.url}/app/console/api`);
    await page.getByText(en.plans.api.thankYou).waitFor();
    const availableFrom = new RegExp(fill(en.plans.api.availableFrom, { date: ".+", plan: "Premium" }));
    await page.getByText(availableFrom).waitFor();
    await expect(page.getByText(en.plans.api.freeBody).count()).resolves.toBe(0);
  }, 120_000);

  it("another trial company pays by card on the payment page and sees its current contract", async () => {
    const { page, companyId } = await trialAdminOnPlans();
    await page.goto(`${app.url}/app/console/plans/upgrade?plan=STANDARD`);
    await fillUpgradeForm(page, "CARD-7", isoDay(new Date()));
    await page.getByLabel(en.plans.upgrade.paymentMethod).selectOption("CARD");
    await page.getByLabel(en.plans.upgrade.acceptTos).check();
    await page.getByRole("button", { name: en.plans.upgrade.submitCard }).click();

    // redirect-to-upgrade fetches the checkout address and leaves for the (fake) payment page.
    await page.waitForURL(`${fake.url}/pay/**`);
    await page.getByRole("button", { name: "Save card and pay" }).click();
    await page.waitForURL(`${app.url}/app/console/plans`);
    await toast(page, fill(en.plans.checkout.completed, { plan: "Standard" })).waitFor();

    const contractsRegion = page.getByRole("region", { name: en.plans.contracts.title });
    const row = contractsRegion.getByRole("row").filter({ hasText: "MC-CARD-7" });
    await row.getByText(en.plans.contracts.currentAutoUpdate).waitFor();
    await expect(row.textContent()).resolves.toContain(en.plans.planNames.STANDARD);
    const [company] = await app.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.contractStatus).toBe("ACTIVE");

    // The billing portal opens in a new window.
    const [portal] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: en.plans.billing.portal }).click(),
    ]);
    await portal.waitForURL(`${fake.url}/portal/**`);
    await portal.getByRole("heading", { name: "Billing portal" }).waitFor();
    // The top bar's Upgrade button is gone on a paid plan.
    await expect(page.getByRole("link", { name: en.shell.topBar.upgrade }).count()).resolves.toBe(0);
  }, 120_000);
});
