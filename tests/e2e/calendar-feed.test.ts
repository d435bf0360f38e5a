import { and, eq, isNull } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { TestClock } from "../../server/core/clock";
import { calendarFeeds } from "../../server/db/schema";
import { hashToken } from "../../server/modules/auth/tokens";
import { notificationKit } from "../../server/modules/notifications/notifications.testkit";
import { snapshot } from "../../server/modules/tracking/tracking.testkit";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import { axeViolations, setupA11yConsole } from "./a11y-support";
import { freshPage, signInBrowser } from "./auth-support";

// The calendar subscription section of Notification Settings in a real Chromium: a member creates
// the address and sees it once, a calendar client reads it, and turning it off (after a
// confirmation) stops it. A Manager puts a whole team in the calendar and replaces the address, in
// Japanese.

describe("calendar subscription", () => {
  // The browser lets axe-core's script past the CSP, to check the section's accessibility.
  const env = setupA11yConsole();

  const activeFeed = (userId: string) =>
    env.app.database.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));

  const uidsIn = (body: string) =>
    new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((e) => new ICAL.Event(e).uid);

  it("shows the address once, a calendar reads it, and turning it off stops it", async () => {
    const kit = notificationKit(env.app.database, env.app.clock as TestClock);
    const { team } = await kit.company();
    const shipment = await kit.shipment(team, { title: "Calendar order" });
    await kit.refresh(shipment, snapshot());
    const user = await kit.subscriber(team, shipment, { role: "OPERATOR" });
    await signInBrowser(env.browser, env.app, user);
    const page = await freshPage(env.browser, env.app, "/app/console/settings/notifications");
    const section = page.getByRole("region", { name: en.calendarFeed.title });
    await section.getByText(en.calendarFeed.none).waitFor();
    // An Operator has no team choice.
    expect(await section.getByRole("group", { name: en.calendarFeed.scopeLegend }).count()).toBe(0);

    await section.getByRole("button", { name: en.calendarFeed.subscribe }).click();
    await section.getByText(en.calendarFeed.newWarning).waitFor();
    const url = (await page.getByTestId("calendar-feed-url").textContent()) ?? "";
    expect(url).toMatch(new RegExp(`^${env.app.url}/calendar/cal_[A-Za-z0-9_-]{43}\\.ics$`));
    const token = /\/calendar\/(cal_[^.]+)\.ics$/.exec(url)?.[1] ?? "";
    expect((await activeFeed(user.id))[0]?.tokenHash).toBe(hashToken(token));
    await section.getByRole("link", { name: en.calendarFeed.openInApp }).waitFor();
    expect(await section.getByRole("link", { name: en.calendarFeed.openInApp }).getAttribute("href")).toBe(
      url.replace(/^http:/, "webcal:"),
    );

    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(uidsIn(await read.text())).toContain(`eta-${shipment.id}@127.0.0.1`);

    // Once dismissed, the address is gone from the page for good; the hint tells which is active.
    await section.getByRole("button", { name: en.calendarFeed.dismiss }).click();
    await page.getByTestId("calendar-feed-url").waitFor({ state: "detached" });
    await section.getByText(en.calendarFeed.active.replace("{{hint}}", token.slice(-4))).waitFor();
    await page.reload();
    await section.getByText(en.calendarFeed.active.replace("{{hint}}", token.slice(-4))).waitFor();
    expect(await page.content()).not.toContain(token);

    await section.getByRole("button", { name: en.calendarFeed.revoke }).click();
    const dialog = page.getByRole("alertdialog", { name: en.calendarFeed.revokeTitle });
    await dialog.getByRole("button", { name: en.calendarFeed.revokeConfirm }).click();
    await dialog.waitFor({ state: "detached" });
    await section.getByText(en.calendarFeed.none).waitFor();
    expect(await activeFeed(user.id)).toHaveLength(0);
    expect((await fetch(url)).status).toBe(404);
  });

  it("lets a Manager put a whole team in the calendar and replace the address, in Japanese", async () => {
    const kit = notificationKit(env.app.database, env.app.clock as TestClock);
    const { team } = await kit.company({ team: { name: "東京チーム" } });
    const shipment = await kit.shipment(team, { title: "Not subscribed" });
    await kit.refresh(shipment, snapshot());
    const manager = await kit.f.user({ companyId: team.companyId, role: "MANAGER" });
    await kit.f.teamMember(team, manager);
    await signInBrowser(env.browser, env.app, manager);
    const page = await freshPage(env.browser, env.app);
    await page.evaluate(() => localStorage.setItem("lang", "ja"));
    await page.goto(`${env.app.url}/app/console/settings/notifications`);
    const section = page.getByRole("region", { name: ja.calendarFeed.title });
    await section.getByText(ja.calendarFeed.none).waitFor();

    await section.getByLabel(ja.calendarFeed.scopes.TEAM).check();
    await section.getByRole("button", { name: ja.calendarFeed.subscribe }).click();
    await section.getByText(ja.calendarFeed.teamRequired).waitFor();
    await section.getByLabel(ja.calendarFeed.team, { exact: true }).selectOption({ label: "東京チーム" });
    await section.getByRole("button", { name: ja.calendarFeed.subscribe }).click();
    const first = (await page.getByTestId("calendar-feed-url").textContent()) ?? "";
    const read = await fetch(first);
    expect(uidsIn(await read.text())).toContain(`etd-${shipment.id}@127.0.0.1`);
    await expect.poll(() => page.getByTestId("calendar-feed-active").textContent()).toContain("東京チーム");
    expect(await axeViolations(page, "calendar feed: new address", section)).toEqual([]);

    await section.getByRole("button", { name: ja.calendarFeed.regenerate }).click();
    const dialog = page.getByRole("alertdialog", { name: ja.calendarFeed.regenerateTitle });
    await dialog.waitFor();
    expect(await axeViolations(page, "calendar feed: replace confirmation", dialog)).toEqual([]);
    await dialog.getByRole("button", { name: ja.calendarFeed.regenerateConfirm }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("calendar-feed-url").textContent()).not.toBe(first);
    const second = (await page.getByTestId("calendar-feed-url").textContent()) ?? "";
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
  });
});
