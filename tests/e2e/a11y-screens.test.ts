import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Shipment, Team, User } from "../../server/db/schema";
import { generateTotpSecret } from "../../server/modules/auth/mfa/mfa.totp";
import { refreshShipments } from "../../server/modules/tracking/refresh.service";
import {
  ok,
  scriptedCarriers,
  snapshot,
  TEST_SETTINGS,
} from "../../server/modules/tracking/tracking.testkit";
import { factories } from "../factories";
import { contextFor } from "../setup/context";
import {
  type AxeFinding,
  axeViolations,
  dictionaries,
  fill,
  LANGUAGES,
  type Language,
  setupA11yConsole,
} from "./a11y-support";
import { freshPage, signInBrowser } from "./auth-support";

// Every route of client/src/app/paths.ts and every dialog, in English and Japanese, checked with
// axe-core (WCAG 2.1 A and AA): a serious or critical violation fails. One app and one browser for
// the file; each language walks the same screens with realistic data (a Premium company with
// headquarters and the connect feature, tracked shipments, members with their colours).

const DAY = 24 * 3600_000;

describe("accessibility of every screen (axe-core)", () => {
  const ui = setupA11yConsole();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());

  /** Shipments filled from a scripted carrier as the tracking engine fills them. */
  async function seedTracked(team: Team, titles: string[]): Promise<Shipment[]> {
    const now = ui.app.clock.now().getTime();
    const rows: Shipment[] = [];
    const answers = new Map<string, ReturnType<typeof ok>>();
    for (const [i, title] of titles.entries()) {
      const s = await f().shipment(team, { title });
      rows.push(s);
      answers.set(
        s.trackingNumber,
        ok(
          snapshot({
            departure: new Date(now - (i + 1) * DAY).toISOString(),
            departureStatus: "ACTUAL",
            arrival: new Date(now + (4 + i) * DAY).toISOString(),
            arrivalStatus: "ESTIMATED",
          }),
        ),
      );
    }
    const carriers = scriptedCarriers((_line, n) => answers.get(n) ?? ok(snapshot()));
    const system = contextFor(
      ui.app.database.db,
      { kind: "system", reason: "test seed" },
      { clock: ui.app.clock },
    );
    await refreshShipments(
      system,
      rows.map((s) => ({ id: crypto.randomUUID(), shipmentId: s.id, retryCount: 0, retryLimit: 3 })),
      { carriers, tracking: TEST_SETTINGS },
    );
    return rows;
  }

  async function world() {
    const company = await f().company({ isHeadquarterEnabled: true, isConnectEnabled: true });
    await f().contract(company.id, { plan: "PREMIUM", maxTrackings: 1000, maxMembers: 50 });
    const team = await f().team(company.id, { name: "Tokyo desk" });
    await f().team(company.id, { name: "Osaka desk" });
    const admin = await f().user({ companyId: company.id, role: "ADMIN", nickname: "Aiko Admin" });
    await f().teamMember(team, admin);
    // Every colour of the sign-up palette on an avatar somewhere.
    const palette = ["#4a90e2", "#50b83c", "#f49342", "#9c6ade", "#de3618", "#47c1bf", "#eec200", "#637381"];
    for (const [i, color] of palette.entries()) {
      const member = await f().user({
        companyId: company.id,
        role: "OPERATOR",
        nickname: `Member ${i}`,
        color,
      });
      await f().teamMember(team, member);
    }
    const shipments = await seedTracked(team, ["PO-1001 Tokyo furniture", "Kobe Steel Coils", "Sendai Rice"]);
    const free = await f().companyWith("ADMIN");
    const withoutTeam = await f().user({ companyId: company.id, role: "OPERATOR", nickname: "New Joiner" });
    const withoutCompany = await f().user({ nickname: "Solo Founder" });
    const withMfa = await f().user({
      companyId: company.id,
      role: "OPERATOR",
      totpSecret: generateTotpSecret(),
      isMultiFactorEnabled: true,
    });
    return {
      company,
      team,
      admin,
      freeAdmin: free.user,
      loners: { withoutTeam, withoutCompany, withMfa },
      shipments,
    };
  }

  const findings: AxeFinding[] = [];
  async function check(page: Page, screen: string) {
    const found = await axeViolations(page, screen);
    if (found.length > 0) console.log(JSON.stringify(found, null, 1));
    findings.push(...found);
  }

  /** Opens a dialog with `open`, checks the page with it open, and closes it with Escape. */
  async function checkDialog(page: Page, screen: string, open: () => Promise<void>) {
    await open();
    const dialog = page.locator("[role='dialog'], [role='alertdialog']").last();
    await dialog.waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await check(page, screen);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }

  async function consoleScreens(
    language: Language,
    admin: User,
    freeAdmin: User,
    loners: { withoutTeam: User; withoutCompany: User; withMfa: User },
    shipment: Shipment,
  ) {
    const t = dictionaries[language];
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app);
    const tag = (s: string) => `${language} ${s}`;

    // The list, its views and its dialogs.
    await ui.visit(page, "/app/console", language);
    const table = page.getByRole("table", { name: t.shipmentList.table.caption });
    await table.getByRole("link", { name: "PO-1001 Tokyo furniture", exact: true }).waitFor();
    await check(page, tag("list"));
    await checkDialog(page, tag("list: columns dialog"), () =>
      page.getByRole("button", { name: t.shipmentList.columns.button, exact: true }).click(),
    );
    await checkDialog(page, tag("list: filter panel"), () =>
      page.getByRole("button", { name: t.shipmentList.filters.button, exact: true }).click(),
    );
    await checkDialog(page, tag("list: saved searches"), () =>
      page.getByRole("button", { name: t.shipmentList.saved.button, exact: true }).click(),
    );
    await checkDialog(page, tag("list: CSV bulk update dialog"), async () => {
      await page.getByRole("button", { name: t.shipmentList.other.button, exact: true }).click();
      await page.getByRole("menuitem", { name: t.shipmentList.other.csvUpdate, exact: true }).click();
    });
    const rowBox = table.getByRole("checkbox", {
      name: fill(t.shipmentList.table.selectRow, { name: "PO-1001 Tokyo furniture" }),
      exact: true,
    });
    await rowBox.check();
    await check(page, tag("list: bulk bar"));
    await checkDialog(page, tag("list: bulk move dialog"), () =>
      page.getByRole("button", { name: t.shipmentList.bulk.move, exact: true }).click(),
    );
    await rowBox.uncheck();
    await page.getByRole("button", { name: t.shell.userMenu.label, exact: true }).click();
    await page.getByRole("menu").waitFor();
    await check(page, tag("list: user menu open"));
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await page.getByRole("button", { name: t.shipmentList.views.calendar, exact: true }).click();
    await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"));
    await page.getByText("PO-1001 Tokyo furniture").first().waitFor();
    await check(page, tag("list: calendar"));
    await page.getByRole("button", { name: t.shipmentList.views.timeline, exact: true }).click();
    await page.getByText("PO-1001 Tokyo furniture").first().waitFor();
    await check(page, tag("list: timeline"));
    await page.getByRole("button", { name: t.shipmentList.views.list, exact: true }).click();
    await table.waitFor();

    // The phone navigation sheet.
    await page.setViewportSize({ width: 390, height: 800 });
    await checkDialog(page, tag("phone navigation"), () =>
      page.getByRole("button", { name: t.shell.mobileMenu.open, exact: true }).click(),
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // New shipment.
    await ui.visit(page, "/app/console/shipments/new", language);
    await check(page, tag("new shipment"));

    // The shipment's detail, every tab and its dialogs.
    await ui.visit(page, `/app/console/shipments/${shipment.id}`, language);
    await page.getByTestId("shipment-schedule").waitFor();
    await check(page, tag("detail: overview"));
    for (const tab of ["activities", "history", "comments", "files"] as const) {
      await page.getByRole("tab", { name: t.shipmentDetail.tabs[tab], exact: true }).click();
      await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"));
      await check(page, tag(`detail: ${tab}`));
    }
    await checkDialog(page, tag("detail: edit dialog"), () =>
      page.getByRole("button", { name: t.shipmentDetail.actions.edit, exact: true }).click(),
    );
    await checkDialog(page, tag("detail: move team dialog"), async () => {
      await page.getByRole("button", { name: t.shipmentDetail.actions.more }).click();
      await page.getByRole("menuitem", { name: t.shipmentDetail.actions.moveTeam }).click();
    });
    await checkDialog(page, tag("detail: delete confirmation"), async () => {
      await page.getByRole("button", { name: t.shipmentDetail.actions.more }).click();
      await page.getByRole("menuitem", { name: t.shipmentDetail.actions.delete }).click();
    });

    // Company settings and its dialogs.
    await ui.visit(page, "/app/console/settings/company", language);
    await page.getByText("Member 7").first().waitFor();
    await check(page, tag("company"));
    await checkDialog(page, tag("company: invite dialog"), () =>
      page.getByRole("button", { name: t.company.invitations.invite, exact: true }).click(),
    );
    await checkDialog(page, tag("company: create team dialog"), () =>
      page.getByRole("button", { name: t.company.teams.create, exact: true }).click(),
    );
    await checkDialog(page, tag("company: archived teams dialog"), () =>
      page.getByRole("button", { name: t.company.teams.archivedTeams, exact: true }).click(),
    );
    await checkDialog(page, tag("company: remove member confirmation"), () =>
      page
        .getByRole("button", { name: fill(t.company.members.removeLabel, { name: "Member 0" }), exact: true })
        .click(),
    );
    await checkDialog(page, tag("company: rename team dialog"), () =>
      page
        .getByRole("button", { name: fill(t.company.teams.renameLabel, { name: "Osaka desk" }), exact: true })
        .click(),
    );
    await checkDialog(page, tag("company: archive team confirmation"), () =>
      page
        .getByRole("button", {
          name: fill(t.company.teams.archiveLabel, { name: "Osaka desk" }),
          exact: true,
        })
        .click(),
    );

    // The team page and its dialog.
    await ui.visit(page, "/app/console/team", language);
    await page.getByText("Member 7").first().waitFor();
    await check(page, tag("team"));
    await checkDialog(page, tag("team: add members dialog"), () =>
      page.getByRole("button", { name: t.teams.members.add, exact: true }).click(),
    );
    await page
      .getByRole("region", { name: t.shell.teamSwitcher.label, exact: true })
      .first()
      .getByRole("button")
      .click();
    await page.getByRole("menu").waitFor();
    await check(page, tag("team switcher open"));
    await page.keyboard.press("Escape");

    for (const [name, path] of [
      ["teams switch", "/app/console/teams/switch"],
      ["new team", "/app/console/teams/new"],
      ["roles", "/app/console/settings/roles"],
      ["account settings", "/app/console/settings"],
      ["notification settings", "/app/console/settings/notifications"],
      ["plans", "/app/console/plans"],
      ["upgrade", "/app/console/plans/upgrade"],
      ["api", "/app/console/api"],
      ["not found", "/app/console/no-such-page"],
    ] as const) {
      await ui.visit(page, path, language);
      await check(page, tag(name));
    }

    await ui.visit(page, "/app/console/settings", language);
    await checkDialog(page, tag("account: delete confirmation"), async () => {
      await page.getByLabel(t.account.delete.confirmCheck, { exact: true }).check();
      await page.getByRole("button", { name: t.account.delete.submit, exact: true }).click();
    });

    // Deleting the company is offered on the free plan only.
    await signInBrowser(ui.browser, ui.app, freeAdmin);
    await ui.visit(page, "/app/console/settings/company", language);
    await checkDialog(page, tag("company: delete company confirmation"), () =>
      page.getByRole("button", { name: t.company.danger.delete, exact: true }).click(),
    );
    await signInBrowser(ui.browser, ui.app, loners.withoutTeam);
    await ui.visit(page, "/app/console/onboarding", language);
    await check(page, tag("onboarding"));
    await signInBrowser(ui.browser, ui.app, loners.withoutCompany);
    await ui.visit(page, "/app/auth/create-company", language);
    await check(page, tag("create company"));
    await signInBrowser(ui.browser, ui.app, loners.withMfa, { mfaVerified: false });
    await ui.visit(page, "/app/auth/multi-factor-authentication", language);
    await check(page, tag("multi-factor authentication"));
    await page.close();
  }

  async function publicScreens(language: Language, shipment: Shipment) {
    await ui.browser.context.clearCookies();
    const page = await freshPage(ui.browser, ui.app);
    for (const [name, path] of [
      ["sign in", "/app/auth/signin"],
      ["sign up", "/app/auth/signup"],
      ["password reset", "/app/auth/password-reset"],
      ["submit new password", "/app/auth/submit-new-password?token=nothing"],
      ["try e-mail verification", "/app/auth/try-email-verification"],
      ["e-mail verification", "/app/auth/email-verification/nothing"],
      ["unsubscribe", "/app/unsubscribe?token=nothing"],
      ["debug info", "/app/debug_info"],
      ["share page", `/app/share/${shipment.shareToken}`],
      ["not found", "/app/no-such-page"],
    ] as const) {
      await ui.visit(page, path, language);
      await check(page, `${language} ${name}`);
    }
    for (const [name, path] of [
      ["terms", `/legal/terms/?lang=${language}`],
      ["privacy", `/legal/privacy/?lang=${language}`],
      ["help", `/help/?lang=${language}`],
    ] as const) {
      await page.goto(`${ui.app.url}${path}`);
      await page.locator("h1").first().waitFor();
      await check(page, `${language} ${name}`);
    }
    await page.close();
  }

  it("finds no serious or critical violation on any screen or dialog, in English and Japanese", async () => {
    const { admin, freeAdmin, loners, shipments } = await world();
    const [shipment] = shipments;
    if (!shipment) throw new Error("no shipment");
    for (const language of LANGUAGES) {
      await consoleScreens(language, admin, freeAdmin, loners, shipment);
      await publicScreens(language, shipment);
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
