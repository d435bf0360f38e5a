import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TRIAL_MODAL_SHOWN_KEY } from "../../client/src/app/gates/trial-modal-rule";
import { attachments, companies, invitations, type Shipment, type User } from "../../server/db/schema";
import { hashToken, secureRandomString } from "../../server/modules/auth/tokens";
import { SIMULATOR_CREDENTIALS } from "../../server/modules/cyberport/simulator.data";
import { ROLE_IDS } from "../../shared/enums";
import { factories } from "../factories";
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
import { toast } from "./toast-support";

// Every dialog of the console, in English and Japanese, checked with axe-core (WCAG 2.1 A and AA)
// while it is open, the check scoped to the dialog: a serious or critical violation fails. The
// screens and the dialogs that belong to their walk are in a11y-screens.test.ts; this file opens
// the rest — confirmations, the once-shown API key, the trial modal, the Premium explanation, the
// share page's guest files — with one signed-in page per language and person.

const DAY = 24 * 3600_000;

describe("accessibility of every dialog (axe-core)", () => {
  const ui = setupA11yConsole();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());
  const daysFromNow = (days: number) => new Date(ui.app.clock.now().getTime() + days * DAY);

  async function world() {
    const company = await f().company({ isHeadquarterEnabled: true, isConnectEnabled: true });
    await ui.app.database.db
      .update(companies)
      .set({ isApiEnabled: true })
      .where(eq(companies.id, company.id));
    await f().contract(company.id, { plan: "PREMIUM", maxTrackings: 1000, maxMembers: 50 });
    const team = await f().team(company.id, { name: "Tokyo desk" });
    await f().team(company.id, { name: "Osaka desk" });
    const admin = await f().user({ companyId: company.id, role: "ADMIN", nickname: "Aiko Admin" });
    await f().teamMember(team, admin);
    // A second team of the Admin's, so leaving one is offered.
    await f().teamMember(await f().team(company.id, { name: "Yokohama desk" }), admin);
    const member = await f().user({ companyId: company.id, role: "OPERATOR", nickname: "Hanako Sato" });
    await f().teamMember(team, member);
    const shipment = await f().shipment(team, { title: "PO-1001 Tokyo furniture" });
    await f().shipment(team, { title: "Kobe Steel Coils" });
    await ui.app.database.db.insert(invitations).values({
      companyId: company.id,
      email: "pending@example.com",
      roleId: ROLE_IDS.OPERATOR,
      invitationTokenHash: hashToken(secureRandomString()),
      invitationExpireAt: daysFromNow(3),
    });
    const guest = await f().user({ nickname: "Guest Buyer" });
    const now = ui.app.clock.now();
    for (const [filename, uploader] of [
      ["Commercial invoice.pdf", admin],
      ["Packing list.pdf", guest],
    ] as const) {
      await ui.app.database.db.insert(attachments).values({
        companyId: company.id,
        shipmentId: shipment.id,
        filename,
        contentType: "application/pdf",
        fileSizeBytes: 2048,
        storageKey: `a11y/${crypto.randomUUID()}`,
        uploadedByUserId: uploader.id,
        uploadedByGuestEmail: uploader === guest ? guest.email : null,
        uploadedAt: now,
      });
    }

    // A company on the free plan (its deletion and the Premium explanation), one in the last
    // days of its trial (the daily reminder) and one still waiting for approval.
    const free = await f().companyWith("ADMIN");
    const trial = await f().company();
    await f().contract(trial.id, { plan: "FREE", startsAt: daysFromNow(-27), endsAt: daysFromNow(3) });
    const trialTeam = await f().team(trial.id);
    const trialAdmin = await f().user({ companyId: trial.id, role: "ADMIN" });
    await f().teamMember(trialTeam, trialAdmin);
    const pending = await f().company({ approvalState: "PENDING", approvedAt: null });
    await f().contract(pending.id, { plan: "FREE", startsAt: daysFromNow(-1), endsAt: daysFromNow(29) });
    const pendingAdmin = await f().user({ companyId: pending.id, role: "ADMIN" });
    return { admin, shipment, guest, freeAdmin: free.user, trialAdmin, pendingAdmin };
  }

  const findings: AxeFinding[] = [];
  let checked = 0;

  /** The open dialog (the last one: a confirmation opens over another dialog or popover). */
  const openDialog = (page: Page) => page.locator("[role='dialog'], [role='alertdialog']").last();

  /** Checks the open dialog alone. */
  async function checkOpen(page: Page, screen: string) {
    const dialog = openDialog(page);
    await dialog.waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const found = await axeViolations(page, screen, dialog);
    if (found.length > 0) console.log(JSON.stringify(found, null, 1));
    findings.push(...found);
    checked++;
  }

  /** Opens a dialog with `open`, checks it, and closes it with Escape. */
  async function checkDialog(page: Page, screen: string, open: () => Promise<void>) {
    await open();
    await checkOpen(page, screen);
    const shown = await openDialog(page).elementHandle();
    await page.keyboard.press("Escape");
    await page.waitForFunction((el) => !el?.isConnected, shown);
    await shown?.dispose();
  }

  /** Closes whatever dialog or popover is still open. */
  async function closeAll(page: Page) {
    while ((await page.locator("[role='dialog'], [role='alertdialog']").count()) > 0) {
      await page.keyboard.press("Escape");
      await page.waitForTimeout(100);
    }
  }

  /** Checks a part of the page that is not a dialog (the once-shown key). */
  async function checkPart(page: Page, screen: string, part: Locator) {
    await part.waitFor();
    const found = await axeViolations(page, screen, part);
    if (found.length > 0) console.log(JSON.stringify(found, null, 1));
    findings.push(...found);
    checked++;
  }

  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

  async function listDialogs(page: Page, language: Language) {
    const t = dictionaries[language];
    const tag = (s: string) => `${language} list: ${s}`;
    await ui.visit(page, "/app/console", language);
    const table = page.getByRole("table", { name: t.shipmentList.table.caption });
    await table.getByRole("link", { name: "PO-1001 Tokyo furniture", exact: true }).waitFor();

    // A condition to save, then the save dialog, then the saved search's delete confirmation.
    await page.getByRole("button", { name: t.shipmentList.filters.button, exact: true }).click();
    const panel = openDialog(page);
    await panel.getByLabel(t.shipmentList.filters.field).selectOption("title");
    await panel.getByLabel(t.shipmentList.filters.operator).selectOption("CONTAINS");
    await panel.getByLabel(t.shipmentList.filters.value, { exact: true }).fill("Tokyo");
    await panel.getByRole("button", { name: t.shipmentList.filters.add }).click();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await page.getByRole("button", { name: t.shipmentList.saved.button, exact: true }).click();
    await page.getByRole("button", { name: t.shipmentList.saved.save, exact: true }).click();
    await checkOpen(page, tag("save search dialog"));
    const name = `Tokyo ${language}`;
    const saveDialog = page.getByRole("dialog", { name: t.shipmentList.saved.saveTitle });
    await saveDialog.getByLabel(t.shipmentList.saved.name).fill(name);
    await saveDialog.getByRole("button", { name: t.common.save }).click();
    await checkPart(
      page,
      tag("a confirmation toast"),
      toast(page, fill(t.shipmentList.saved.savedToast, { name }), { m: t }),
    );
    await page.getByRole("button", { name: t.shipmentList.saved.button, exact: true }).click();
    await checkDialog(page, tag("delete saved search confirmation"), () =>
      page.getByRole("button", { name: fill(t.shipmentList.saved.delete, { name }), exact: true }).click(),
    );
    await closeAll(page);

    // An error toast: exporting with nothing selected.
    await page.getByRole("button", { name: t.shipmentList.other.button, exact: true }).click();
    await page.getByRole("menuitem", { name: t.shipmentList.other.csvExport, exact: true }).click();
    await checkPart(
      page,
      tag("an error toast"),
      toast(page, t.shipmentList.other.exportNeedsSelection, { kind: "error", m: t }),
    );

    // The bulk actions' confirmations.
    const rowBox = table.getByRole("checkbox", {
      name: fill(t.shipmentList.table.selectRow, { name: "PO-1001 Tokyo furniture" }),
      exact: true,
    });
    await rowBox.check();
    const bulk = region(page, t.shipmentList.bulk.label);
    for (const kind of ["subscribe", "archive", "delete"] as const) {
      await checkDialog(page, tag(`bulk ${kind} confirmation`), () =>
        bulk.getByRole("button", { name: t.shipmentList.bulk[kind], exact: true }).click(),
      );
    }
    await rowBox.uncheck();
  }

  async function detailDialogs(page: Page, language: Language, shipment: Shipment) {
    const t = dictionaries[language];
    const A = t.attachments;
    const tag = (s: string) => `${language} detail: ${s}`;
    await ui.visit(page, `/app/console/shipments/${shipment.id}`, language);

    // The share link's confirmations, opened from its popover.
    const openShare = () => page.getByRole("button", { name: t.share.link.title, exact: true }).click();
    await checkDialog(page, tag("share link popover"), openShare);
    for (const [button, title] of [
      [t.share.link.regenerate, t.share.link.regenerateTitle],
      [t.share.link.revoke, t.share.link.revokeTitle],
    ] as const) {
      await openShare();
      await page.getByRole("button", { name: button, exact: true }).click();
      await page.getByRole("alertdialog", { name: title }).waitFor();
      await checkOpen(page, tag(`share link: ${title}`));
      await page.keyboard.press("Escape");
      await page.getByRole("alertdialog").waitFor({ state: "detached" });
      await closeAll(page);
    }

    // Files: who may see a file (with every field shown), and deleting one.
    await page.getByRole("tab", { name: t.shipmentDetail.tabs.files, exact: true }).click();
    const row = page.getByTestId("attachment-row").filter({ hasText: "Commercial invoice.pdf" });
    await row.waitFor();
    await row
      .getByRole("button", { name: fill(A.editVisibilityNamed, { filename: "Commercial invoice.pdf" }) })
      .click();
    const sharing = page.getByRole("dialog", { name: A.visibility.title });
    await checkOpen(page, tag("file sharing dialog"));
    await sharing.getByLabel(A.scope.LIMITED_SHARING).check();
    await sharing.getByLabel(A.visibility.sendNotification).check();
    await sharing.getByRole("button", { name: A.visibility.save }).click();
    await sharing.getByText(A.visibility.emailsRequired).waitFor();
    await checkOpen(page, tag("file sharing dialog, limited, with its error"));
    await page.keyboard.press("Escape");
    await sharing.waitFor({ state: "detached" });
    await checkDialog(page, tag("delete file confirmation"), () =>
      row.getByRole("button", { name: fill(A.deleteNamed, { filename: "Commercial invoice.pdf" }) }).click(),
    );
  }

  async function teamDialogs(page: Page, language: Language) {
    const t = dictionaries[language];
    const tag = (s: string) => `${language} team: ${s}`;
    await ui.visit(page, "/app/console/team", language);
    await page.getByText("Hanako Sato").first().waitFor();
    await checkDialog(page, tag("leave team confirmation"), () =>
      page.getByRole("button", { name: t.teams.leave.button, exact: true }).click(),
    );
    await checkDialog(page, tag("remove member confirmation"), () =>
      page
        .getByRole("button", {
          name: fill(t.teams.members.removeLabel, { name: "Hanako Sato" }),
          exact: true,
        })
        .click(),
    );

    // A guest, added through the dialog, and the confirmation before removing them.
    const guests = region(page, t.teams.guests.title);
    const email = `partner-${language}@forwarder.example.org`;
    await guests.getByRole("button", { name: t.teams.guests.add, exact: true }).click();
    const addGuest = page.getByRole("dialog", { name: t.teams.guests.dialogTitle });
    await addGuest.getByRole("button", { name: t.teams.guests.submit }).click();
    await addGuest.getByText(t.validation.guestEmailRequired).waitFor();
    await checkOpen(page, tag("add guest dialog, with its error"));
    await addGuest.getByLabel(t.teams.guests.guestEmail).fill(email);
    await addGuest.getByRole("button", { name: t.teams.guests.submit }).click();
    await guests.getByRole("row").filter({ hasText: email }).waitFor();
    await addGuest.waitFor({ state: "detached" });
    await checkDialog(page, tag("remove guest confirmation"), () =>
      guests.getByRole("button", { name: fill(t.teams.guests.removeLabel, { email }), exact: true }).click(),
    );

    // Cyberport: credentials saved, then the confirmation before clearing them.
    const cyberport = region(page, t.cyberport.title);
    const fields = t.cyberport.credentials.fields;
    if ((await cyberport.getByRole("button", { name: t.cyberport.credentials.clear }).count()) === 0) {
      await cyberport.getByLabel(fields.cyberportLoginUsername).fill(SIMULATOR_CREDENTIALS.loginUsername);
      await cyberport.getByLabel(fields.cyberportLoginPassword).fill(SIMULATOR_CREDENTIALS.loginPassword);
      await cyberport.getByLabel(fields.cyberportAppId).fill(SIMULATOR_CREDENTIALS.appId);
      await cyberport.getByLabel(fields.cyberportClientId).fill(SIMULATOR_CREDENTIALS.clientId);
      await cyberport.getByLabel(fields.cyberportClientSecret).fill(SIMULATOR_CREDENTIALS.clientSecret);
      await cyberport.getByRole("button", { name: t.cyberport.credentials.save }).click();
    }
    await checkDialog(page, tag("clear Cyberport credentials confirmation"), () =>
      cyberport.getByRole("button", { name: t.cyberport.credentials.clear }).click(),
    );
  }

  async function companyDialogs(page: Page, language: Language) {
    const t = dictionaries[language];
    const tag = (s: string) => `${language} company: ${s}`;
    await ui.visit(page, "/app/console/settings/company", language);
    const members = region(page, t.company.members.title);
    const roleSelect = members.getByLabel(fill(t.company.members.roleOf, { name: "Hanako Sato" }));
    await checkDialog(page, tag("change role confirmation"), async () => {
      await roleSelect.selectOption({ label: t.roles.names.MANAGER });
    });
    await checkDialog(page, tag("delete invitation confirmation"), () =>
      region(page, t.company.invitations.title)
        .getByRole("button", {
          name: fill(t.company.invitations.deleteLabel, { email: "pending@example.com" }),
          exact: true,
        })
        .click(),
    );
  }

  async function apiDialogs(page: Page, language: Language) {
    const t = dictionaries[language];
    const K = t.apiSettings.key;
    const tag = (s: string) => `${language} api: ${s}`;
    await ui.visit(page, "/app/console/api", language);
    const key = region(page, K.title);
    await key.getByRole("button", { name: K.generate, exact: true }).click();
    await checkPart(
      page,
      tag("the new key, shown once"),
      key.getByRole("status").filter({ hasText: K.newTitle }),
    );
    await checkDialog(page, tag("regenerate key confirmation"), () =>
      key.getByRole("button", { name: K.regenerate, exact: true }).click(),
    );
    await checkDialog(page, tag("revoke key confirmation"), () =>
      key.getByRole("button", { name: K.revoke, exact: true }).click(),
    );
    await checkDialog(page, tag("rotate signing secret confirmation"), () =>
      region(page, t.apiSettings.webhook.title)
        .getByRole("button", { name: t.apiSettings.secret.rotate, exact: true })
        .click(),
    );
    // Revoked, so the next language generates a first key again.
    await key.getByRole("button", { name: K.revoke, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: K.revokeConfirm }).click();
    await key.getByText(K.none).waitFor();
  }

  async function csvImportDialog(page: Page, language: Language) {
    const t = dictionaries[language];
    await ui.visit(page, "/app/console/shipments/new", language);
    await page.getByRole("tab", { name: t.shipmentNew.tabs.multiple }).click();
    const csv = `Liner,TrackingType,TrackingNumber\r\nMAERSK,BOOKING_NUMBER,2405123${language === "en" ? "99" : "98"}\r\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: fill(t.shipmentNew.csv.start_one, { count: 1 }) }).click();
    await page.getByRole("dialog", { name: t.shipmentNew.csv.result.title }).waitFor();
    await checkOpen(page, `${language} new shipment: CSV import result`);
    await page.getByRole("button", { name: t.shipmentNew.csv.result.done }).click();
  }

  async function consoleDialogs(
    language: Language,
    people: Awaited<ReturnType<typeof world>>,
  ): Promise<void> {
    const t = dictionaries[language];
    await signInBrowser(ui.browser, ui.app, people.admin);
    const page = await freshPage(ui.browser, ui.app);
    await listDialogs(page, language);
    await detailDialogs(page, language, people.shipment);
    await teamDialogs(page, language);
    await companyDialogs(page, language);
    await apiDialogs(page, language);
    await csvImportDialog(page, language);

    // The free plan: the Premium explanation, and both steps of deleting the company.
    await signInBrowser(ui.browser, ui.app, people.freeAdmin);
    await ui.visit(page, "/app/console/settings/company", language);
    await checkDialog(page, `${language} Premium explanation`, () =>
      page
        .getByRole("button", {
          name: fill(t.common.premium.badgeLabel, { feature: t.company.settings.headquartersFeature }),
          exact: true,
        })
        .click(),
    );
    const danger = region(page, t.company.danger.title);
    await danger.getByRole("button", { name: t.company.danger.delete }).click();
    await checkOpen(page, `${language} delete company, first step`);
    await page.getByRole("alertdialog").getByRole("button", { name: t.company.danger.step1Continue }).click();
    await page.getByRole("alertdialog", { name: t.company.danger.step2Title }).waitFor();
    await checkOpen(page, `${language} delete company, second step`);
    await page.keyboard.press("Escape");

    // The trial's daily reminder (shown once a day: forgotten before each language).
    await signInBrowser(ui.browser, ui.app, people.trialAdmin);
    await page.goto(`${ui.app.url}/app/console`);
    await page.evaluate((k) => localStorage.removeItem(k), TRIAL_MODAL_SHOWN_KEY);
    await ui.visit(page, "/app/console", language);
    await page.getByRole("dialog", { name: t.gates.trialModal.title }).waitFor();
    await checkOpen(page, `${language} trial reminder`);
    await page.keyboard.press("Escape");

    // Cancelling the trial while the company waits for approval.
    await signInBrowser(ui.browser, ui.app, people.pendingAdmin);
    await ui.visit(page, "/app/console", language);
    await checkDialog(page, `${language} cancel trial confirmation`, () =>
      page.getByRole("button", { name: t.gates.approval.cancelTrial, exact: true }).click(),
    );
    await page.close();
  }

  async function guestDialogs(language: Language, guest: User, shipment: Shipment) {
    const A = dictionaries[language].attachments;
    await signInBrowser(ui.browser, ui.app, guest);
    const page = await freshPage(ui.browser, ui.app);
    await ui.visit(page, `/app/share/${shipment.shareToken}`, language);
    const row = page.getByTestId("attachment-row").filter({ hasText: "Packing list.pdf" });
    await checkDialog(page, `${language} share page: delete own file confirmation`, () =>
      row.getByRole("button", { name: fill(A.deleteNamed, { filename: "Packing list.pdf" }) }).click(),
    );
    await page.close();
  }

  it("finds no serious or critical violation in any dialog, in English and Japanese", async () => {
    const people = await world();
    for (const language of LANGUAGES) {
      await consoleDialogs(language, people);
      await guestDialogs(language, people.guest, people.shipment);
    }
    expect(findings).toEqual([]);
    expect(checked).toBe(2 * 31);
  }, 600_000);
});
