import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// Every state the console's gates and banners know (spec 01 §2, §4; spec 02 §2, §4), in English
// and Japanese: approval required, a running trial, the trial's last days (the modal), an ended
// trial (Trial Period Ended), a churned company (its banner, read-only console and way to the plan
// cards) and a paid contract. The churned console is docs/decisions/0012-churned-console.md.

const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
/** A message with any number where {{count}} stands. */
const anyCount = (text: string) =>
  new RegExp(text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("{{count}}", "\\d+"));

describe.each([
  ["en", en],
  ["ja", ja],
] as const)("console gate states in %s", (lang, m) => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());
  const daysFromNow = (days: number) => new Date(env.app.clock.now().getTime() + days * DAY_MS);

  /** An approved company with the given contracts, a team with a shipment, and its signed-in Admin. */
  async function companyAdmin(
    contracts: { plan: "FREE" | "STANDARD"; from: number; to: number }[],
    company: { approvalState?: "PENDING"; approvedAt?: null } = {},
  ) {
    const c = await f().company(company);
    for (const k of contracts) {
      await f().contract(c.id, { plan: k.plan, startsAt: daysFromNow(k.from), endsAt: daysFromNow(k.to) });
    }
    const team = await f().team(c.id);
    const user = await f().user({ companyId: c.id, role: "ADMIN", language: lang });
    await f().teamMember(team, user);
    const shipment = await f().shipment(team, { title: `Cargo ${lang}` });
    await signInBrowser(env.browser, env.app, user);
    return { shipment };
  }

  async function open(path: string): Promise<Page> {
    const page = await freshPage(env.browser, env.app);
    await page.evaluate((l) => localStorage.setItem("lang", l), lang);
    await page.goto(`${env.app.url}${path}`);
    return page;
  }

  async function absent(locator: ReturnType<Page["getByRole"]>) {
    await expect(locator.count()).resolves.toBe(0);
  }

  it("approval required: the Approval Required screen", async () => {
    await companyAdmin([{ plan: "FREE", from: -1, to: 29 }], { approvalState: "PENDING", approvedAt: null });
    const page = await open("/app/console");
    await page.getByRole("heading", { level: 1, name: m.gates.approval.title }).waitFor();
    await page.getByRole("button", { name: m.gates.approval.cancelTrial }).waitFor();
    await page.close();
  }, 60_000);

  it("trial active: the console with the days left, no banner and no modal", async () => {
    await companyAdmin([{ plan: "FREE", from: -10, to: 20.5 }]);
    const page = await open("/app/console");
    await page.getByRole("heading", { level: 1, name: m.shell.nav.shipments }).waitFor();
    await page.getByText(anyCount(m.shell.topBar.trialDaysLeft_other)).waitFor();
    await page.waitForTimeout(500);
    await absent(page.getByRole("dialog", { name: m.gates.trialModal.title }));
    await absent(page.getByRole("status").filter({ hasText: m.gates.banner.churnTitle }));
    await page.close();
  }, 60_000);

  it("trial's last days: the modal says how many days are left and leads to the plans", async () => {
    await companyAdmin([{ plan: "FREE", from: -27, to: 3 }]);
    const page = await open("/app/console");
    const modal = page.getByRole("dialog", { name: m.gates.trialModal.title });
    await modal.getByText(fill(m.gates.trialModal.endsIn_other, { count: 3 })).waitFor();
    await modal.getByRole("link", { name: m.gates.trialModal.seePlans }).click();
    await page.waitForURL(`${env.app.url}/app/console/plans`);
    await page.getByRole("region", { name: m.plans.cards.title }).waitFor();
    await page.close();
  }, 60_000);

  it("trial ended: Trial Period Ended, with contact support and logout only", async () => {
    await companyAdmin([{ plan: "FREE", from: -40, to: -10 }]);
    const page = await open("/app/console/plans");
    await page.getByRole("heading", { level: 1, name: m.gates.trialEnded.title }).waitFor();
    await page.getByRole("link", { name: m.gates.trialEnded.contactSupport }).waitFor();
    await page.getByRole("button", { name: m.gates.logout }).waitFor();
    await absent(page.getByRole("region", { name: m.plans.cards.title }));
    await page.close();
  }, 60_000);

  it("churned: the banner, a read-only console with the shipments, and the plan cards", async () => {
    const { shipment } = await companyAdmin([
      { plan: "FREE", from: -400, to: -370 },
      { plan: "STANDARD", from: -370, to: -5 },
    ]);
    const page = await open("/app/console");
    const banner = page.getByRole("status").filter({ hasText: m.gates.banner.churnTitle });
    await banner.getByText(m.gates.banner.churnBody).waitFor();
    // It still sees its shipments, but nothing that adds one.
    await page.getByRole("heading", { level: 1, name: m.shell.nav.shipments }).waitFor();
    await page.getByText(`Cargo ${lang}`).first().waitFor();
    const nav = page.getByRole("navigation", { name: m.shell.nav.label });
    await nav.getByRole("link", { name: m.shell.nav.shipments }).waitFor();
    await absent(nav.getByRole("link", { name: m.shell.nav.newShipment }));
    // No contract, so no maximum: the top bar counts the active shipment alone.
    await page.getByText(fill(m.shell.topBar.trackingCount_one, { count: 1 }), { exact: true }).waitFor();

    // The detail page: readable, without Update, the e-mail bell or Edit.
    await page.goto(`${env.app.url}/app/console/shipments/${shipment.id}`);
    await page.getByRole("heading", { level: 1, name: `Cargo ${lang}` }).waitFor();
    await banner.waitFor();
    await absent(page.getByRole("button", { name: m.shipmentDetail.common.update }));
    await absent(page.getByRole("button", { name: m.shipmentDetail.actions.subscribe }));
    await absent(page.getByRole("button", { name: m.shipmentDetail.actions.edit }));

    // The new-shipment page, reached by its address, says why and leads to the plans.
    await page.goto(`${env.app.url}/app/console/shipments/new`);
    await page.getByText(m.shipmentNew.denied.churn).waitFor();

    // The banner's way to the plan cards (spec 02 §2: "for a company in trial or churned").
    await page.goto(`${env.app.url}/app/console`);
    await banner.getByRole("link", { name: m.gates.banner.churnChoosePlan }).click();
    await page.waitForURL(`${env.app.url}/app/console/plans`);
    const cards = page.getByRole("region", { name: m.plans.cards.title });
    await cards.getByText(m.plans.cards.churnIntro).waitFor();
    // Every price in the language's one currency: dollars in English, yen in Japanese.
    const prices = (await cards.textContent()) ?? "";
    if (lang === "ja") {
      expect(prices).toMatch(/[¥￥]38,000/);
      expect(prices).not.toContain("$");
    } else {
      expect(prices).toContain("$380");
      expect(prices).not.toMatch(/[¥￥]/);
    }
    await cards
      .getByRole("link", { name: fill(m.plans.cards.choose, { plan: m.plans.planNames.STANDARD }) })
      .click();
    await page.waitForURL(`${env.app.url}/app/console/plans/upgrade?plan=STANDARD`);
    await page.close();
  }, 90_000);

  it("paid: the console without trial days, banner or modal", async () => {
    await companyAdmin([
      { plan: "FREE", from: -40, to: -10 },
      { plan: "STANDARD", from: -10, to: 2 },
    ]);
    const page = await open("/app/console");
    await page.getByRole("heading", { level: 1, name: m.shell.nav.shipments }).waitFor();
    await page.getByText(`Cargo ${lang}`).first().waitFor();
    await page.waitForTimeout(500);
    await absent(page.getByRole("dialog", { name: m.gates.trialModal.title }));
    await absent(page.getByRole("status").filter({ hasText: m.gates.banner.churnTitle }));
    await absent(page.getByText(anyCount(m.shell.topBar.trialDaysLeft_other)));
    const nav = page.getByRole("navigation", { name: m.shell.nav.label });
    await nav.getByRole("link", { name: m.shell.nav.newShipment }).waitFor();
    await page.close();
  }, 60_000);

  it("card payment not configured: says so and offers bank transfer, never a server issue", async () => {
    await companyAdmin([{ plan: "FREE", from: -1, to: 29 }]);
    const page = await open("/app/console/plans/redirect-to-upgrade");
    const alert = page.getByRole("alert").filter({ hasText: m.plans.checkout.cardUnavailableTitle });
    await alert.getByText(m.errors.CARD_PAYMENT_NOT_CONFIGURED).waitFor();
    await absent(page.getByText(m.errors.SERVER_ISSUE));
    await absent(page.getByRole("button", { name: m.plans.checkout.retry }));
    await page.getByRole("link", { name: m.plans.checkout.backToPlans }).click();
    await page.waitForURL(`${env.app.url}/app/console/plans`);
    await page.close();
  }, 60_000);
});
