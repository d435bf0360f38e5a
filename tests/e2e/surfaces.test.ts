import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// Decisions 0066, 0068, 0069, 0070 and 0071 in a real Chromium: the console runs under the strict CSP,
// Help and Contact support open real pages, crashes are reported, the trial's last day says
// "today", and the first-run rough edges (onboarding header, language menu, sidebar) are gone.

/** Collects CSP violations the page reports, from the moment it is created. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

describe("console surfaces", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());
  const fromNow = (ms: number) => new Date(env.app.clock.now().getTime() + ms);

  async function memberOfTeam(contract?: { startsAt: Date; endsAt: Date }) {
    const company = await f().company();
    await f().contract(company.id, contract);
    const team = await f().team(company.id);
    const user = await f().user({ companyId: company.id, role: "ADMIN" });
    await f().teamMember(team, user);
    return { company, team, user };
  }

  it("runs the console under the CSP without a single violation", async () => {
    const { user } = await memberOfTeam();
    await signInBrowser(env.browser, env.app, user);
    const page = await env.browser.newPage();
    const violations = await watchCsp(page);
    await page.goto(`${env.app.url}/app/console`);
    await page.getByRole("heading", { level: 1, name: en.shell.nav.shipments }).waitFor();
    // A Radix menu and dialog (portals, scroll lock, inline styles) under the policy.
    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    await page.getByRole("menuitem", { name: en.shell.userMenu.accountSettings, exact: true }).click();
    await page.waitForURL(`${env.app.url}/app/console/settings`);
    await page.goto(`${env.app.url}/help/`);
    await page.getByRole("heading", { level: 1, name: en.pages.help.title }).waitFor();
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it("closes the language menu after a choice, and opens Help as a page in the chosen language", async () => {
    const { user } = await memberOfTeam();
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    await page.getByRole("menuitemradio", { name: ja.common.language.ja, exact: true }).click();
    await page.getByRole("menu").waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: ja.shell.nav.shipments }).waitFor();

    await page.getByRole("button", { name: ja.shell.userMenu.label, exact: true }).click();
    const [help] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("menuitem", { name: ja.shell.userMenu.help, exact: true }).click(),
    ]);
    await help.getByRole("heading", { level: 1, name: ja.pages.help.title }).waitFor();
    expect(new URL(help.url()).pathname).toBe("/help/");
    await expect(help.getByRole("heading", { name: ja.pages.help.linesTitle }).isVisible()).resolves.toBe(
      true,
    );
    await help.close();
    await page.close();
  }, 60_000);

  it("gives Trial Period Ended a working contact link", async () => {
    const company = await f().company();
    await f().contract(company.id, { startsAt: fromNow(-40 * DAY_MS), endsAt: fromNow(-10 * DAY_MS) });
    const user = await f().user({ companyId: company.id, role: "ADMIN" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.gates.trialEnded.title }).waitFor();
    const [contact] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: en.gates.trialEnded.contactSupport }).click(),
    ]);
    await contact.getByRole("heading", { name: en.pages.contactTitle }).waitFor();
    await expect(contact.getByRole("link", { name: "support@tracking.example" }).isVisible()).resolves.toBe(
      true,
    );
    await contact.close();
    await page.close();
  }, 60_000);

  it("says the trial ends today in its last minutes, in the top bar and the modal", async () => {
    const { user } = await memberOfTeam({
      startsAt: fromNow(-30 * DAY_MS + 20 * 60_000),
      endsAt: fromNow(20 * 60_000),
    });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    const modal = page.getByRole("dialog", { name: en.gates.trialModal.title });
    await modal.getByText(en.gates.trialModal.endsToday).waitFor();
    await modal.getByRole("button", { name: en.gates.trialModal.later }).click();
    await page.getByText(en.shell.topBar.trialEndsToday).waitFor();
    await expect(page.getByText(/Trial: 1 day left/).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it("gives the onboarding page a header with the logo and a working Logout", async () => {
    const company = await f().company();
    await f().contract(company.id);
    await f().team(company.id);
    const user = await f().user({ companyId: company.id, role: "OPERATOR" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.waitForURL(`${env.app.url}/app/console/onboarding`);
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: en.common.appName }).waitFor();
    await header.getByRole("button", { name: en.gates.logout }).click();
    await page.waitForURL(`${env.app.url}/app/auth/signin`);
    await page.close();
  }, 60_000);

  it("keeps the sidebar's background down to the bottom of a long page", async () => {
    const { user } = await memberOfTeam();
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.shell.nav.shipments }).waitFor();
    await page.evaluate(() => {
      const filler = document.createElement("div");
      filler.style.height = "4000px";
      document.getElementById("console-content")?.append(filler);
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const background = await page.evaluate(() => {
      const element = document.elementFromPoint(20, window.innerHeight - 5);
      let node: Element | null = element;
      while (node && getComputedStyle(node).backgroundColor === "rgba(0, 0, 0, 0)") node = node.parentElement;
      return node ? getComputedStyle(node).backgroundColor : null;
    });
    expect(background).toBe("rgb(255, 255, 255)");
    await page.close();
  }, 60_000);

  it("reports an error nothing caught to /client-errors", async () => {
    const { user } = await memberOfTeam();
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.shell.nav.shipments }).waitFor();
    const [report] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === "/client-errors"),
      page.evaluate(() => {
        setTimeout(() => {
          throw new Error("e2e: thrown in a timer");
        });
      }),
    ]);
    expect(report.postDataJSON()).toMatchObject({
      kind: "unhandled",
      message: "e2e: thrown in a timer",
      url: "/app/console",
    });
    expect((await report.response())?.status()).toBe(204);
    await page.close();
  }, 60_000);
});
