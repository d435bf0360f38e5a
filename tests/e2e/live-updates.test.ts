import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../client/src/components/shipment/time-format";
import type { Shipment } from "../../server/db/schema";
import { createJobQueue } from "../../server/jobs/queue";
import { refreshShipments } from "../../server/modules/tracking/refresh.service";
import {
  ok,
  scriptedCarriers,
  snapshot,
  TEST_SETTINGS,
} from "../../server/modules/tracking/tracking.testkit";
import { factories } from "../factories";
import { launchBrowser } from "../setup/browser";
import { contextFor } from "../setup/context";
import { freshPage, signInBrowser } from "./auth-support";
import { setupConsoleWithWorker } from "./shipments-support";

// Live schedules in Chromium (docs/decisions/0086-live-updates.md): a refresh that moves the ETA
// reaches an open detail page and an open list through the worker's job, NOTIFY and the page's
// event stream, with the detail page's polling off while the stream is open; another company's
// session hears nothing of it.

describe("live schedule updates", () => {
  const ui = setupConsoleWithWorker();
  const f = () => factories(ui.app.database.db, ui.app.clock.now());
  const FAR = new Date(Date.now() + 365 * 86_400_000);

  let answer = snapshot();
  const carriers = scriptedCarriers(() => ok(answer));
  /** A refresh as the worker runs it, its events sent to the real queue the worker serves. */
  async function refresh(s: Shipment, next: typeof answer) {
    answer = next;
    const ctx = contextFor(
      ui.app.database.db,
      { kind: "system", reason: "test" },
      { clock: ui.app.clock, jobs: createJobQueue(ui.app.boss) },
    );
    const job = { id: randomUUID(), shipmentId: s.id, retryCount: 0, retryLimit: 3 };
    await refreshShipments(ctx, [job], { carriers, tracking: TEST_SETTINGS });
  }

  const streamOpen = (page: Page) => page.locator("html[data-live='open']").waitFor({ timeout: 30_000 });

  it("shows a refresh's new ETA on the open detail page and list without polling; another company hears nothing", async () => {
    const { team, user } = await f().companyWith("ADMIN");
    // Never due for the scheduler: only this test's refreshes touch it.
    const shipment = await f().shipment(team, { title: "Live pumps to Oakland", nextRefreshAt: FAR });
    await refresh(shipment, snapshot({ arrival: "2026-12-20T08:00:00Z" }));
    const newArrival = "2027-01-23T08:00:00Z";
    const shown = formatDateTime(newArrival, "en");

    await signInBrowser(ui.browser, ui.app, user);
    const detail = await freshPage(ui.browser, ui.app, `/app/console/shipments/${shipment.id}`);
    await detail.getByRole("heading", { level: 1, name: "Live pumps to Oakland" }).waitFor();
    await detail.getByTestId("shipment-schedule").waitFor({ timeout: 30_000 });
    const list = await ui.browser.newPage();
    await list.goto(`${ui.app.url}/app/console`);
    await list.getByRole("link", { name: "Live pumps to Oakland" }).waitFor({ timeout: 30_000 });
    await streamOpen(detail);
    await streamOpen(list);

    // Another company's console, open at the same time, listening on the same stream route.
    const other = await f().companyWith("ADMIN");
    const theirs = await f().shipment(other.team, { title: "Other cargo", nextRefreshAt: FAR });
    await refresh(theirs, snapshot());
    const otherBrowser = await launchBrowser();
    try {
      await signInBrowser(otherBrowser, ui.app, other.user);
      const otherPage = await freshPage(otherBrowser, ui.app, "/app/console");
      await streamOpen(otherPage);
      await otherPage.evaluate(() => {
        const w = window as unknown as { heard: string[] };
        w.heard = [];
        const source = new EventSource("/live/events");
        source.addEventListener("shipment", (e) =>
          w.heard.push(JSON.parse((e as MessageEvent).data).shipmentId),
        );
      });

      // The stream is open, so the detail page does not poll a settled shipment.
      let reads = 0;
      detail.on("request", (r) => {
        if (r.url().includes("/trpc/") && r.url().includes("shipments.get")) reads += 1;
      });
      await detail.waitForTimeout(6_000);
      expect(reads).toBe(0);

      await refresh(shipment, snapshot({ arrival: newArrival }));
      await detail.getByTestId("shipment-schedule").getByText(shown).first().waitFor({ timeout: 20_000 });
      // The list row moves in place: its ETA (the cell's title holds the full date and time) and
      // its delay against the first ETA (Dec 20 → Jan 23).
      const row = list.locator("tr", { hasText: "Live pumps to Oakland" });
      await row.locator(`[title="${shown}"]`).first().waitFor({ timeout: 20_000 });
      await row.getByText("+34 days").waitFor({ timeout: 20_000 });
      expect(reads).toBeGreaterThan(0);

      // Their own next change reaches them, and nothing of ours came before it.
      await refresh(theirs, snapshot({ arrival: newArrival }));
      await expect
        .poll(() => otherPage.evaluate(() => (window as unknown as { heard: string[] }).heard), {
          timeout: 20_000,
        })
        .toEqual([theirs.id]);
    } finally {
      await otherBrowser.close();
    }
  }, 180_000);
});
