import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWS_SHOWN } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { startTestApp, type TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { signInBrowser } from "./auth-support";

// Journeys through the console shell in a real Chromium against the real server and built client.
describe("console shell", () => {
  let app: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
    // The console is behind the sign-in gates: the shell is shown to a signed-in Admin.
    const { user } = await factories(app.database.db, app.clock.now()).companyWith("ADMIN");
    await signInBrowser(browser, app, user);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A page on `path` as a first-time visitor: the profile is shared, so storage is wiped first. */
  async function openFresh(path: string) {
    const page = await browser.newPage();
    await page.goto(`${app.url}${path}`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.reload();
    return page;
  }

  it("shows the shell in English, switches to Japanese from the user menu and keeps it after a reload", async () => {
    const page = await openFresh("/app/console");

    const nav = page.getByRole("navigation", { name: en.shell.nav.label, exact: true });
    await nav.getByRole("link", { name: en.shell.nav.shipments, exact: true }).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(en.shell.nav.shipments);
    await expect(
      nav.getByRole("link", { name: en.shell.nav.newShipment, exact: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");

    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: en.shell.userMenu.accountSettings, exact: true }).waitFor();
    await menu.getByRole("menuitemradio", { name: ja.common.language.ja, exact: true }).click();
    await page.keyboard.press("Escape");

    const jaNav = page.getByRole("navigation", { name: ja.shell.nav.label, exact: true });
    await jaNav.getByRole("link", { name: ja.shell.nav.shipments, exact: true }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ja");

    await page.reload();
    await jaNav.getByRole("link", { name: ja.shell.nav.shipments, exact: true }).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(ja.shell.nav.shipments);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ja");

    await page.getByRole("button", { name: ja.shell.userMenu.label, exact: true }).click();
    await page.getByRole("menuitemradio", { name: en.common.language.en, exact: true }).click();
    await page.keyboard.press("Escape");
    await nav.getByRole("link", { name: en.shell.nav.shipments, exact: true }).waitFor();
    await page.close();
  }, 60_000);

  it("lists the user menu entries with links to the console routes", async () => {
    const page = await openFresh("/app/console");
    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    const menu = page.getByRole("menu");
    const expected: [string, string][] = [
      [en.shell.userMenu.companyAndMembers, "/app/console/settings/company"],
      [en.shell.userMenu.accountSettings, "/app/console/settings"],
      [en.shell.userMenu.notificationSettings, "/app/console/settings/notifications"],
      [en.shell.userMenu.planAndPayment, "/app/console/plans"],
      [en.shell.userMenu.apiSettings, "/app/console/api"],
    ];
    for (const [name, href] of expected) {
      await expect(menu.getByRole("menuitem", { name }).getAttribute("href")).resolves.toBe(href);
    }
    await expect(
      menu.getByRole("menuitem", { name: en.shell.userMenu.help, exact: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      menu.getByRole("menuitem", { name: en.shell.userMenu.logout, exact: true }).isVisible(),
    ).resolves.toBe(true);
    await page.close();
  }, 60_000);

  it("shows the latest news in the bell, nothing unread on a first visit, and marks news read on close", async () => {
    const page = await openFresh("/app/console");
    const bell = page.getByRole("button", { name: en.news.bell, exact: true });
    await bell.click();
    const panel = page.getByRole("dialog", { name: en.news.title, exact: true });
    await panel.getByRole("listitem").first().waitFor();
    await expect(panel.getByRole("listitem").count()).resolves.toBe(NEWS_SHOWN);
    await page.keyboard.press("Escape");

    // An emptied read list makes every shown item unread again.
    await page.evaluate(() => localStorage.setItem("newsReadSlugs", "[]"));
    await page.reload();
    const unreadName = en.news.bellUnread_other.replace("{{count}}", String(NEWS_SHOWN));
    await page.getByRole("button", { name: unreadName, exact: true }).click();
    await panel.getByRole("listitem").first().waitFor();
    await page.keyboard.press("Escape");
    await bell.waitFor();
    await page.reload();
    await bell.waitFor();
    await page.close();
  }, 60_000);

  it("renders a translated not-found page inside and outside the shell", async () => {
    const page = await openFresh("/app/console/no-such-page");
    await page.getByRole("heading", { name: en.shell.notFound.title, exact: true }).waitFor();
    await expect(
      page.getByRole("navigation", { name: en.shell.nav.label, exact: true }).isVisible(),
    ).resolves.toBe(true);

    await page.goto(`${app.url}/app/no-such-page`);
    await page.getByRole("heading", { name: en.shell.notFound.title, exact: true }).waitFor();
    await expect(
      page.getByRole("navigation", { name: en.shell.nav.label, exact: true }).count(),
    ).resolves.toBe(0);
    await page.getByRole("link", { name: en.shell.notFound.backToConsole, exact: true }).click();
    await page.waitForURL(`${app.url}/app/console`);
    await page.getByRole("heading", { name: en.shell.nav.shipments, exact: true }).waitFor();
    await page.close();
  }, 60_000);
});
