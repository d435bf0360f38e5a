import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { comments, contracts, shipments, type Team, type User } from "../../server/db/schema";
import { createJobQueue } from "../../server/jobs/queue";
import { simulatedShipmentPosition } from "../../server/modules/carriers/simulator";
import { createComment } from "../../server/modules/shipments/comments.service";
import { createShipment } from "../../server/modules/shipments/create.service";
import { feedSimulatedPositions } from "../../server/modules/tracking/simulated-ais.service";
import { enqueueRefreshes } from "../../server/modules/tracking/tracking.internal";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { factories } from "../factories";
import { contextFor, recordingJobs } from "../setup/context";
import { freshPage, signInBrowser } from "./auth-support";
import { setupConsoleWithWorker } from "./shipments-support";
import { toast } from "./toast-support";

// The shipment detail page in Chromium (spec 01 §2, §4): a shipment registered through the service
// fills from the carrier simulator while the page polls; then the map, a comment, an edit,
// archiving and deleting. The worker runs on its own pg-boss connection, as `server/main.ts worker`.

describe("shipment detail", () => {
  const ui = setupConsoleWithWorker();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());

  /** A booking the simulated carrier has on a vessel at sea right now, so the map has a position. */
  function bookingAtSea(): string {
    for (let i = 0; i < 500; i += 1) {
      const number = `DTL${String(240000 + i)}`;
      if (simulatedShipmentPosition({ line: "MAERSK", type: "BOOKING_NUMBER", number }, ui.app.clock.now())) {
        return number;
      }
    }
    throw new Error("no simulated booking at sea");
  }

  /**
   * Registered through the service as the console does it. The first refresh it queues is held
   * back (recorded) so the test sees the page waiting; `release` hands it to the worker.
   */
  async function registerShipment(user: User, team: Team, trackingNumber: string, title: string) {
    const held = recordingJobs();
    const ctx = contextFor(ui.app.database.db, user, { clock: ui.app.clock, jobs: held });
    const created = await createShipment(ctx, {
      teamId: team.id,
      input: { shippingLine: "MAERSK", trackingType: "BOOKING_NUMBER", trackingNumber, title },
    });
    expect(held.sent).toEqual([{ name: "tracking.refresh.MAERSK", payload: { shipmentId: created.id } }]);
    const release = () =>
      enqueueRefreshes(
        contextFor(
          ui.app.database.db,
          { kind: "system", reason: "test" },
          { clock: ui.app.clock, jobs: createJobQueue(ui.app.boss) },
        ),
        [{ id: created.id, shippingLine: "MAERSK" }],
      );
    return { ...created, release };
  }

  const moreActions = (page: Page) => page.getByRole("button", { name: en.shipmentDetail.actions.more });
  const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

  it("fills from the carrier while polling, shows the map, and takes comments, edits, archiving and deletion", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    const number = bookingAtSea();
    const created = await registerShipment(user, team, number, "Machine parts to Los Angeles");
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, `/app/console/shipments/${created.id}`);

    await heading(page, "Machine parts to Los Angeles").waitFor();
    await page.getByText(number).first().waitFor();
    await page.getByText(en.shipmentDetail.common.waiting).waitFor();
    await page.getByText(en.shipmentDetail.overview.noSchedule).waitFor();
    await expect(page.getByRole("button", { name: en.shipmentDetail.common.update }).count()).resolves.toBe(
      0,
    );
    // The worker takes the first refresh now; only polling brings its result to the open page.
    await created.release();
    await page.getByTestId("shipment-schedule").waitFor({ timeout: 60_000 });
    await expect(page.getByText(en.shipmentDetail.common.waiting).count()).resolves.toBe(0);
    const schedule = page.getByTestId("shipment-schedule");
    await schedule.getByText(en.shipment.fields.loadingPort).waitFor();
    await schedule.getByText(en.shipment.fields.dischargingPort).waitFor();
    await expect(schedule.getByText(/^(Actual|Estimated)$/).count()).resolves.toBeGreaterThan(1);
    await page.getByText(/^Updated /).waitFor();
    await page.getByRole("button", { name: en.shipmentDetail.common.update }).waitFor();

    // A time shows the port's local time on keyboard focus as on hover.
    const firstTime = schedule.locator("time[tabindex='0']").first();
    const tooltip = page.locator("[role='tooltip']").filter({ hasText: /^Local time in .+: / });
    await firstTime.focus();
    await tooltip.waitFor();
    await firstTime.blur();
    await tooltip.waitFor({ state: "detached" });
    await firstTime.hover();
    await tooltip.waitFor();

    // The vessel's position comes in over (simulated) AIS; the map loads on demand.
    const system = contextFor(
      ui.app.database.db,
      { kind: "system", reason: "test" },
      { clock: ui.app.clock },
    );
    await feedSimulatedPositions(system);
    await page.getByRole("button", { name: "Show map" }).click();
    const map = page.getByTestId("vessel-map");
    await map.waitFor({ timeout: 30_000 });
    await map.getByTestId("vessel-route").waitFor();
    await map.getByTestId("vessel-marker").waitFor();
    await expect(map.getByTestId("map-port").count()).resolves.toBeGreaterThanOrEqual(2);
    await page.getByText(en.shipmentDetail.map.predictedArrival).waitFor();
    await page.getByText(en.shipmentDetail.map.carrierEta).waitFor();
    await expect(page.getByText(en.shipmentDetail.map.noPosition).count()).resolves.toBe(0);

    // Update queues a refresh; the page reads the shipment again a second later.
    await page.getByRole("button", { name: en.shipmentDetail.common.update }).click();
    await toast(page, en.shipmentDetail.actions.refreshQueued).waitFor();
    await page.getByRole("tab", { name: en.shipmentDetail.tabs.activities }).click();
    await page.getByText(en.tracking.activities.refreshRequested).waitFor();

    await page.getByRole("tab", { name: en.shipmentDetail.tabs.history }).click();
    await page.getByRole("table", { name: en.shipmentDetail.history.caption }).waitFor();
    await page.getByText(en.shipmentDetail.history.first).waitFor();

    await page.getByRole("tab", { name: en.shipmentDetail.tabs.comments }).click();
    await page.getByText(en.shipmentDetail.comments.empty).waitFor();
    const box = page.getByLabel(en.shipmentDetail.comments.label, { exact: true });
    await page.getByRole("button", { name: en.shipmentDetail.comments.submit }).click();
    await page.getByText(en.validation.required).waitFor();
    await box.fill("Customs broker confirmed the booking.");
    await page.getByRole("button", { name: en.shipmentDetail.comments.submit }).click();
    await toast(page, en.shipmentDetail.comments.posted).waitFor();
    await page
      .getByRole("list", { name: en.shipmentDetail.comments.title })
      .getByText("Customs broker confirmed the booking.")
      .waitFor();
    await expect(box.inputValue()).resolves.toBe("");
    const saved = await ui.app.database.db.select().from(comments).where(eq(comments.shipmentId, created.id));
    expect(saved.map((c) => c.content)).toEqual(["Customs broker confirmed the booking."]);

    await page.getByRole("button", { name: en.shipmentDetail.actions.edit }).click();
    const dialog = page.getByRole("dialog", { name: en.shipmentDetail.edit.title });
    await dialog.getByLabel(en.shipment.fields.title, { exact: true }).fill("Machine parts, second lot");
    await dialog.getByRole("button", { name: en.shipmentDetail.edit.submit }).click();
    await toast(page, en.shipmentDetail.edit.saved).waitFor();
    await heading(page, "Machine parts, second lot").waitFor();
    await expect
      .poll(
        async () =>
          (await ui.app.database.db.select().from(shipments).where(eq(shipments.id, created.id)))[0]?.title,
      )
      .toBe("Machine parts, second lot");

    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.archive }).click();
    await toast(page, en.shipmentDetail.actions.archivedDone).waitFor();
    await page.getByText(en.shipmentDetail.archived, { exact: true }).waitFor();
    const archivedRow = (
      await ui.app.database.db.select().from(shipments).where(eq(shipments.id, created.id))
    )[0];
    expect(archivedRow?.isArchived).toBe(true);
    // Archived shipments are not tracked: no Update button.
    await expect(page.getByRole("button", { name: en.shipmentDetail.common.update }).count()).resolves.toBe(
      0,
    );

    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.unarchive }).click();
    await toast(page, en.shipmentDetail.actions.unarchivedDone).waitFor();
    await expect.poll(() => page.getByText(en.shipmentDetail.archived, { exact: true }).count()).toBe(0);

    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.delete }).click();
    const confirm = page.getByRole("alertdialog", { name: en.shipmentDetail.delete.title });
    await confirm.getByRole("button", { name: en.common.cancel }).click();
    await confirm.waitFor({ state: "hidden" });
    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.delete }).click();
    await confirm.getByRole("button", { name: en.shipmentDetail.delete.confirm }).click();
    await page.waitForURL(`${ui.app.url}/app/console`);
    await toast(page, en.shipmentDetail.delete.done).waitFor();
    await expect(
      ui.app.database.db.select().from(shipments).where(eq(shipments.id, created.id)),
    ).resolves.toEqual([]);
    await page.close();
  }, 180_000);

  it("says 'We couldn't find the shipment.' for an unknown id and for another company's shipment", async () => {
    const { user } = await f().companyWith("ADMIN");
    const other = await f().companyWith("ADMIN");
    const foreign = await f().shipment(other.team, { title: "Not yours" });
    await signInBrowser(ui.browser, ui.app, user);
    for (const id of [randomUUID(), foreign.id, "not-a-shipment-id"]) {
      const page = await freshPage(ui.browser, ui.app, `/app/console/shipments/${id}`);
      await heading(page, en.errors.SHIPMENT_NOT_FOUND).waitFor();
      await expect(page.getByText("Not yours").count()).resolves.toBe(0);
      await page.close();
    }
  }, 60_000);

  it("moves a shipment to another team on Premium", async () => {
    const { company, contract, team, user } = await f().companyWith("MANAGER");
    await ui.app.database.db.update(contracts).set({ plan: "PREMIUM" }).where(eq(contracts.id, contract.id));
    const other = await f().team(company.id, { name: "Air Desk" });
    await f().teamMember(other, user);
    const shipment = await f().shipment(team, { title: "Moving cargo" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, `/app/console/shipments/${shipment.id}`);
    await heading(page, "Moving cargo").waitFor();
    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.moveTeam }).click();
    const dialog = page.getByRole("dialog", { name: en.shipmentDetail.move.title });
    await dialog.getByRole("button", { name: en.shipmentDetail.move.submit }).click();
    await dialog.getByText(en.validation.required).waitFor();
    await dialog.getByLabel(en.shipmentDetail.move.team, { exact: true }).selectOption({ label: "Air Desk" });
    await dialog.getByRole("button", { name: en.shipmentDetail.move.submit }).click();
    await toast(page, en.shipmentDetail.move.done.replace("{{team}}", "Air Desk")).waitFor();
    await page.getByText("Air Desk", { exact: true }).first().waitFor();
    await expect
      .poll(
        async () =>
          (await ui.app.database.db.select().from(shipments).where(eq(shipments.id, shipment.id)))[0]?.teamId,
      )
      .toBe(other.id);

    // A Manager moves shipments only into teams they belong to; the server refuses the others too.
    await f().team(company.id, { name: "Rail Desk" });
    await moreActions(page).click();
    await page.getByRole("menuitem", { name: en.shipmentDetail.actions.moveTeam }).click();
    const choices = dialog.getByLabel(en.shipmentDetail.move.team, { exact: true }).locator("option");
    await expect(choices.allTextContents()).resolves.toEqual([en.shipmentDetail.move.choose, team.name]);
    await page.close();
  }, 60_000);

  it("moves between the tabs from the keyboard, with one tab stop and a panel labelled by its tab", async () => {
    const { team, user } = await f().companyWith("OPERATOR");
    const shipment = await f().shipment(team, { title: "Keyboard cargo" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app, `/app/console/shipments/${shipment.id}`);
    await heading(page, "Keyboard cargo").waitFor();
    const tabs = en.shipmentDetail.tabs;
    const list = page.getByRole("tablist", { name: tabs.label });
    const tab = (name: string) => list.getByRole("tab", { name, exact: true });
    /** The selected tab is the one in the tab order, has the focus and labels the panel. */
    const expectOn = async (name: string) => {
      await expect(tab(name).getAttribute("aria-selected")).resolves.toBe("true");
      await expect(tab(name).getAttribute("tabindex")).resolves.toBe("0");
      await expect(list.locator('[role="tab"][tabindex="0"]').count()).resolves.toBe(1);
      await expect(page.evaluate(() => document.activeElement?.getAttribute("role"))).resolves.toBe("tab");
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(name);
      await page.getByRole("tabpanel", { name }).waitFor();
    };

    await tab(tabs.overview).focus();
    await expectOn(tabs.overview);
    await page.keyboard.press("ArrowRight");
    await expectOn(tabs.history);
    // Before the first tab the arrow wraps to the last; Home and End jump to the ends.
    await page.keyboard.press("Home");
    await expectOn(tabs.overview);
    await page.keyboard.press("ArrowLeft");
    await expectOn(tabs.activities);
    await page.keyboard.press("ArrowRight");
    await expectOn(tabs.overview);
    await page.keyboard.press("End");
    await expectOn(tabs.activities);
    await page.close();
  }, 30_000);

  it("hides what a Readonly member may not do", async () => {
    const { company, team, user: admin } = await f().companyWith("ADMIN");
    const reader = await f().user({ companyId: company.id, role: "READONLY" });
    await f().teamMember(team, reader);
    const shipment = await f().shipment(team, { title: "Read only cargo", ownerUserId: admin.id });
    const adminCtx = contextFor(ui.app.database.db, admin, { clock: ui.app.clock });
    await createComment(adminCtx, { shipmentId: shipment.id, content: "Please check the invoice." });
    await signInBrowser(ui.browser, ui.app, reader);
    const page = await freshPage(ui.browser, ui.app, `/app/console/shipments/${shipment.id}`);
    await heading(page, "Read only cargo").waitFor();
    await page.getByText(en.shipmentDetail.overview.noSchedule).waitFor();
    // Favorites and e-mail subscriptions are the viewer's own, open to every role.
    await page.getByRole("button", { name: en.shipmentDetail.actions.favorite }).click();
    await toast(page, en.shipmentDetail.actions.favoriteOn).waitFor();
    await expect(
      page.getByRole("button", { name: en.shipmentDetail.actions.favorite }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    for (const name of [
      en.shipmentDetail.actions.edit,
      en.shipmentDetail.actions.more,
      en.shipmentDetail.common.update,
    ]) {
      await expect(page.getByRole("button", { name, exact: true }).count()).resolves.toBe(0);
    }
    // The colleague's comment is unread until the comments are opened.
    const commentsTab = page.getByRole("tab", { name: en.shipmentDetail.tabs.comments });
    await commentsTab.getByText(en.shipmentDetail.tabs.unread).waitFor({ state: "attached" });
    await commentsTab.click();
    await page.getByText("Please check the invoice.").waitFor();
    await expect.poll(() => commentsTab.getByText(en.shipmentDetail.tabs.unread).count()).toBe(0);
    await page.getByText(en.shipmentDetail.comments.readOnly).waitFor();
    await expect(page.getByLabel(en.shipmentDetail.comments.label, { exact: true }).count()).resolves.toBe(0);
    await page.reload();
    await heading(page, "Read only cargo").waitFor();
    await expect(commentsTab.getByText(en.shipmentDetail.tabs.unread).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it("says in Japanese that the line does not know the number, and asks before keeping a wrong check digit", async () => {
    const { team, user } = await f().companyWith("OPERATOR");
    const shipment = await f().shipment(team, { title: "番号違い", lastFailedReason: "NOT_FOUND" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app);
    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "ja"), [LOCAL_STORAGE_KEYS.language]);
    await page.goto(`${ui.app.url}/app/console/shipments/${shipment.id}`);
    await heading(page, "番号違い").waitFor();
    const told = page.getByRole("status").filter({ hasText: ja.shipmentDetail.common.unknownNumberTitle });
    await told.getByRole("button", { name: ja.shipmentDetail.common.update }).waitFor();
    await page.getByText(ja.shipmentDetail.overview.noScheduleUnknownNumber).waitFor();

    await page.getByRole("button", { name: ja.shipmentDetail.actions.edit }).click();
    const dialog = page.getByRole("dialog", { name: ja.shipmentDetail.edit.title });
    await dialog
      .getByLabel(ja.shipment.fields.trackingType, { exact: true })
      .selectOption("CONTAINER_NUMBER");
    await dialog.getByLabel(ja.shipment.fields.trackingNumber, { exact: true }).fill("MSKU1234567");
    await dialog.getByText(ja.shipmentNew.single.checkDigitTitle).waitFor();
    await dialog.getByRole("button", { name: ja.shipmentDetail.edit.submit }).click();
    await dialog.getByText(ja.shipmentNew.single.checkDigitConfirmRequired).waitFor();
    const [unchanged] = await ui.app.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.id, shipment.id));
    expect(unchanged?.trackingNumber).toBe(shipment.trackingNumber);

    await dialog.getByLabel(ja.shipmentNew.single.checkDigitConfirm).check();
    await dialog.getByRole("button", { name: ja.shipmentDetail.edit.submit }).click();
    await toast(page, ja.shipmentDetail.edit.numberChanged, { m: ja }).waitFor();
    const [saved] = await ui.app.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(saved).toMatchObject({ trackingType: "CONTAINER_NUMBER", trackingNumber: "MSKU1234567" });
    await page.close();
  }, 60_000);

  it("renders in Japanese, with the Files tab where the company has the connect feature", async () => {
    const { team, user } = await f().companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const shipment = await f().shipment(team, { title: "冷凍食品", queueStatus: "WAITING" });
    await signInBrowser(ui.browser, ui.app, user);
    const page = await freshPage(ui.browser, ui.app);
    await page.evaluate(([key]) => localStorage.setItem(key ?? "", "ja"), [LOCAL_STORAGE_KEYS.language]);
    await page.goto(`${ui.app.url}/app/console/shipments/${shipment.id}`);
    await heading(page, "冷凍食品").waitFor();
    await page.getByRole("tab", { name: ja.shipmentDetail.tabs.overview }).waitFor();
    await page.getByText(ja.shipmentDetail.common.waiting).waitFor();
    await page.getByRole("button", { name: ja.shipmentDetail.map.show }).waitFor();
    await page.getByRole("tab", { name: ja.shipmentDetail.tabs.files }).click();
    await page.getByText(ja.attachments.empty).waitFor();
    await expect(page.getByRole("tab", { name: en.shipmentDetail.tabs.overview }).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);
});
