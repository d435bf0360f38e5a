import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cyberportImports, shipments, teams } from "../../server/db/schema";
import { SIMULATOR_CREDENTIALS } from "../../server/modules/cyberport/simulator.data";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, signInBrowser } from "./auth-support";
import { setupConsoleWithWorker } from "./shipments-support";
import { toast } from "./toast-support";

// The port-community panel on the team page (spec 02 §2): an Admin saves the five credentials,
// enables the integration and triggers an import, which a real worker runs against the app's own
// simulator while the panel shows its progress and then what was created and skipped.

const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

const FIELDS = en.cyberport.credentials.fields;

describe("port-community integration panel", () => {
  const ui = setupConsoleWithWorker();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());

  async function adminOnTeamPage() {
    const company = await f().company();
    await f().contract(company.id, { plan: "PREMIUM", maxTrackings: 100, maxMembers: 10 });
    const team = await f().team(company.id, { name: "Hong Kong desk" });
    const admin = await f().user({ companyId: company.id, role: "ADMIN" });
    await f().teamMember(team, admin);
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console/team");
    const panel = page.getByRole("region", { name: en.cyberport.title, exact: true });
    await panel.getByLabel(FIELDS.cyberportLoginUsername).waitFor();
    return { company, team, admin, page, panel };
  }

  async function saveCredentials(page: Page, panel: ReturnType<Page["getByRole"]>, password: string) {
    await panel.getByLabel(FIELDS.cyberportLoginUsername).fill(SIMULATOR_CREDENTIALS.loginUsername);
    await panel.getByLabel(FIELDS.cyberportLoginPassword).fill(password);
    await panel.getByLabel(FIELDS.cyberportAppId).fill(SIMULATOR_CREDENTIALS.appId);
    await panel.getByLabel(FIELDS.cyberportClientId).fill(SIMULATOR_CREDENTIALS.clientId);
    // Keyboard only for the last one: type, then Enter submits the form.
    await panel.getByLabel(FIELDS.cyberportClientSecret).focus();
    await page.keyboard.type(SIMULATOR_CREDENTIALS.clientSecret);
    await page.keyboard.press("Enter");
    await toast(page, en.cyberport.credentials.saved).waitFor();
  }

  it("lets an Admin save credentials, enable, trigger an import and read its result", async () => {
    const { team, page, panel } = await adminOnTeamPage();
    const trigger = panel.getByRole("button", { name: en.cyberport.import.trigger });
    await expect(trigger.isDisabled()).resolves.toBe(true);
    await panel.getByText(en.cyberport.import.needsEnabled).waitFor();

    await saveCredentials(page, panel, SIMULATOR_CREDENTIALS.loginPassword);
    // The fields empty again, the saved values masked; the row holds none of them in clear.
    await expect(panel.getByLabel(FIELDS.cyberportLoginPassword).inputValue()).resolves.toBe("");
    await expect(panel.getByText(en.cyberport.credentials.savedHint).count()).resolves.toBe(5);
    const [row] = await ui.app.database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(JSON.stringify(row)).not.toContain(SIMULATOR_CREDENTIALS.loginPassword);
    expect(JSON.stringify(row)).not.toContain(SIMULATOR_CREDENTIALS.clientSecret);
    expect(row?.cyberportLoginPassword).toMatch(/^v1\./);

    await panel.getByRole("switch", { name: en.cyberport.enable.label }).click();
    await toast(page, en.cyberport.enable.enabled).waitFor();
    await expect(
      panel.getByRole("switch", { name: en.cyberport.enable.label }).getAttribute("aria-checked"),
    ).resolves.toBe("true");

    await trigger.click();
    await panel
      .getByText(fill(en.cyberport.import.summary, { created: 7, skipped: 3 }))
      .first()
      .waitFor({
        timeout: 30_000,
      });
    const report = panel.getByRole("table");
    await report
      .getByRole("row")
      .filter({ hasText: "CPB-1007" })
      .getByText(en.errors.DUPLICATE_TRACKING_NUMBER)
      .waitFor();
    await report
      .getByRole("row")
      .filter({ hasText: "CPB-1009" })
      .getByText(en.errors.CYBERPORT_BOOKING_NO_LINE)
      .waitFor();
    await report
      .getByRole("row")
      .filter({ hasText: "CPB-1010" })
      .getByText(en.errors.CYBERPORT_BOOKING_INVALID)
      .waitFor();
    const created = await ui.app.database.db.select().from(shipments).where(eq(shipments.teamId, team.id));
    expect(created).toHaveLength(7);
    // The top bar's count follows without a reload.
    await page.getByText(fill(en.shell.topBar.trackingCountOfLimit, { count: 7, limit: 100 })).waitFor();

    // Each created booking links to its shipment.
    const msc = created.find((s) => s.trackingNumber === "EBKG04512346");
    await report
      .getByRole("link", { name: fill(en.cyberport.import.report.open, { number: "EBKG04512346" }) })
      .click();
    await page.waitForURL(`**/app/console/shipments/${msc?.id}`);
  });

  it("shows the failure when the port-community system refuses the credentials", async () => {
    const { team, page, panel } = await adminOnTeamPage();
    await saveCredentials(page, panel, "not-the-password");
    await panel.getByRole("switch", { name: en.cyberport.enable.label }).click();
    await toast(page, en.cyberport.enable.enabled).waitFor();
    await panel.getByRole("button", { name: en.cyberport.import.trigger }).click();
    await panel.getByText(en.errors.CYBERPORT_BAD_CREDENTIALS).waitFor({ timeout: 30_000 });
    await panel.getByText(en.cyberport.import.failed).waitFor();
    const [run] = await ui.app.database.db
      .select()
      .from(cyberportImports)
      .where(eq(cyberportImports.teamId, team.id));
    expect(run).toMatchObject({ status: "FAILED", errorCode: "CYBERPORT_BAD_CREDENTIALS", createdCount: 0 });
  });

  it("shows a Manager the switch without letting them use it, and an Operator only what is saved", async () => {
    const { company, team } = await adminOnTeamPage();
    const manager = await f().user({ companyId: company.id, role: "MANAGER" });
    await f().teamMember(team, manager);
    await signInBrowser(ui.browser, ui.app, manager);
    let page = await freshPage(ui.browser, ui.app, "/app/console/team");
    let panel = page.getByRole("region", { name: en.cyberport.title, exact: true });
    await panel.getByLabel(FIELDS.cyberportLoginUsername).waitFor();
    await expect(panel.getByRole("switch", { name: en.cyberport.enable.label }).isDisabled()).resolves.toBe(
      true,
    );
    await panel.getByText(en.cyberport.enable.adminOnly).waitFor();

    const operator = await f().user({ companyId: company.id, role: "OPERATOR" });
    await f().teamMember(team, operator);
    await signInBrowser(ui.browser, ui.app, operator);
    page = await freshPage(ui.browser, ui.app, "/app/console/team");
    panel = page.getByRole("region", { name: en.cyberport.title, exact: true });
    await panel.getByText(en.cyberport.credentials.readOnly).waitFor();
    await expect(panel.getByLabel(FIELDS.cyberportLoginUsername).count()).resolves.toBe(0);
    await expect(panel.getByRole("button", { name: en.cyberport.import.trigger }).count()).resolves.toBe(0);
  });
});
