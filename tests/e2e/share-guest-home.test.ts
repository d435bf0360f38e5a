import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { teamGuestUsers } from "../../server/db/schema";
import { revokeShareToken } from "../../server/modules/share/share-links.service";
import { giveHistory } from "../../server/modules/shipments/list/list.testkit";
import { en } from "../../shared/i18n/en";
import { factories } from "../factories";
import { contextFor } from "../setup/context";
import { freshPage, setupConsole, signInBrowser, uniqueEmail } from "./auth-support";

// The guest home in Chromium (spec 01 §2, spec 02 §2): a guest of another company's team, with no
// company of their own, lands on the shared shipments of that team, searches them (debounced), and
// opens one, which shows its share page in a new tab.

describe("the guest home", () => {
  const env = setupConsole();
  const f = () => factories(env.app.database.db, env.app.clock.now());

  async function guestOf(teams: { id: string; companyId: string }[]) {
    const guest = await f().user({ email: uniqueEmail("partner") });
    for (const team of teams) {
      // Invited by address, in another case than the account's: matched case-insensitively.
      await env.app.database.db
        .insert(teamGuestUsers)
        .values({ companyId: team.companyId, teamId: team.id, email: guest.email.toUpperCase() });
    }
    return guest;
  }

  const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

  it("lists the team's shared shipments, searches them and opens one in a new tab", async () => {
    const owner = await f().companyWith("ADMIN", { company: { companyName: "Harbour Forwarding" } });
    const tokyo = await giveHistory(
      env.app.database.db,
      await f().shipment(owner.team, { title: "Bicycles from Tokyo" }),
      {
        loadingPort: ["JPTYO", "Tokyo"],
        dischargingPort: ["USLAX", "Los Angeles"],
        departureTime: "2026-01-12T00:00:00Z",
        arrivalTime: "2026-01-30T00:00:00Z",
        vessels: ["EVER GIVEN"],
        vesselVoyage: "EG 001E",
        containers: ["MSKU1234565", "TGHU7654320"],
      },
    );
    await giveHistory(env.app.database.db, await f().shipment(owner.team, { title: "Parts from Busan" }), {
      loadingPort: ["KRPUS", "Busan"],
      arrivalTime: "2026-01-20T00:00:00Z",
    });
    const revoked = await f().shipment(owner.team, { title: "No longer shared" });
    await revokeShareToken(contextFor(env.app.database.db, owner.user, { clock: env.app.clock }), revoked.id);
    const otherTeam = await f().team(owner.company.id, { name: "Not yours" });
    await f().shipment(otherTeam, { title: "Another team's cargo" });
    const guest = await guestOf([owner.team]);

    await signInBrowser(env.browser, env.app, guest);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByRole("heading", { level: 1, name: en.share.guestHome.title }).waitFor();
    await page
      .getByText(en.share.guestHome.subtitle.replace("{{companyName}}", "Harbour Forwarding"))
      .waitFor();
    for (const column of [
      "title",
      "loadingPort",
      "dischargingPort",
      "departureTime",
      "arrivalTime",
    ] as const) {
      await page.getByRole("columnheader", { name: en.shipment.fields[column], exact: true }).waitFor();
    }
    await page.getByRole("columnheader", { name: en.shipment.fields.vesselVoyage, exact: true }).waitFor();
    await page.getByRole("columnheader", { name: en.shipment.fields.containers, exact: true }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    // Arrival ascending: Busan's cargo arrives first.
    await expect(rows(page).first().textContent()).resolves.toContain("Parts from Busan");
    const tokyoRow = rows(page).filter({ hasText: "Bicycles from Tokyo" });
    await expect(tokyoRow.textContent()).resolves.toMatch(
      /Tokyo.*Los Angeles.*EVER GIVEN.*EG 001E.*MSKU1234565/s,
    );
    await expect(page.getByText("No longer shared").count()).resolves.toBe(0);
    await expect(page.getByText("Another team's cargo").count()).resolves.toBe(0);
    // Guest teams have no New shipment or Team page.
    await expect(page.getByRole("link", { name: en.shell.nav.newShipment }).count()).resolves.toBe(0);

    const search = page.getByRole("searchbox", { name: en.shipmentList.search.label });
    await search.fill("tokyo");
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(rows(page).first().textContent()).resolves.toContain("Bicycles from Tokyo");
    await search.fill("nothing like this");
    const noMatch = page.getByText(en.share.guestHome.noMatch);
    await noMatch.waitFor();
    await noMatch.locator("..").getByRole("button", { name: en.share.guestHome.clearSearch }).click();
    await expect.poll(() => rows(page).count()).toBe(2);

    const opened = env.browser.context.waitForEvent("page");
    await page.getByRole("link", { name: /Bicycles from Tokyo/ }).click();
    const tab = await opened;
    await tab.waitForURL(`${env.app.url}/app/share/${tokyo.shareToken}`);
    await expect
      .poll(() => tab.getByRole("heading", { level: 1 }).textContent())
      .toBe(`${en.share.page.breadcrumb} / Maersk / Bicycles from Tokyo`);
    expect(page.url()).toBe(`${env.app.url}/app/console`);
    await tab.close();
    await page.close();
  }, 90_000);

  it("says there is nothing yet for a team that shares nothing, and switches between guest teams", async () => {
    const first = await f().companyWith("ADMIN", { company: { companyName: "Alpha Lines" } });
    const second = await f().companyWith("ADMIN", { company: { companyName: "Beta Shipping" } });
    await f().shipment(second.team, { title: "Beta's cargo" });
    const guest = await guestOf([first.team, second.team]);

    await signInBrowser(env.browser, env.app, guest);
    const page = await freshPage(env.browser, env.app, "/app/console");
    await page.getByText(en.share.guestHome.subtitle.replace("{{companyName}}", "Alpha Lines")).waitFor();
    await page.getByText(en.share.guestHome.empty).waitFor();

    // The switcher is named by what it shows: the guest group and the current team.
    await page.getByRole("button", { name: /Alpha Lines \(Guest\)/ }).click();
    await page.getByRole("menuitemradio", { name: second.team.name }).click();
    await page.getByText(en.share.guestHome.subtitle.replace("{{companyName}}", "Beta Shipping")).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.close();
  }, 60_000);
});
