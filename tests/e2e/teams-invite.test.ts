import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMembers, users } from "../../server/db/schema";
import { ROLE_IDS } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import type { TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { freshPage, linkInLatestEmail, PASSWORD, signInBrowser, startConsoleApp } from "./auth-support";
import { toast } from "./toast-support";

// The invitation journey (decision 0043): an Admin invites an Operator to a team from Company and members; the invitee
// signs up from the e-mailed link with the fixed address and lands in the console on that team;
// the Operator can neither see nor open the company page.
describe("inviting a member to a team", () => {
  let app: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    app = await startConsoleApp();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("invites an Operator who signs up into the team and is kept out of company settings", async () => {
    const f = factories(app.database.db, app.clock.now());
    const domain = `acme-${Date.now().toString(36)}.example.com`;
    const { company, user: admin } = await f.companyWith("ADMIN", {
      company: { workEmail: `owner@${domain}` },
    });
    const osaka = await f.team(company.id, { name: "Osaka Imports" });
    const invitee = `kenji.mori@${domain}`;

    // The Admin opens Company and members from the user menu.
    await signInBrowser(browser, app, admin);
    const page = await freshPage(browser, app, "/app/console");
    await page.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    await page.getByRole("menuitem", { name: en.shell.userMenu.companyAndMembers }).click();
    await page.getByRole("heading", { level: 1, name: en.company.title }).waitFor();
    const invitations = page.getByRole("region", { name: en.company.invitations.title });
    await invitations.getByText(en.company.invitations.empty).waitFor();

    // The dialog shows the domain rule and asks an Operator for a team.
    await page.getByRole("button", { name: en.company.invitations.invite, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: en.company.invite.title });
    await dialog.getByText(en.company.invite.domains.replace("{{domains}}", domain)).waitFor();
    await dialog.getByLabel(en.company.invite.emails).fill(`${invitee}, someone@elsewhere.example.org`);
    await dialog.getByLabel(en.company.invite.role).selectOption({ label: en.roles.names.OPERATOR });
    await dialog.getByRole("button", { name: en.company.invite.submit }).click();
    await dialog
      .getByText(
        en.errors.INVITATION_DOMAIN_NOT_ALLOWED.replace("{{email}}", "someone@elsewhere.example.org").replace(
          "{{domains}}",
          domain,
        ),
      )
      .waitFor();
    await dialog.getByLabel(en.company.invite.emails).fill(invitee);
    await dialog.getByText(en.validation.teamRequiredForRole).waitFor();
    await dialog.getByRole("checkbox", { name: "Osaka Imports" }).check();
    await dialog.getByRole("button", { name: en.company.invite.submit }).click();
    await toast(page, en.company.invite.sent_one, { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    const row = invitations.getByRole("row").filter({ hasText: invitee });
    await row.getByText(en.company.invitations.pending, { exact: true }).waitFor();
    await expect(row.getByText(en.roles.names.OPERATOR, { exact: true }).isVisible()).resolves.toBe(true);
    await page.close();

    // The invitee follows the e-mailed link, signed out, with the address fixed.
    const link = await linkInLatestEmail(app.database.db, invitee);
    await browser.context.clearCookies();
    const signup = await freshPage(browser, app, link);
    const email = signup.getByLabel(en.auth.fields.email);
    await expect(email.inputValue()).resolves.toBe(invitee);
    await expect(email.getAttribute("readonly")).resolves.not.toBeNull();
    await signup.getByLabel(en.auth.fields.fullName).fill("Kenji Mori");
    await signup.getByLabel(en.auth.fields.password, { exact: true }).fill(PASSWORD);
    await signup.getByRole("checkbox").check();
    await signup.getByRole("button", { name: en.auth.invited.submit, exact: true }).click();

    // In the console, on the invited team, as an Operator.
    await signup.waitForURL(`${app.url}/app/console`);
    const switcher = signup.getByRole("region", { name: en.shell.teamSwitcher.label });
    await switcher.getByText("Osaka Imports").waitFor();
    const [joined] = await app.database.db.select().from(users).where(eq(users.email, invitee));
    expect(joined).toMatchObject({
      companyId: company.id,
      roleId: ROLE_IDS.OPERATOR,
      nickname: "Kenji Mori",
    });
    const memberships = await app.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, joined!.id), eq(teamMembers.teamId, osaka.id)));
    expect(memberships).toHaveLength(1);

    // No Company and members entry, and the page itself refuses with the spec's message.
    await signup.getByRole("button", { name: en.shell.userMenu.label, exact: true }).click();
    const menu = signup.getByRole("menu");
    await menu.getByRole("menuitem", { name: en.shell.userMenu.accountSettings }).waitFor();
    await expect(
      menu.getByRole("menuitem", { name: en.shell.userMenu.companyAndMembers }).count(),
    ).resolves.toBe(0);
    await signup.keyboard.press("Escape");
    await signup.goto(`${app.url}/app/console/settings/company`);
    await signup.getByRole("heading", { level: 1, name: en.errors.PERMISSION_DENIED }).waitFor();
    await expect(
      signup.getByRole("heading", { name: en.company.members.title, exact: true }).count(),
    ).resolves.toBe(0);
    await signup.close();
  }, 120_000);
});
