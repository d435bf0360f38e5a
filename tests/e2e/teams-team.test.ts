import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts, outboundEmails, teamGuestUsers, teamMembers, teams } from "../../server/db/schema";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import type { TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, signInBrowser, startConsoleApp } from "./auth-support";
import { toast } from "./toast-support";

// The Team page, the team switcher and the Teams switch page (spec 01 §2, §4; spec 02 §2).
describe("team page and team switcher", () => {
  let app: TestApp;
  let browser: TestBrowser;
  const f = () => factories(app.database.db, app.clock.now());
  const fill = (text: string, params: Record<string, string | number>) =>
    Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

  beforeAll(async () => {
    app = await startConsoleApp();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
  const nav = (page: Page) => page.getByRole("navigation", { name: en.shell.nav.label });

  it("lets an Admin edit the team's settings and members; custom fields wait for Premium", async () => {
    const { company, team, user } = await f().companyWith("ADMIN");
    const colleague = await f().user({ companyId: company.id, nickname: "Kenji Mori" });
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/team");
    await page
      .getByRole("heading", { level: 1, name: fill(en.teams.page.title, { name: team.name }) })
      .waitFor();
    await expect(region(page, en.teams.guests.title).count()).resolves.toBe(0);

    const settings = region(page, en.teams.settings.title);
    await settings.getByLabel(en.teams.settings.daysToArchive).fill("0");
    await settings.getByRole("button", { name: en.common.save }).click();
    await settings.getByText(en.validation.daysToArchiveMin).waitFor();
    await settings.getByLabel(en.teams.settings.daysToArchive).fill("3");
    await settings.getByRole("switch", { name: en.teams.settings.enableRequestedEta }).click();
    await settings.getByRole("button", { name: en.common.save }).click();
    await toast(page, en.teams.settings.saved).waitFor();
    await expect
      .poll(async () => (await app.database.db.select().from(teams).where(eq(teams.id, team.id)))[0])
      .toMatchObject({ daysToArchiveAfterDelivery: 3, enableRequestedEta: true });

    const members = region(page, en.teams.members.title);
    await members.getByRole("button", { name: en.teams.members.add }).click();
    const dialog = page.getByRole("dialog", { name: en.teams.addMembers.title });
    await dialog.getByRole("checkbox", { name: /Kenji Mori/ }).check();
    await dialog.getByRole("button", { name: fill(en.teams.addMembers.submit_one, { count: 1 }) }).click();
    await toast(page, fill(en.teams.addMembers.added_one, { count: 1 })).waitFor();
    await members.getByRole("row").filter({ hasText: "Kenji Mori" }).waitFor();

    await members
      .getByRole("button", { name: fill(en.teams.members.removeLabel, { name: "Kenji Mori" }) })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: en.teams.members.confirm }).click();
    await toast(page, fill(en.teams.members.removed, { name: "Kenji Mori" })).waitFor();
    await expect
      .poll(async () =>
        app.database.db
          .select()
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, colleague.id))),
      )
      .toEqual([]);

    const custom = region(page, en.teams.customFields.title);
    await expect(
      custom.getByLabel(fill(en.teams.customFields.fieldN, { n: 1 }), { exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await custom.getByRole("button", { name: en.common.premium.badge }).click();
    await page.getByRole("dialog", { name: en.common.premium.title }).waitFor();
    await page.close();
  }, 90_000);

  it("invites a guest user by e-mail where connect is on", async () => {
    const { team, user } = await f().companyWith("ADMIN", { company: { isConnectEnabled: true } });
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/team");
    const guests = region(page, en.teams.guests.title);
    await guests.getByText(en.teams.guests.empty).waitFor();
    await guests.getByRole("button", { name: en.teams.guests.add }).click();
    const dialog = page.getByRole("dialog", { name: en.teams.guests.dialogTitle });
    await dialog.getByRole("button", { name: en.teams.guests.submit }).click();
    await dialog.getByText(en.validation.guestEmailRequired).waitFor();
    await dialog.getByLabel(en.teams.guests.guestEmail).fill("partner@forwarder.example.org");
    await dialog.getByRole("button", { name: en.teams.guests.submit }).click();
    await toast(page, fill(en.teams.guests.added, { email: "partner@forwarder.example.org" })).waitFor();
    await guests.getByRole("row").filter({ hasText: "partner@forwarder.example.org" }).waitFor();
    const guestRows = await app.database.db
      .select()
      .from(teamGuestUsers)
      .where(eq(teamGuestUsers.teamId, team.id));
    expect(guestRows.map((g) => g.email)).toEqual(["partner@forwarder.example.org"]);
    const mails = await app.database.db.select().from(outboundEmails);
    expect(mails.some((m) => m.to.includes("partner@forwarder.example.org"))).toBe(true);
    await page.close();
  }, 60_000);

  it("shows an Operator the team read-only, with Leave team only when they have another team", async () => {
    const { company, team, user } = await f().companyWith("OPERATOR");
    await signInBrowser(browser, app, user);
    let page = await freshPage(browser, app, "/app/console/team");
    await page.getByText(en.teams.page.readOnly).waitFor();
    await expect(page.getByRole("button", { name: en.common.save }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: en.teams.members.add }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: en.teams.leave.button }).count()).resolves.toBe(0);
    await page.close();

    const second = await f().team(company.id, { name: "Second Desk" });
    await f().teamMember(second, user);
    page = await freshPage(browser, app);
    await page.evaluate(
      ([key, id]) => localStorage.setItem(key!, id!),
      [LOCAL_STORAGE_KEYS.selectedTeam, team.id],
    );
    await page.goto(`${app.url}/app/console/team`);
    await page.getByRole("button", { name: en.teams.leave.button }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: en.teams.leave.confirm }).click();
    await page.waitForURL(`${app.url}/app/console`);
    await region(page, en.shell.teamSwitcher.label).getByText("Second Desk").waitFor();
    await page.close();
  }, 60_000);

  it("switches between own teams, Headquarters and guest teams, hiding New shipment and Team where they do not apply", async () => {
    const { company, contract, team, user } = await f().companyWith("ADMIN", {
      company: { isHeadquarterEnabled: true },
    });
    await app.database.db.update(contracts).set({ plan: "PREMIUM" }).where(eq(contracts.id, contract.id));
    const host = await f().companyWith("ADMIN", { company: { companyName: "Pacific Freight" } });
    await app.database.db
      .insert(teamGuestUsers)
      .values({ companyId: host.company.id, teamId: host.team.id, email: user.email, userId: user.id });
    expect(company.id).not.toBe(host.company.id);

    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console");
    const switcher = region(page, en.shell.teamSwitcher.label);
    const choose = async (name: string) => {
      await switcher.getByRole("button").click();
      await page.getByRole("menuitemradio", { name }).click();
    };
    await switcher.getByText(team.name).waitFor();
    await nav(page).getByRole("link", { name: en.shell.nav.team }).waitFor();

    await choose(en.shell.teamSwitcher.headquarters);
    await switcher.getByText(en.shell.teamSwitcher.headquarters, { exact: true }).waitFor();
    await expect(nav(page).getByRole("link", { name: en.shell.nav.newShipment }).count()).resolves.toBe(0);
    await expect(nav(page).getByRole("link", { name: en.shell.nav.team }).count()).resolves.toBe(0);
    await expect(
      page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.selectedTeam),
    ).resolves.toBe("HEADQUARTER");

    await switcher.getByRole("button").click();
    await page.getByText(fill(en.shell.teamSwitcher.guestGroup, { company: "Pacific Freight" })).waitFor();
    await page.getByRole("menuitemradio", { name: host.team.name }).click();
    await switcher
      .getByText(fill(en.shell.teamSwitcher.guestGroup, { company: "Pacific Freight" }))
      .waitFor();
    await expect(nav(page).getByRole("link", { name: en.shell.nav.team }).count()).resolves.toBe(0);

    // The stored choice survives a reload; the switch page chooses and reloads on the own team.
    await page.reload();
    await switcher.getByText(host.team.name).waitFor();
    await page.goto(`${app.url}/app/console/teams/switch`);
    await page.getByRole("button", { name: fill(en.teams.switch.chooseTeam, { name: team.name }) }).click();
    await page.waitForURL(`${app.url}/app/console`);
    await switcher.getByText(team.name).waitFor();
    await nav(page).getByRole("link", { name: en.shell.nav.newShipment }).waitFor();
    await page.close();
  }, 90_000);

  it("creates a team from New Team and continues on it", async () => {
    const { user } = await f().companyWith("ADMIN");
    await signInBrowser(browser, app, user);
    const page = await freshPage(browser, app, "/app/console/teams/switch");
    await page.getByRole("link", { name: en.teams.switch.newTeam }).click();
    await page.getByRole("heading", { level: 1, name: en.teams.newTeam.title }).waitFor();
    await page.getByLabel(en.teams.createDialog.nameLabel).fill("Kobe Desk");
    await page.getByRole("button", { name: en.teams.createDialog.submit }).click();
    await page.waitForURL(`${app.url}/app/console`);
    await region(page, en.shell.teamSwitcher.label).getByText("Kobe Desk").waitFor();
    await page.close();
  }, 60_000);
});
