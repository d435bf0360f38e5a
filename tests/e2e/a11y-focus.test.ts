import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withCheckDigit } from "../../server/modules/carriers/inference/container-codes";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";
import { toast, toastList } from "./toast-support";

// Keyboard focus in the console (WCAG 2.4.3 focus order, 4.1.3 status messages, 2.5.8 target
// size): dialogs give focus back to what opened them, a page change focuses and announces the new
// page's heading, step 2 of New shipment starts in its first field, a skip link reaches the first
// list row, row actions say which shipment they act on, and small controls have 24 px targets.

describe("keyboard focus", () => {
  const ui = setupConsole();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());

  async function premiumAdmin() {
    const company = await f().company({ isHeadquarterEnabled: true });
    await f().contract(company.id, { plan: "PREMIUM", maxTrackings: 1000, maxMembers: 50 });
    const team = await f().team(company.id, { name: "Tokyo desk" });
    await f().team(company.id, { name: "Osaka desk" });
    const admin = await f().user({ companyId: company.id, role: "ADMIN" });
    await f().teamMember(team, admin);
    const shipment = await f().shipment(team, { title: "PO-1001 Tokyo furniture" });
    await f().shipment(team, { title: "Kobe Steel Coils" });
    return { admin, shipment };
  }

  /** The focused element's role-ish description: tag, accessible label and text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName.toLowerCase() ?? "",
        label: el?.getAttribute("aria-label") ?? "",
        text: el?.textContent?.trim() ?? "",
      };
    });

  it("returns focus to the opener when a dialog closes, also when a menu item opened it", async () => {
    const { admin, shipment } = await premiumAdmin();
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console");

    // Focus comes back as the dialog finishes closing, a moment after it leaves the page: polled.
    // Columns, opened from its button.
    const columns = page.getByRole("button", { name: en.shipmentList.columns.button, exact: true });
    await columns.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ text: en.shipmentList.columns.button });

    // Edit shipment, and the delete confirmation opened from the More actions menu.
    await page.goto(`${ui.app.url}/app/console/shipments/${shipment.id}`);
    const edit = page.getByRole("button", { name: en.shipmentDetail.actions.edit, exact: true });
    await edit.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ text: en.shipmentDetail.actions.edit });

    const more = page.getByRole("button", { name: en.shipmentDetail.actions.more });
    await more.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.delete }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ label: en.shipmentDetail.actions.more });

    // Invite members on the company page.
    await page.goto(`${ui.app.url}/app/console/settings/company`);
    const invite = page.getByRole("button", { name: en.company.invitations.invite, exact: true });
    await invite.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ text: en.company.invitations.invite });

    // Create team, on the same page.
    const create = page.getByRole("button", { name: en.company.teams.create, exact: true });
    await create.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: en.teams.createDialog.title }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ text: en.company.teams.create });

    // The phone navigation sheet.
    await page.setViewportSize({ width: 390, height: 800 });
    const open = page.getByRole("button", { name: en.shell.mobileMenu.open, exact: true });
    await open.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatchObject({ label: en.shell.mobileMenu.open });
    await page.close();
  }, 120_000);

  it("focuses the page's heading when what opened the dialog is gone (the removed member's row)", async () => {
    const { admin } = await premiumAdmin();
    const leaver = await f().user({
      companyId: admin.companyId ?? "",
      role: "OPERATOR",
      nickname: "Taro Suzuki",
    });
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console/settings/company");
    const remove = page.getByRole("button", {
      name: en.company.members.removeLabel.replace("{{name}}", leaver.nickname ?? ""),
      exact: true,
    });
    await remove.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: en.company.members.removeConfirm, exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await remove.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toEqual({ tag: "h1", label: "", text: en.company.title });
    await page.close();
  }, 60_000);

  it("takes F8 to the notifications, where Escape dismisses one; a swipe to the right dismisses one too", async () => {
    const { admin } = await premiumAdmin();
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await page.getByRole("table", { name: en.shipmentList.table.caption }).waitFor();
    const reset = page.getByRole("button", { name: en.shipmentList.reset.button, exact: true });
    const list = toastList(page);
    const done = toast(page, en.shipmentList.reset.done, { kind: "success" });

    await reset.click();
    await done.waitFor();
    await page.keyboard.press("F8");
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[role='region']")?.getAttribute("aria-label")),
      )
      .toBe(en.common.toast.viewport.replace("{{hotkey}}", "F8"));
    await page.keyboard.press("Tab");
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await done.waitFor({ state: "detached" });
    await expect(list.getByRole("listitem").count()).resolves.toBe(0);

    await reset.click();
    await done.waitFor();
    const box = await done.boundingBox();
    if (!box) throw new Error("the toast has no box");
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (const dx of [10, 40, 80, 120]) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await done.waitFor({ state: "detached" });
    await page.close();
  }, 60_000);

  it("closes the dialog on Escape while a toast it caused is shown, and leaves the toast", async () => {
    const { admin } = await premiumAdmin();
    await f().team(admin.companyId ?? "", { name: "Nagoya Exports", isArchived: true });
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console/settings/company");
    await page.getByRole("button", { name: en.company.teams.archivedTeams, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: en.company.archived.title });
    await dialog
      .getByRole("button", { name: en.company.archived.unarchiveLabel.replace("{{name}}", "Nagoya Exports") })
      .click();
    const back = toast(page, en.company.archived.unarchived.replace("{{name}}", "Nagoya Exports"));
    await back.waitFor();
    await dialog.getByText(en.company.archived.empty).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect(back.count()).resolves.toBe(1);
    await page.close();
  }, 60_000);

  it("focuses and announces the new page's heading after a page change", async () => {
    const { admin } = await premiumAdmin();
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.shipmentList.title }).waitFor();
    const link = page
      .getByRole("navigation", { name: en.shell.nav.label })
      .getByRole("link", { name: en.shell.nav.team, exact: true });
    await link.focus();
    await page.keyboard.press("Enter");
    const title = en.teams.page.title.replace("{{name}}", "Tokyo desk");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: "h1", label: "", text: title });
    await expect.poll(() => page.getByRole("status").filter({ hasText: title }).count()).toBe(1);
    await page.close();
  }, 60_000);

  it("starts step 2 of New shipment in its first field", async () => {
    const { admin } = await premiumAdmin();
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    const number = page.getByLabel(en.shipment.fields.trackingNumber, { exact: true });
    await number.fill(withCheckDigit("MSCU718820"));
    await page.keyboard.press("Enter");
    await page.getByText(en.shipmentNew.single.inferred).waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? ""))
      .toBe(withCheckDigit("MSCU718820"));
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("INPUT");
    await page.close();
  }, 60_000);

  it("reaches the first row past the header in a few Tabs, with row actions named by the shipment and 24 px targets", async () => {
    const { admin } = await premiumAdmin();
    await signInBrowser(ui.browser, ui.app, admin);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    const table = page.getByRole("table", { name: en.shipmentList.table.caption });
    await table.getByRole("link", { name: "PO-1001 Tokyo furniture", exact: true }).waitFor();

    // Skip to content, then skip to results: the first row's checkbox.
    const presses: string[] = [];
    const press = async (key: string) => {
      presses.push(key);
      await page.keyboard.press(key);
    };
    await press("Tab");
    await expect(focused(page)).resolves.toMatchObject({ text: en.shell.skipToContent });
    await press("Enter");
    await press("Tab");
    await expect(focused(page)).resolves.toMatchObject({ text: en.shipmentList.skipToResults });
    await press("Enter");
    const first = await focused(page);
    expect(first.tag).toBe("input");
    expect(first.label).toMatch(/^Select (PO-1001 Tokyo furniture|Kobe Steel Coils)$/);
    expect(presses.filter((k) => k === "Tab").length).toBeLessThanOrEqual(3);

    // Row actions say which shipment they act on.
    await table.getByRole("button", { name: "Favorite PO-1001 Tokyo furniture", exact: true }).waitFor();
    await table.getByRole("checkbox", { name: "Select PO-1001 Tokyo furniture", exact: true }).waitFor();

    // Targets of at least 24 × 24 px: the column resize handles and the row checkboxes' labels.
    const resizers = page.getByRole("button", { name: /^Resize / });
    expect(await resizers.count()).toBeGreaterThan(0);
    for (const box of await Promise.all((await resizers.all()).map((r) => r.boundingBox()))) {
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
    const checkboxTarget = await table
      .getByRole("checkbox", { name: "Select PO-1001 Tokyo furniture", exact: true })
      .locator("xpath=..")
      .boundingBox();
    expect(checkboxTarget?.width).toBeGreaterThanOrEqual(24);
    expect(checkboxTarget?.height).toBeGreaterThanOrEqual(24);
    await page.close();
  }, 60_000);
});
