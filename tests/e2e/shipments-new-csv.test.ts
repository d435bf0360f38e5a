import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { contracts, shipments } from "../../server/db/schema";
import { withCheckDigit } from "../../server/modules/carriers/inference/container-codes";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// The Multiple tab of New shipment in Chromium (spec 01 §2, §4): a CSV registered line by line,
// the result modal, the Premium team choice and a Shift JIS file from Excel.

const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

const ui = setupConsole();
const f = () => factories(ui.app.database.db, ui.app.clock.now());

it("registers a 5-line CSV one line after the other and shows each line's result", async () => {
  const { team, user } = await f().companyWith("ADMIN");
  await signInBrowser(ui.browser, ui.app, user);
  const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
  await page.getByRole("tab", { name: en.shipmentNew.tabs.multiple }).click();
  await page.getByRole("link", { name: en.shipmentNew.csv.sampleExcel, exact: true }).waitFor();
  await page.getByRole("link", { name: en.shipmentNew.csv.sampleUtf8Custom }).waitFor();

  const csv = [
    "Liner,TrackingType,TrackingNumber,Title",
    `MSC,CONTAINER_NUMBER,${withCheckDigit("MSCU552210")},Reefer to Tokyo`,
    "MAERSK,BOOKING_NUMBER,240512345,Sundries to Yokohama",
    "BLUESTAR,CONTAINER_NUMBER,MSCU7188200,Unknown line",
    `Hapag-Lloyd,container number,${withCheckDigit("HLXU812345")},Machine parts`,
    `ONE,CONTAINER_NUMBER,${withCheckDigit("ONEU123456")},冷凍食品`,
  ].join("\r\n");
  await page.locator('input[type="file"]').setInputFiles({
    name: "five-lines.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByText(fill(en.shipmentNew.csv.invalid_one, { count: 1 })).waitFor();
  await page.getByRole("button", { name: fill(en.shipmentNew.csv.start_other, { count: 5 }) }).click();

  const dialog = page.getByRole("dialog", { name: en.shipmentNew.csv.result.title });
  await dialog.waitFor({ timeout: 30_000 });
  await dialog
    .getByText(fill(en.shipmentNew.csv.result.summary, { created: 4, failed: 1, total: 5 }))
    .waitFor();
  const created = dialog.getByRole("link", { name: /^Open the shipment of line \d+ in a new tab$/ });
  await expect(created.count()).resolves.toBe(4);
  await expect(created.first().getAttribute("target")).resolves.toBe("_blank");
  const lineNumbers = await dialog.locator("tbody tr td:first-child").allTextContents();
  expect(lineNumbers).toEqual(["2", "3", "4", "5", "6"]);
  const failed = dialog.locator('tbody tr[data-status="failed"]');
  await expect(failed.count()).resolves.toBe(1);
  await failed.getByText("Invalid liner name: BLUESTAR").waitFor();
  const background = (selector: string) =>
    dialog
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background('tbody tr[data-status="failed"]')).not.toBe(
    await background('tbody tr[data-status="success"]'),
  );

  const rows = await ui.app.database.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.teamId, team.id), eq(shipments.companyId, team.companyId)));
  expect(rows.map((r) => r.trackingNumber).sort()).toEqual(
    [
      withCheckDigit("MSCU552210"),
      "240512345",
      withCheckDigit("HLXU812345"),
      withCheckDigit("ONEU123456"),
    ].sort(),
  );
  const hrefs = await created.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(rows.map((r) => `/app/console/shipments/${r.id}`).sort());

  await dialog.getByRole("button", { name: en.shipmentNew.csv.result.done }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText(en.shipmentNew.csv.choose).waitFor();
  await page.close();
}, 90_000);

it("lets a Premium Admin choose the team the CSV registers to", async () => {
  const { company, contract, team, user } = await f().companyWith("ADMIN");
  await ui.app.database.db.update(contracts).set({ plan: "PREMIUM" }).where(eq(contracts.id, contract.id));
  const other = await f().team(company.id, { name: "Osaka Desk" });
  await f().teamMember(other, user);
  await signInBrowser(ui.browser, ui.app, user);
  const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
  await page.getByRole("tab", { name: en.shipmentNew.tabs.multiple }).click();
  const choice = page.getByLabel(en.shipmentNew.csv.team, { exact: true });
  await expect(choice.inputValue()).resolves.toBe(team.id);
  await choice.selectOption(other.id);
  const csv = `Liner,TrackingType,TrackingNumber\r\nMAERSK,BOOKING_NUMBER,240512399\r\n`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: fill(en.shipmentNew.csv.start_one, { count: 1 }) }).click();
  const dialog = page.getByRole("dialog", { name: en.shipmentNew.csv.result.title });
  await dialog
    .getByText(fill(en.shipmentNew.csv.result.summary, { created: 1, failed: 0, total: 1 }))
    .waitFor();
  const rows = await ui.app.database.db.select().from(shipments).where(eq(shipments.companyId, company.id));
  expect(rows.map((r) => [r.teamId, r.trackingNumber])).toEqual([[other.id, "240512399"]]);
  await page.close();
}, 60_000);

it("reads an Excel (Shift JIS) file with Japanese titles in the Japanese console", async () => {
  const { team, user } = await f().companyWith("OPERATOR");
  await signInBrowser(ui.browser, ui.app, user);
  const page = await freshPage(ui.browser, ui.app);
  await page.evaluate(() => localStorage.setItem("lang", "ja"));
  await page.goto(`${ui.app.url}/app/console/shipments/new`);
  await page.getByRole("heading", { level: 1, name: ja.shipmentNew.title }).waitFor();
  await page.getByRole("tab", { name: ja.shipmentNew.tabs.multiple }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles(path.join(__dirname, "../fixtures/csv/sjis-japanese-titles.csv"));
  await page.getByRole("button", { name: fill(ja.shipmentNew.csv.start_other, { count: 3 }) }).click();
  const dialog = page.getByRole("dialog", { name: ja.shipmentNew.csv.result.title });
  await dialog
    .getByText(fill(ja.shipmentNew.csv.result.summary, { created: 3, failed: 0, total: 3 }))
    .waitFor();
  const rows = await ui.app.database.db.select().from(shipments).where(eq(shipments.teamId, team.id));
  expect(rows.map((r) => r.title).sort()).toEqual(
    ["冷凍マグロ 東京港向け", "横浜 雑貨 第二便", "大阪―釜山 機械部品（至急）"].sort(),
  );
  await page.close();
}, 60_000);
