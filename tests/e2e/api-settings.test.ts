import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { apiTokens, companies, webhookDeliveries } from "../../server/db/schema";
import { hashToken } from "../../server/modules/auth/tokens";
import { attemptDelivery } from "../../server/modules/webhooks/webhooks.delivery.service";
import { webhookRuntime } from "../../server/modules/webhooks/webhooks.runtime";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { contextFor } from "../setup/context";
import { type Receiver, startReceiver } from "../webhooks/receiver";
import { freshPage, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// The API settings page in a real Chromium (spec 02 §2): an Admin of an approved paid company
// generates a key and sees it once, finds it masked behind Show API Key, regenerates it after a
// confirmation, saves a webhook URL, reveals the signing secret and sends a test event that the
// delivery log lists, delivered to a local receiver with a signature the shown secret verifies,
// then redelivers it. Companies that may not use the API see why.

describe("API settings", () => {
  let app: TestApp;
  let browser: TestBrowser;
  let receiver: Receiver;
  const f = () => factories(app.database.db, app.clock.now());

  beforeAll(async () => {
    // The receiver is on loopback: allowed here so the URL can be saved (production refuses it).
    app = await startTestApp({
      clock: new TestClock(new Date()),
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    });
    browser = await launchBrowser();
    receiver = await startReceiver();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  async function adminOnApiPage(options: { plan: "FREE" | "PREMIUM"; approved: boolean }) {
    const { company, user } = await f().companyWith("ADMIN");
    if (options.plan !== "FREE") {
      const now = app.clock.now();
      await f().contract(company.id, {
        plan: options.plan,
        startsAt: new Date(now.getTime() - 86_400_000),
        endsAt: new Date(now.getTime() + 365 * 86_400_000),
        maxTrackings: 500,
        maxMembers: 20,
      });
    }
    if (options.approved) {
      await app.database.db.update(companies).set({ isApiEnabled: true }).where(eq(companies.id, company.id));
    }
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/api");
    await page.getByRole("heading", { level: 1, name: en.plans.api.title }).waitFor();
    return { page, user };
  }

  const keyOf = (page: Page) => page.getByTestId("api-key-new").textContent();

  it("an approved Admin generates a key once, shows it masked, regenerates it, and sets up the webhook", async () => {
    const { page, user } = await adminOnApiPage({ plan: "PREMIUM", approved: true });
    const keySection = page.getByRole("region", { name: en.apiSettings.key.title });
    await keySection.getByText(en.apiSettings.key.none).waitFor();

    await keySection.getByRole("button", { name: en.apiSettings.key.generate }).click();
    await page.getByText(en.apiSettings.key.newWarning).waitFor();
    const first = (await keyOf(page)) ?? "";
    expect(first).toMatch(/^trk_[A-Za-z0-9_-]{43}$/);
    const [stored] = await app.database.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)));
    expect(stored?.tokenHash).toBe(hashToken(first));

    // Once dismissed, the key is gone from the page for good; Show API Key fetches the masked form.
    await keySection.getByRole("button", { name: en.apiSettings.key.dismiss }).click();
    await page.getByTestId("api-key-new").waitFor({ state: "detached" });
    await keySection.getByText(en.apiSettings.key.hidden).waitFor();
    await keySection.getByRole("button", { name: en.apiSettings.key.show }).click();
    const masked = page.getByTestId("api-key-masked");
    await masked.waitFor();
    expect(await masked.textContent()).toBe(`trk_${"•".repeat(12)}${first.slice(-4)}`);
    await keySection.getByText(en.apiSettings.key.neverUsed).waitFor();
    expect(await page.content()).not.toContain(first);

    // Regenerating asks first; the new key replaces the old one.
    await keySection.getByRole("button", { name: en.apiSettings.key.regenerate }).click();
    const dialog = page.getByRole("alertdialog", { name: en.apiSettings.key.regenerateTitle });
    await dialog.getByRole("button", { name: en.apiSettings.key.regenerateConfirm }).click();
    await dialog.waitFor({ state: "detached" });
    const second = (await keyOf(page)) ?? "";
    expect(second).toMatch(/^trk_/);
    expect(second).not.toBe(first);
    // The masked key is refetched after the regeneration: wait for it rather than read it once.
    await expect.poll(() => masked.textContent()).toBe(`trk_${"•".repeat(12)}${second.slice(-4)}`);

    // The webhook: a URL, the signing secret behind Reveal, a test event in the delivery log.
    const webhook = page.getByRole("region", { name: en.apiSettings.webhook.title });
    await expect(
      webhook.getByRole("button", { name: en.apiSettings.webhook.sendTest }).isDisabled(),
    ).resolves.toBe(true);
    await webhook.getByLabel(en.apiSettings.webhook.url).fill("not a url");
    await webhook.getByRole("button", { name: en.apiSettings.webhook.save }).click();
    await webhook.getByText(en.errors.WEBHOOK_URL_INVALID).waitFor();
    await webhook.getByLabel(en.apiSettings.webhook.url).fill(receiver.url);
    await webhook.getByRole("button", { name: en.apiSettings.webhook.save }).click();
    await toast(page, en.apiSettings.webhook.saved).waitFor();
    await webhook.getByText(en.apiSettings.webhook.active).waitFor();

    await webhook.getByRole("button", { name: en.apiSettings.secret.reveal }).click();
    await expect(page.getByTestId("webhook-secret").textContent()).resolves.toMatch(/^whsec_/);

    const log = page.getByRole("region", { name: en.apiSettings.deliveries.title });
    await log.getByText(en.apiSettings.deliveries.empty).waitFor();
    await webhook.getByRole("button", { name: en.apiSettings.webhook.sendTest }).click();
    await toast(page, en.apiSettings.webhook.testSent).waitFor();
    const row = log.getByRole("row").filter({ hasText: "webhook.test" });
    await row.getByText(en.apiSettings.deliveries.statuses.PENDING).waitFor();

    // The attempt a worker would make (the test app runs no worker): signed with the secret shown.
    const [delivery] = await app.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, "webhook.test"));
    if (!delivery) throw new Error("no delivery recorded");
    const system = contextFor(app.database.db, { kind: "system", reason: "test" }, { clock: app.clock });
    const runtime = webhookRuntime({
      NODE_ENV: "test",
      SECRETS_KEY: undefined,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
    });
    const outcome = await attemptDelivery(system, delivery.id, runtime, {
      appUrl: app.url,
      schedule: async () => {},
    });
    expect(outcome).toBe("delivered");
    const [received] = receiver.requests;
    if (!received) throw new Error("nothing received");
    const shownSecret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    const event = new Webhook(shownSecret).verify(received.body, received.headers as Record<string, string>);
    expect(event).toMatchObject({ type: "webhook.test" });

    await log.getByRole("button", { name: en.apiSettings.deliveries.refresh }).click();
    await row.getByText(en.apiSettings.deliveries.statuses.DELIVERED).waitFor();
    await row.getByText("200").waitFor();
    await row.getByRole("button", { name: /^Redeliver the webhook\.test event/ }).click();
    await toast(page, en.apiSettings.deliveries.redelivered).waitFor();
    await row.getByText(en.apiSettings.deliveries.statuses.PENDING).waitFor();

    // After a reload the URL is still there and the key still hidden.
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: en.apiSettings.webhook.title })
        .getByLabel(en.apiSettings.webhook.url)
        .inputValue(),
    ).resolves.toBe(receiver.url);
    await page
      .getByRole("region", { name: en.apiSettings.key.title })
      .getByText(en.apiSettings.key.hidden)
      .waitFor();
  });

  it("speaks Japanese, the server's refusal included", async () => {
    const { company, user } = await f().companyWith("ADMIN");
    const now = app.clock.now();
    await f().contract(company.id, {
      plan: "STANDARD",
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 365 * 86_400_000),
    });
    await app.database.db.update(companies).set({ isApiEnabled: true }).where(eq(companies.id, company.id));
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app);
    await page.evaluate(() => localStorage.setItem("lang", "ja"));
    await page.goto(`${app.url}/app/console/api`);
    const keySection = page.getByRole("region", { name: ja.apiSettings.key.title });
    await keySection.getByText(ja.apiSettings.key.none).waitFor();
    // The provider withdraws the approval while the page is open: the refusal is in Japanese.
    await app.database.db.update(companies).set({ isApiEnabled: false }).where(eq(companies.id, company.id));
    await keySection.getByRole("button", { name: ja.apiSettings.key.generate }).click();
    await toast(page, ja.errors.API_NOT_APPROVED, { m: ja }).waitFor();
  });

  it("a paid company not approved yet applies and sees the thank-you message, and no key controls", async () => {
    const { page } = await adminOnApiPage({ plan: "PREMIUM", approved: false });
    await page.getByRole("button", { name: en.plans.api.apply }).click();
    await page.getByText(en.plans.api.thankYou).waitFor();
    expect(await page.getByRole("button", { name: en.apiSettings.key.generate }).count()).toBe(0);
  });

  it("a FREE company is asked to upgrade", async () => {
    const { page } = await adminOnApiPage({ plan: "FREE", approved: false });
    await page.getByText(en.plans.api.freeBody).waitFor();
    await page.getByRole("link", { name: en.plans.api.upgrade }).waitFor();
    expect(await page.getByRole("button", { name: en.apiSettings.key.generate }).count()).toBe(0);
  });

  it("with a paid contract waiting to start, says in Japanese when the API comes and takes the application", async () => {
    const { page, user } = await adminOnApiPage({ plan: "FREE", approved: false });
    const startsAt = new Date(Date.UTC(2099, 0, 15));
    await f().contract(user.companyId ?? "", {
      plan: "PREMIUM",
      startsAt,
      endsAt: new Date("9999-12-31T00:00:00Z"),
      maxTrackings: 500,
      maxMembers: 20,
    });
    await page.evaluate(() => localStorage.setItem("lang", "ja"));
    await page.goto(`${app.url}/app/console/api`);
    const availableFrom = ja.plans.api.availableFrom
      .replace("{{plan}}", ja.plans.planNames.PREMIUM)
      .replace("{{date}}", "2099\\D.*15\\D*");
    await page.getByText(new RegExp(`^${availableFrom}$`)).waitFor();
    expect(await page.getByText(ja.plans.api.freeBody).count()).toBe(0);
    await page.getByRole("button", { name: ja.plans.api.apply }).click();
    await page.getByText(ja.plans.api.thankYou).waitFor();
  });

  it("an Operator gets the permission message", async () => {
    const { user } = await f().companyWith("OPERATOR");
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/api");
    await page.getByRole("heading", { name: en.errors.PERMISSION_DENIED }).waitFor();
  });
});
