import { readFile } from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Shipment, shipments, type Team } from "../../server/db/schema";
import { refreshShipments } from "../../server/modules/tracking/refresh.service";
import {
  failure,
  ok,
  scriptedCarriers,
  snapshot,
  TEST_SETTINGS,
} from "../../server/modules/tracking/tracking.testkit";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { HEADQUARTER_TEAM_ID } from "../../shared/enums";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { contextFor } from "../setup/context";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";
import { toast } from "./toast-support";

// The console home: the shipment list with search, a filter saved by name, the calendar and
// timeline views, a shift-click selection archived in bulk, and the welcome screen of an empty team
// (spec 01 §2, §4, §5).
describe("shipment list", () => {
  const ui = setupConsole();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());
  const fill = (text: string, params: Record<string, string | number>) =>
    Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
  const DAY = 24 * 3600_000;

  /** Shipments with a carrier history: departed i+1 days ago (actual), arriving in 4+i days. */
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
    const carriers = scriptedCarriers((_line, n) => answers.get(n) ?? failure("NOT_FOUND"));
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

  const table = (page: Page) => page.getByRole("table", { name: en.shipmentList.table.caption });
  const titleLink = (page: Page, title: string) =>
    table(page).getByRole("link", { name: title, exact: true });

  it("searches, filters and saves the filter, shows calendar and timeline, archives a shift-click range", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const titles = [
      "Osaka Coffee Beans",
      "Kobe Steel Coils",
      "Nagoya Auto Parts",
      "Tokyo Textiles",
      "Sendai Rice",
    ];
    const seeded = await seedTracked(team, titles);
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");

    // Default: Ongoing, sorted by arrival ascending, each row with its freshness.
    await titleLink(page, "Osaka Coffee Beans").waitFor();
    const order = await table(page).getByRole("row").allInnerTexts();
    expect(titles.map((t) => order.findIndex((r) => r.includes(t)))).toEqual([1, 2, 3, 4, 5]);
    await expect(
      table(page)
        .getByText(fill(en.shipmentList.table.updated, { time: en.shipmentDetail.common.justNow }))
        .count(),
    ).resolves.toBe(5);

    // Full-text search (debounced), then cleared.
    const search = page.getByRole("searchbox", { name: en.shipmentList.search.label });
    await search.fill("Kobe");
    await expect.poll(() => titleLink(page, "Osaka Coffee Beans").count()).toBe(0);
    await titleLink(page, "Kobe Steel Coils").waitFor();
    await search.fill("zzz-nothing");
    await page.getByText(en.shipmentList.empty.noMatch).waitFor();
    await search.fill("");
    await titleLink(page, "Osaka Coffee Beans").waitFor();

    // A column filter: Add stays disabled until there is a value.
    await page.getByRole("button", { name: en.shipmentList.filters.button, exact: true }).click();
    const panel = page.getByRole("dialog");
    await panel.getByLabel(en.shipmentList.filters.field).selectOption("title");
    await panel.getByLabel(en.shipmentList.filters.operator).selectOption("CONTAINS");
    const add = panel.getByRole("button", { name: en.shipmentList.filters.add });
    await expect(add.isDisabled()).resolves.toBe(true);
    await panel.getByLabel(en.shipmentList.filters.value, { exact: true }).fill("Osaka");
    await add.click();
    await page.keyboard.press("Escape");
    const chip = fill(en.shipmentList.condition, {
      field: en.shipment.fields.title,
      operator: en.shipmentList.operators.CONTAINS,
      value: "Osaka",
    });
    await page.getByRole("list", { name: en.shipmentList.filters.active }).getByText(chip).waitFor();
    await expect.poll(() => titleLink(page, "Kobe Steel Coils").count()).toBe(0);
    await titleLink(page, "Osaka Coffee Beans").waitFor();

    // Save it by name; a blank name is refused with the spec's rule.
    await page.getByRole("button", { name: en.shipmentList.saved.button }).click();
    await page.getByRole("button", { name: en.shipmentList.saved.save }).click();
    const saveDialog = page.getByRole("dialog", { name: en.shipmentList.saved.saveTitle });
    await saveDialog.getByRole("button", { name: en.common.save }).click();
    await saveDialog.getByText(en.validation.savedSearchNameRequired).waitFor();
    await saveDialog.getByLabel(en.shipmentList.saved.name).fill("Osaka only");
    await saveDialog.getByRole("button", { name: en.common.save }).click();
    await toast(page, fill(en.shipmentList.saved.savedToast, { name: "Osaka only" })).waitFor();

    // Remove the filter, then apply the saved one again from the list.
    await page
      .getByRole("button", { name: fill(en.shipmentList.filters.remove, { condition: chip }) })
      .click();
    await titleLink(page, "Kobe Steel Coils").waitFor();
    await page.getByRole("button", { name: en.shipmentList.saved.button }).click();
    await page
      .getByRole("button", { name: fill(en.shipmentList.saved.apply, { name: "Osaka only" }) })
      .click();
    await expect.poll(() => titleLink(page, "Kobe Steel Coils").count()).toBe(0);
    await page
      .getByRole("button", { name: fill(en.shipmentList.filters.remove, { condition: chip }) })
      .click();
    await titleLink(page, "Kobe Steel Coils").waitFor();

    // Calendar: this month's departures and arrivals, a legend, month steps and Today.
    await page.getByRole("button", { name: en.shipmentList.views.calendar }).click();
    const calendar = page.getByRole("region", { name: en.shipmentList.calendar.label });
    await expect
      .poll(() => calendar.getByRole("link", { name: /Osaka Coffee Beans/ }).count())
      .toBeGreaterThan(0);
    await page
      .getByRole("region", { name: en.shipmentList.legend.label })
      .getByText(en.shipmentList.legend.estimated)
      .waitFor();
    const monthHeading = calendar.getByRole("heading", { level: 2 });
    const thisMonth = await monthHeading.textContent();
    await calendar.getByRole("button", { name: en.shipmentList.calendar.next }).click();
    await expect.poll(() => monthHeading.textContent()).not.toBe(thisMonth);
    await calendar.getByRole("button", { name: en.shipmentList.calendar.today }).click();
    await expect.poll(() => monthHeading.textContent()).toBe(thisMonth);

    // Timeline: a bar per shipment, dark blue for departed ones, 7-day steps and Today.
    await page.getByRole("button", { name: en.shipmentList.views.timeline }).click();
    const timeline = page.getByRole("region", { name: en.shipmentList.timeline.label });
    await timeline.getByRole("link", { name: "Osaka Coffee Beans" }).waitFor();
    const bar = timeline.getByRole("img", { name: /^Osaka Coffee Beans: / }).first();
    await expect(bar.getAttribute("class")).resolves.toContain("bg-blue-900");
    await page
      .getByRole("region", { name: en.shipmentList.legend.label })
      .getByText(en.shipmentList.legend.departed)
      .waitFor();
    const range = timeline.getByRole("heading", { level: 2 });
    const thisWeek = await range.textContent();
    await timeline.getByRole("button", { name: en.shipmentList.timeline.next }).click();
    await expect.poll(() => range.textContent()).not.toBe(thisWeek);
    await timeline.getByRole("button", { name: en.shipmentList.timeline.today }).click();
    await expect.poll(() => range.textContent()).toBe(thisWeek);

    // Back to the list: select three rows with a shift-click and archive them.
    await page.getByRole("button", { name: en.shipmentList.views.list }).click();
    const box = (title: string) =>
      page.getByRole("checkbox", { name: fill(en.shipmentList.table.selectRow, { name: title }) });
    await box("Osaka Coffee Beans").click();
    await box("Nagoya Auto Parts").click({ modifiers: ["Shift"] });
    await page.getByText(fill(en.shipmentList.bulk.selected_other, { count: 3 })).waitFor();
    await expect(box("Kobe Steel Coils").isChecked()).resolves.toBe(true);
    await expect(box("Tokyo Textiles").isChecked()).resolves.toBe(false);
    // While a selection exists, a click on a row toggles it instead of opening the shipment.
    await titleLink(page, "Tokyo Textiles").click();
    await page.getByText(fill(en.shipmentList.bulk.selected_other, { count: 4 })).waitFor();
    await titleLink(page, "Tokyo Textiles").click();
    await page.getByText(fill(en.shipmentList.bulk.selected_other, { count: 3 })).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/console");
    const bulk = page.getByRole("region", { name: en.shipmentList.bulk.label });
    await bulk.getByRole("button", { name: en.shipmentList.bulk.archive }).click();
    const confirm = page.getByRole("alertdialog", { name: en.shipmentList.bulk.confirmTitle.archive });
    await confirm.getByRole("button", { name: en.shipmentList.bulk.archive }).click();
    await toast(page, fill(en.shipmentList.bulk.result.archive_other, { count: 3 })).waitFor();
    await expect.poll(() => titleLink(page, "Osaka Coffee Beans").count()).toBe(0);
    await titleLink(page, "Tokyo Textiles").waitFor();
    const archived = await ui.app.database.db
      .select({ title: shipments.title, isArchived: shipments.isArchived })
      .from(shipments)
      .where(
        inArray(
          shipments.id,
          seeded.map((s) => s.id),
        ),
      );
    expect(
      archived
        .filter((s) => s.isArchived)
        .map((s) => s.title)
        .sort(),
    ).toEqual(["Kobe Steel Coils", "Nagoya Auto Parts", "Osaka Coffee Beans"]);

    // They moved to the Archived tab; the selection was reset by the tab change.
    await page.getByRole("button", { name: en.shipmentList.tabs.ARCHIVED, exact: true }).click();
    await titleLink(page, "Osaka Coffee Beans").waitFor();
    await titleLink(page, "Nagoya Auto Parts").waitFor();
    await expect(titleLink(page, "Tokyo Textiles").count()).resolves.toBe(0);
    await expect(page.getByRole("region", { name: en.shipmentList.bulk.label }).count()).resolves.toBe(0);
    await page.close();
  }, 120_000);

  it("welcomes a team without shipments with 'Add Your First Cargo'", async () => {
    const { user } = await f().companyWith("OPERATOR");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    const add = page.getByRole("link", { name: en.shipmentList.empty.addFirst });
    await add.waitFor();
    await expect(add.getAttribute("href")).resolves.toBe("/app/console/shipments/new/");
    await expect(page.getByText(en.shipmentList.empty.noMatch).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it("shows the team's shipments but not another team's or company's", async () => {
    const { company, team, user } = await f().companyWith("ADMIN");
    const other = await f().team(company.id, { name: "Other Desk" });
    await f().shipment(team, { title: "Mine Only" });
    await f().shipment(other, { title: "Other Desk Cargo" });
    const foreign = await f().companyWith("ADMIN");
    await f().shipment(foreign.team, { title: "Foreign Cargo" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await titleLink(page, "Mine Only").waitFor();
    await expect(titleLink(page, "Other Desk Cargo").count()).resolves.toBe(0);
    await expect(titleLink(page, "Foreign Cargo").count()).resolves.toBe(0);
    const [row] = await ui.app.database.db.select().from(shipments).where(eq(shipments.title, "Mine Only"));
    expect(row?.teamId).toBe(team.id);
    await page.close();
  }, 60_000);
  it("shows headquarters every team's shipments with a team column; exports and moves on Premium", async () => {
    const { company, team, user } = await f().companyWith("ADMIN", {
      company: { isHeadquarterEnabled: true },
    });
    await f().contract(company.id, { plan: "PREMIUM" });
    const second = await f().team(company.id, { name: "Kobe Desk" });
    await f().teamMember(second, user);
    await f().shipment(team, { title: "HQ Alpha" });
    const beta = await f().shipment(second, { title: "HQ Beta" });
    const foreign = await f().companyWith("ADMIN");
    await f().shipment(foreign.team, { title: "HQ Foreign" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      LOCAL_STORAGE_KEYS.selectedTeam,
      HEADQUARTER_TEAM_ID,
    ] as const);
    await page.goto(`${ui.app.url}/app/console`);
    await titleLink(page, "HQ Alpha").waitFor();
    await titleLink(page, "HQ Beta").waitFor();
    await expect(titleLink(page, "HQ Foreign").count()).resolves.toBe(0);
    await table(page).getByRole("columnheader", { name: en.shipment.fields.team }).waitFor();
    await table(page).getByRole("row").filter({ hasText: "HQ Beta" }).getByText("Kobe Desk").waitFor();

    // CSV export: a real form post of the selection; the browser downloads the file.
    const box = page.getByRole("checkbox", {
      name: fill(en.shipmentList.table.selectRow, { name: "HQ Beta" }),
    });
    await box.click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: en.shipmentList.other.button }).click();
    await page.getByRole("menuitem", { name: en.shipmentList.other.csvExport, exact: true }).click();
    const csv = await readFile(await (await download).path(), "utf8");
    expect(csv).toContain("HQ Beta");
    expect(csv).not.toContain("HQ Alpha");

    // Move the selected shipment to the other team.
    await page
      .getByRole("region", { name: en.shipmentList.bulk.label })
      .getByRole("button", { name: en.shipmentList.bulk.move })
      .click();
    const dialog = page.getByRole("dialog", { name: en.shipmentList.bulk.moveTitle });
    await dialog.getByLabel(en.shipmentList.bulk.moveTeam).selectOption({ label: team.name });
    await dialog.getByRole("button", { name: en.shipmentList.bulk.moveSubmit }).click();
    await toast(page, fill(en.shipmentList.bulk.result.move_one, { count: 1 })).waitFor();
    await expect
      .poll(
        async () =>
          (await ui.app.database.db.select().from(shipments).where(eq(shipments.id, beta.id)))[0]?.teamId,
      )
      .toBe(team.id);
    await table(page).getByRole("row").filter({ hasText: "HQ Beta" }).getByText(team.name).waitFor();
    await page.close();
  }, 90_000);
  it("updates shipments from a CSV file and shows the result per line", async () => {
    const { team, user } = await f().companyWith("OPERATOR");
    const target = await f().shipment(team, { title: "Before CSV" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await titleLink(page, "Before CSV").waitFor();
    // An Operator may not delete or move, and CSV export waits for Premium.
    await page
      .getByRole("checkbox", { name: fill(en.shipmentList.table.selectRow, { name: "Before CSV" }) })
      .click();
    const bulk = page.getByRole("region", { name: en.shipmentList.bulk.label });
    await bulk.getByRole("button", { name: en.shipmentList.bulk.archive }).waitFor();
    await expect(bulk.getByRole("button", { name: en.shipmentList.bulk.delete }).count()).resolves.toBe(0);
    await expect(bulk.getByRole("button", { name: en.shipmentList.bulk.move }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: en.shipmentList.other.button }).click();
    await page.getByRole("menuitem", { name: en.shipmentList.other.csvUpdate }).click();
    const dialog = page.getByRole("dialog", { name: en.shipmentList.csvUpdate.title });
    await dialog.getByLabel(en.shipmentList.csvUpdate.file).setInputFiles({
      name: "update.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`ShipmentId,Title\n${target.id},After CSV\nnot-a-uuid,Nope\n`, "utf8"),
    });
    await dialog.getByRole("button", { name: en.shipmentList.csvUpdate.submit }).click();
    await dialog.getByText(fill(en.shipmentList.csvUpdate.summary, { succeeded: 1, failed: 1 })).waitFor();
    const failed = dialog.getByRole("row").filter({ hasText: en.shipmentList.csvUpdate.failed });
    await failed.getByText(en.errors.CSV_INVALID_SHIPMENT_ID).waitFor();
    const [row] = await ui.app.database.db.select().from(shipments).where(eq(shipments.id, target.id));
    expect(row?.title).toBe("After CSV");
    await dialog.getByRole("button", { name: en.shipmentList.csvUpdate.done }).click();
    await titleLink(page, "After CSV").waitFor();
    await page.close();
  }, 60_000);
  it("keeps column settings and the view in browser storage until the display is reset", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    await f().shipment(team, { title: "Column Cargo", remark: "fragile" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await titleLink(page, "Column Cargo").waitFor();
    const header = (name: string) => table(page).getByRole("columnheader", { name, exact: true });
    await header(en.shipment.fields.remark).waitFor();

    await page.getByRole("button", { name: en.shipmentList.columns.button }).click();
    const dialog = page.getByRole("dialog", { name: en.shipmentList.columns.title });
    await dialog
      .getByRole("checkbox", {
        name: fill(en.shipmentList.columns.show, { name: en.shipment.fields.remark }),
      })
      .uncheck();
    const width = dialog.getByLabel(fill(en.shipmentList.columns.width, { name: en.shipment.fields.title }));
    await width.fill("50");
    await dialog.getByRole("button", { name: en.shipmentList.columns.apply }).click();
    await dialog.getByText(fill(en.validation.columnWidthMin, { min: 100 })).waitFor();
    await width.fill("320");
    await dialog
      .getByRole("button", {
        name: fill(en.shipmentList.columns.moveDown, { name: en.shipment.fields.title }),
      })
      .click();
    await dialog.getByRole("button", { name: en.shipmentList.columns.apply }).click();
    await expect.poll(() => header(en.shipment.fields.remark).count()).toBe(0);
    const headers = await table(page).getByRole("columnheader").allTextContents();
    expect(headers.slice(1, 3)).toEqual([en.shipment.fields.shippingLine, en.shipment.fields.title]);

    // The tab and the view are kept over a reload, as are the columns.
    await page.getByRole("button", { name: en.shipmentList.tabs.ARCHIVED, exact: true }).click();
    await page.getByRole("button", { name: en.shipmentList.views.timeline }).click();
    await page.reload();
    await page.getByText(en.shipmentList.empty.emptyTab).waitFor();
    await expect(
      page
        .getByRole("button", { name: en.shipmentList.tabs.ARCHIVED, exact: true })
        .getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(
      page.getByRole("button", { name: en.shipmentList.views.timeline }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await page.getByRole("button", { name: en.shipmentList.views.list }).click();
    await page.getByRole("button", { name: en.shipmentList.tabs.ONGOING, exact: true }).click();
    await titleLink(page, "Column Cargo").waitFor();
    await expect(header(en.shipment.fields.remark).count()).resolves.toBe(0);

    await page.getByRole("button", { name: en.shipmentList.reset.button }).click();
    await toast(page, en.shipmentList.reset.done).waitFor();
    await header(en.shipment.fields.remark).waitFor();
    const reset = await table(page).getByRole("columnheader").allTextContents();
    expect(reset[1]).toBe(en.shipment.fields.title);
    await page.close();
  }, 60_000);
});
