import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shipments } from "../../server/db/schema";
import { withCheckDigit } from "../../server/modules/carriers/inference/container-codes";
import { inferTrackingType } from "../../server/modules/carriers/inference/inference";
import { simulatorLookup } from "../../server/modules/carriers/simulator";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, signInBrowser } from "./auth-support";
import { setupConsoleWithWorker } from "./shipments-support";
import { toast } from "./toast-support";

// New shipment's Single tab in Chromium (spec 01 §2, §4): by number with inference, then watching
// the detail page fill from the carrier simulator (the CSV side is in shipments-new-csv.test.ts).
//
// The web app sends the first refresh with the shipment; a worker on its own pg-boss connection
// (as `server/main.ts worker` runs it) fetches it from the simulator the app serves.

describe("new shipment", () => {
  const ui = setupConsoleWithWorker();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());

  it("adds a container by its number with inference and shows it filling from the carrier", async () => {
    // A box of MSC's own fleet with a valid check digit, which the simulated carrier knows.
    const number = withCheckDigit("MSCU718820");
    expect(inferTrackingType(number)).toEqual({ shippingLine: "MSC", trackingType: "CONTAINER_NUMBER" });
    expect(simulatorLookup("MSC", "CONTAINER_NUMBER", number)).toBe("OK");

    const { team, user } = await f().companyWith("OPERATOR");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console");
    await page
      .getByRole("navigation", { name: en.shell.nav.label })
      .getByRole("link", { name: en.shell.nav.newShipment })
      .click();
    await page.getByRole("heading", { level: 1, name: en.shipmentNew.title }).waitFor();
    await page.getByText(en.shipmentNew.askPartners).waitFor();

    const step1 = page.getByRole("tabpanel");
    await step1.getByRole("button", { name: en.shipmentNew.single.next }).click();
    await step1.getByText(en.validation.required).waitFor();
    await step1.getByLabel(en.shipment.fields.trackingNumber, { exact: true }).fill(number);
    await step1.getByRole("button", { name: en.shipmentNew.single.next }).click();

    await page.getByText(en.shipmentNew.single.inferred).waitFor();
    await expect(
      page.getByLabel(en.shipment.fields.shippingLine, { exact: true }).inputValue(),
    ).resolves.toBe("MSC");
    await expect(
      page.getByLabel(en.shipment.fields.trackingType, { exact: true }).inputValue(),
    ).resolves.toBe("CONTAINER_NUMBER");
    await page.getByLabel(en.shipment.fields.title, { exact: true }).fill("Frozen tuna to Tokyo");
    await page.getByRole("button", { name: en.shipmentNew.single.submit }).click();

    await page.waitForURL(/\/app\/console\/shipments\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop() ?? "";
    const [row] = await ui.app.database.db.select().from(shipments).where(eq(shipments.id, id));
    expect(row).toMatchObject({
      teamId: team.id,
      shippingLine: "MSC",
      trackingType: "CONTAINER_NUMBER",
      trackingNumber: number,
      title: "Frozen tuna to Tokyo",
    });

    // The detail page polls while the refresh is queued; the worker fetches from the simulator.
    await page.getByTestId("shipment-schedule").waitFor({ timeout: 60_000 });
    const [refreshed] = await ui.app.database.db.select().from(shipments).where(eq(shipments.id, id));
    expect(refreshed?.latestHistoryId).not.toBeNull();
    await page.getByRole("button", { name: "Show map" }).click();
    await page.getByTestId("vessel-map").waitFor({ timeout: 30_000 });
    await page.close();
  }, 150_000);

  it("moves on to step 2 when inference fails, and resolves the sample locally", async () => {
    const { user } = await f().companyWith("ADMIN");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    const number = page.getByLabel(en.shipment.fields.trackingNumber, { exact: true });
    await number.fill("1234567890");
    await page.getByRole("button", { name: en.shipmentNew.single.next }).click();
    await page.getByText(en.shipmentNew.single.inferFailed).waitFor();
    await page.getByText(en.errors.TRACKING_TYPE_INFERENCE_FAILED).first().waitFor();
    const liner = page.getByLabel(en.shipment.fields.shippingLine, { exact: true });
    await expect(liner.inputValue()).resolves.toBe("");
    await expect(liner.locator("option").first().textContent()).resolves.toBe(
      en.shipmentNew.single.chooseLiner,
    );
    await expect(liner.locator('option[value="EXPEDITORS"]').textContent()).resolves.toBe(
      `Expeditors (${en.shipment.beta})`,
    );
    // Changing the line resets the type to the line's first allowed type.
    await liner.selectOption("EVERGREEN");
    const type = page.getByLabel(en.shipment.fields.trackingType, { exact: true });
    await expect(type.inputValue()).resolves.toBe("BOOKING_NUMBER");
    await type.selectOption("CONTAINER_NUMBER");
    await page.getByText(en.tracking.warnings.evergreenContainerNumber).waitFor();
    await liner.selectOption("DSV");
    await expect(type.locator("option").allTextContents()).resolves.toEqual([
      en.shipmentNew.single.chooseType,
      en.shipment.trackingTypes.BILL_OF_LADING_NUMBER,
      en.shipment.trackingTypes.BOOKING_NUMBER,
    ]);

    await page.getByRole("button", { name: en.shipmentNew.single.changeNumber }).click();
    await page.getByRole("button", { name: en.shipmentNew.single.trySample }).click();
    await page.getByRole("button", { name: en.shipmentNew.single.next }).click();
    await page.getByText(en.shipmentNew.single.inferred).waitFor();
    await expect(liner.inputValue()).resolves.toBe("ONE");
    await expect(type.inputValue()).resolves.toBe("CONTAINER_NUMBER");

    await page.getByRole("button", { name: en.shipmentNew.forms.revert }).click();
    await page.getByRole("button", { name: /^Fill in the sample/ }).click();
    await expect(
      page.getByLabel(en.shipment.fields.trackingNumber, { exact: true }).inputValue(),
    ).resolves.toMatch(/^ONEU\d{7}$/);
    await expect(liner.inputValue()).resolves.toBe("ONE");
    await page.getByRole("button", { name: en.shipmentNew.forms.useNew }).waitFor();
    await page.close();
  }, 60_000);

  it("shows the server's refusal in the viewer's words and keeps what was typed", async () => {
    const { team, user } = await f().companyWith("MANAGER");
    const number = withCheckDigit("MSCU718820");
    await f().shipment(team, {
      shippingLine: "MSC",
      trackingType: "CONTAINER_NUMBER",
      trackingNumber: number,
    });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    await page.getByLabel(en.shipment.fields.trackingNumber, { exact: true }).fill(number.toLowerCase());
    await page.getByRole("button", { name: en.shipmentNew.single.next }).click();
    await page.getByText(en.shipmentNew.single.inferred).waitFor();
    await page.getByRole("button", { name: en.shipmentNew.single.submit }).click();
    await toast(page, en.errors.DUPLICATE_TRACKING_NUMBER).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/console/shipments/new");
    await expect(
      page.getByLabel(en.shipment.fields.shippingLine, { exact: true }).inputValue(),
    ).resolves.toBe("MSC");
    await page.close();
  }, 60_000);

  it("warns of a wrong check digit, creates only once confirmed, and tells the carrier's refusal at once", async () => {
    const typo = "MSKU1234567";
    expect(simulatorLookup("MAERSK", "CONTAINER_NUMBER", typo)).not.toBe("OK");
    const { team, user } = await f().companyWith("OPERATOR");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    const number = page.getByLabel(en.shipment.fields.trackingNumber, { exact: true });
    await number.fill(typo);
    await page.getByRole("button", { name: en.shipmentNew.single.next }).click();

    // Step 2 knows it is a box number, and says what is wrong with it.
    await page.getByText(en.shipmentNew.single.inferredCheckDigit).waitFor();
    const warning = page.getByText(en.shipmentNew.single.checkDigitTitle);
    await warning.waitFor();
    const type = page.getByLabel(en.shipment.fields.trackingType, { exact: true });
    await expect(type.inputValue()).resolves.toBe("CONTAINER_NUMBER");
    await page.getByLabel(en.shipment.fields.shippingLine, { exact: true }).selectOption("MAERSK");
    await expect(type.inputValue()).resolves.toBe("CONTAINER_NUMBER");

    // The right digit silences it; back to the typo, it asks again.
    await number.fill("MSKU1234565");
    await warning.waitFor({ state: "detached" });
    await number.fill(typo);
    await warning.waitFor();

    // Not created until confirmed.
    const confirm = page.getByLabel(en.shipmentNew.single.checkDigitConfirm);
    await expect(confirm.isChecked()).resolves.toBe(false);
    await page.getByRole("button", { name: en.shipmentNew.single.submit }).click();
    await page.getByText(en.shipmentNew.single.checkDigitConfirmRequired).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/console/shipments/new");
    const stored = () => ui.app.database.db.select().from(shipments).where(eq(shipments.teamId, team.id));
    await expect(stored()).resolves.toEqual([]);

    await confirm.check();
    await page.getByText(en.shipmentNew.single.checkDigitConfirmRequired).waitFor({ state: "detached" });
    await page.getByRole("button", { name: en.shipmentNew.single.submit }).click();
    await page.waitForURL(/\/app\/console\/shipments\/[0-9a-f-]{36}$/);
    const [row] = await stored();
    expect(row).toMatchObject({
      shippingLine: "MAERSK",
      trackingType: "CONTAINER_NUMBER",
      trackingNumber: typo,
    });

    // The carrier does not know it: said after this first attempt, not after the failure threshold.
    const told = page.getByRole("status").filter({ hasText: en.shipmentDetail.common.unknownNumberTitle });
    await told.waitFor({ timeout: 60_000 });
    await told.getByRole("button", { name: en.shipmentDetail.common.update }).waitFor();
    await page.getByText(en.shipmentDetail.overview.noScheduleUnknownNumber).waitFor();
    await expect(page.getByText(en.shipmentDetail.overview.noSchedule).count()).resolves.toBe(0);
    const [refused] = await stored();
    expect(refused).toMatchObject({
      isFailing: false,
      consecutiveFailures: 1,
      lastFailedReason: "NOT_FOUND",
    });

    // The list says it too, with Update, which asks the carrier again.
    await page.goto(`${ui.app.url}/app/console`);
    const listed = page.getByTestId("unknown-number");
    await listed.getByText(en.shipmentList.table.unknownNumber).waitFor();
    await listed.getByRole("button", { name: en.shipmentDetail.common.update }).click();
    await toast(page, en.shipmentDetail.actions.refreshQueued).waitFor();
    await page.close();
  }, 150_000);

  it("refuses the page to a Readonly member", async () => {
    const { user } = await f().companyWith("READONLY");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    await page.getByText(en.errors.PERMISSION_DENIED).waitFor();
    await expect(page.getByRole("tab").count()).resolves.toBe(0);
    await page.close();
  }, 30_000);

  it("focuses the number on arrival, then leaves the focus on the tabs when moving between them", async () => {
    const { user } = await f().companyWith("OPERATOR");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, "/app/console/shipments/new");
    const number = page.getByLabel(en.shipment.fields.trackingNumber);
    await number.waitFor();
    await expect(number.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const single = page.getByRole("tab", { name: en.shipmentNew.tabs.single });
    await single.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await number.waitFor();
    const focused = await page.evaluate(() => ({
      role: document.activeElement?.getAttribute("role"),
      selected: document.activeElement?.getAttribute("aria-selected"),
      text: document.activeElement?.textContent,
    }));
    expect(focused).toEqual({ role: "tab", selected: "true", text: en.shipmentNew.tabs.single });
    await page.close();
  }, 30_000);
});
