import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../server/core/clock";
import {
  companies,
  contracts,
  invitations,
  shipments,
  teamMembers,
  teams,
  users,
} from "../../server/db/schema";
import { hashToken, secureRandomString } from "../../server/modules/auth/tokens";
import { DEFAULT_TEAM_NAME } from "../../shared/constants";
import { ROLE_IDS } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import type { TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, signInBrowser, startConsoleApp } from "./auth-support";
import { toast } from "./toast-support";

// The Company and members page (spec 02 §2, §4–§6) in a real Chromium: teams, roles, invitations,
// the Manager's view and the danger zone.
describe("company and members", () => {
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

  async function companyPage(role: "ADMIN" | "MANAGER" = "ADMIN") {
    const world = await f().companyWith(role);
    await signInBrowser(browser, app, world.user);
    const page = await freshPage(browser, app, "/app/console/settings/company");
    await page.getByRole("heading", { level: 1, name: en.company.title }).waitFor();
    return { ...world, page };
  }

  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

  it("creates a team named 'My Team' by default, renames it, archives it with its effects and unarchives it", async () => {
    const { company, page } = await companyPage();
    const teamsRegion = region(page, en.company.teams.title);
    await teamsRegion.getByRole("button", { name: en.company.teams.create }).click();
    const create = page.getByRole("dialog", { name: en.teams.createDialog.title });
    await expect(create.getByLabel(en.teams.createDialog.nameLabel).inputValue()).resolves.toBe(
      DEFAULT_TEAM_NAME,
    );
    await create.getByRole("button", { name: en.teams.createDialog.submit }).click();
    await teamsRegion.getByRole("row").filter({ hasText: DEFAULT_TEAM_NAME }).waitFor();

    await teamsRegion
      .getByRole("button", { name: fill(en.company.teams.renameLabel, { name: DEFAULT_TEAM_NAME }) })
      .click();
    const rename = page.getByRole("dialog", { name: en.company.teams.renameTitle });
    await rename.getByLabel(en.teams.createDialog.nameLabel).fill("Nagoya Exports");
    await rename.getByRole("button", { name: en.common.save }).click();
    const row = teamsRegion.getByRole("row").filter({ hasText: "Nagoya Exports" });
    await row.waitFor();

    // Archiving names its effects, then removes the members and archives the shipments.
    const [team] = await app.database.db.select().from(teams).where(eq(teams.name, "Nagoya Exports"));
    const colleague = await f().user({ companyId: company.id });
    await f().teamMember(team!, colleague);
    const shipment = await f().shipment(team!);
    await page.reload();
    await teamsRegion
      .getByRole("button", { name: fill(en.company.teams.archiveLabel, { name: "Nagoya Exports" }) })
      .click();
    const confirm = page.getByRole("alertdialog", {
      name: fill(en.company.teams.archiveConfirmTitle, { name: "Nagoya Exports" }),
    });
    await confirm.getByText(fill(en.company.teams.archiveConfirmMembers_other, { count: 2 })).waitFor();
    await confirm.getByText(en.company.teams.archiveConfirmShipments).waitFor();
    await confirm.getByRole("button", { name: en.company.teams.archiveConfirm }).click();
    await toast(page, fill(en.company.teams.archived, { name: "Nagoya Exports" })).waitFor();
    await row.waitFor({ state: "detached" });
    await expect(
      app.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team!.id)),
    ).resolves.toEqual([]);
    const [archived] = await app.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(archived?.archivedAt).not.toBeNull();

    // Unarchiving brings the team back, without members.
    await teamsRegion.getByRole("button", { name: en.company.teams.archivedTeams }).click();
    const dialog = page.getByRole("dialog", { name: en.company.archived.title });
    await dialog
      .getByRole("button", { name: fill(en.company.archived.unarchiveLabel, { name: "Nagoya Exports" }) })
      .click();
    await dialog.getByText(en.company.archived.empty).waitFor();
    await page.keyboard.press("Escape");
    await row.getByText(fill(en.company.teams.memberCount_other, { count: 0 })).waitFor();
    await page.close();
  }, 90_000);

  it("changes a role and removes a member only after confirming, and lists Pending and Expired invitations", async () => {
    const { company, page } = await companyPage();
    const operator = await f().user({ companyId: company.id, role: "OPERATOR", nickname: "Hanako Sato" });
    const leaver = await f().user({ companyId: company.id, role: "READONLY", nickname: "Taro Suzuki" });
    const now = app.clock.now().getTime();
    for (const [email, days] of [
      ["pending@example.com", 3],
      ["expired@example.com", -1],
    ] as const) {
      await app.database.db.insert(invitations).values({
        companyId: company.id,
        email,
        roleId: ROLE_IDS.OPERATOR,
        invitationTokenHash: hashToken(secureRandomString()),
        invitationExpireAt: new Date(now + days * DAY_MS),
      });
    }
    await page.reload();
    const members = region(page, en.company.members.title);

    const roleSelect = members.getByLabel(fill(en.company.members.roleOf, { name: "Hanako Sato" }));
    await roleSelect.selectOption({ label: en.roles.names.MANAGER });
    const confirmRole = page.getByRole("alertdialog");
    await confirmRole.getByRole("button", { name: en.common.cancel }).click();
    await expect(roleSelect.inputValue()).resolves.toBe("OPERATOR");
    await roleSelect.selectOption({ label: en.roles.names.MANAGER });
    await confirmRole.getByRole("button", { name: en.company.members.roleConfirm }).click();
    await toast(
      page,
      fill(en.company.members.roleChanged, { name: "Hanako Sato", role: en.roles.names.MANAGER }),
    ).waitFor();
    await expect
      .poll(
        async () => (await app.database.db.select().from(users).where(eq(users.id, operator.id)))[0]?.roleId,
      )
      .toBe(ROLE_IDS.MANAGER);

    await members
      .getByRole("button", { name: fill(en.company.members.removeLabel, { name: "Taro Suzuki" }) })
      .click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: en.company.members.removeConfirm })
      .click();
    await members.getByText("Taro Suzuki").waitFor({ state: "detached" });
    await expect
      .poll(
        async () => (await app.database.db.select().from(users).where(eq(users.id, leaver.id)))[0]?.companyId,
      )
      .toBeNull();

    const pending = region(page, en.company.invitations.title);
    await pending
      .getByRole("row")
      .filter({ hasText: "pending@example.com" })
      .getByText(en.company.invitations.pending, { exact: true })
      .waitFor();
    await pending
      .getByRole("row")
      .filter({ hasText: "expired@example.com" })
      .getByText(en.company.invitations.expired, { exact: true })
      .waitFor();
    for (const email of ["pending@example.com", "expired@example.com"]) {
      await pending
        .getByRole("button", { name: fill(en.company.invitations.deleteLabel, { email }) })
        .click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: en.company.invitations.deleteConfirm })
        .click();
      await pending.getByText(email).waitFor({ state: "detached" });
    }
    await pending.getByText(en.company.invitations.empty).waitFor();
    await page.close();
  }, 90_000);

  it("shows the member-limit banner and holds back invitations at the limit", async () => {
    const { company, page } = await companyPage();
    for (let i = 0; i < 4; i++) await f().user({ companyId: company.id });
    await page.reload();
    await page.getByText(en.errors.MEMBER_LIMIT_REACHED).waitFor();
    await expect(
      page.getByRole("button", { name: en.company.invitations.invite }).isDisabled(),
    ).resolves.toBe(true);
    await page.close();
  }, 60_000);

  it("lets a Manager look but not invite, change roles, change settings or delete the company", async () => {
    const { page } = await companyPage("MANAGER");
    await region(page, en.company.members.title).getByText(en.company.members.adminOnly).waitFor();
    await expect(page.getByRole("button", { name: en.company.invitations.invite }).count()).resolves.toBe(0);
    await expect(page.getByRole("combobox").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: en.company.teams.create }).count()).resolves.toBe(0);
    await expect(
      page.getByRole("switch", { name: en.company.settings.duplicates }).isDisabled(),
    ).resolves.toBe(true);
    await expect(region(page, en.company.danger.title).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it("offers the headquarters switch behind 'Premium Only' below Premium, with the upgrade dialog", async () => {
    const { page } = await companyPage();
    const settings = region(page, en.company.settings.title);
    const headquarters = settings.getByRole("switch", { name: en.company.settings.headquarters });
    await expect(headquarters.isDisabled()).resolves.toBe(true);
    await settings.getByRole("button", { name: en.common.premium.badge }).click();
    const upgrade = page.getByRole("dialog", { name: en.common.premium.title });
    await expect(
      upgrade.getByRole("link", { name: en.common.premium.viewPlans }).getAttribute("href"),
    ).resolves.toBe("/app/console/plans");
    await page.keyboard.press("Escape");

    const duplicates = settings.getByRole("switch", { name: en.company.settings.duplicates });
    await duplicates.click();
    await expect.poll(() => duplicates.getAttribute("aria-checked")).toBe("true");
    await page.close();
  }, 60_000);

  it("deletes a FREE company after both confirmations and leaves the Admin without a company", async () => {
    const { company, user, page } = await companyPage();
    const danger = region(page, en.company.danger.title);
    await danger.getByRole("button", { name: en.company.danger.delete }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: en.company.danger.step1Continue })
      .click();
    const second = page.getByRole("alertdialog", { name: en.company.danger.step2Title });
    const finalButton = second.getByRole("button", { name: en.company.danger.step2Confirm });
    await expect(finalButton.isDisabled()).resolves.toBe(true);
    await second.getByLabel(en.company.danger.step2Label).fill(company.companyName);
    await finalButton.click();
    await page.waitForURL(`${app.url}/app/auth/signin`);
    await page.getByText(en.auth.signIn.noCompanyTitle).waitFor();
    await expect(
      app.database.db.select().from(companies).where(eq(companies.id, company.id)),
    ).resolves.toEqual([]);
    const [left] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(left?.companyId).toBeNull();
    await page.close();
  }, 60_000);

  it("refuses deletion on a paid plan and says why", async () => {
    const { contract, page } = await companyPage();
    await app.database.db.update(contracts).set({ plan: "STANDARD" }).where(eq(contracts.id, contract.id));
    await page.reload();
    const danger = region(page, en.company.danger.title);
    await danger.getByText(en.errors.COMPANY_DELETE_FREE_ONLY).waitFor();
    await expect(danger.getByRole("button", { name: en.company.danger.delete }).isDisabled()).resolves.toBe(
      true,
    );
    await page.close();
  }, 60_000);
});
