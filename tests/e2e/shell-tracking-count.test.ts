import { describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { freshPage, setupConsole, signInBrowser } from "./auth-support";

// The top bar's tracking count in a real Chromium: the company's active trackings against the
// current contract's maximum, from shipments.trackingCount.
describe("top bar tracking count", () => {
  const ui = setupConsole();

  it("shows active (not archived) trackings of the whole company out of the contract's maximum", async () => {
    const f = factories(ui.app.database.db, ui.app.clock.now());
    const { company, team, user } = await f.companyWith("READONLY");
    await f.contract(company.id, { plan: "PREMIUM", maxTrackings: 250, maxMembers: 10 });
    const otherTeam = await f.team(company.id);
    await f.shipment(team);
    await f.shipment(otherTeam);
    await f.shipment(team, { archivedAt: ui.app.clock.now() });
    await signInBrowser(ui.browser, ui.app, user);

    const page = await freshPage(ui.browser, ui.app, "/app/console");
    const topBar = page.getByRole("region", { name: en.shell.topBar.label, exact: true });
    const count = topBar.getByText("2 / 250 trackings", { exact: true });
    await count.waitFor();
    await expect(count.isVisible()).resolves.toBe(true);
    await page.close();
  }, 60_000);
});
