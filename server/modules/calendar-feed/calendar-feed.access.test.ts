import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { en } from "../../../shared/i18n/en";
import { contracts, shipments, subscriptions, users } from "../../db/schema";
import { createCalendarFeed, getCalendarFeedStatus, updateCalendarFeedScope } from "./calendar-feed.service";

import { calendarFeedTestEnv } from "./calendar-feed.testkit";

// Whose shipments a feed holds, decided again at every fetch: the owner's own subscriptions in
// their company, the teams they still see, the company's standing, team feeds for Admins and
// Managers, and archived shipments for 30 days.

const { APP_URL, clock, t, f, ctxOf, schedule, refresh, subscribed, fetchFeed, parse } =
  calendarFeedTestEnv();

describe("who sees what", () => {
  it("holds only the owner's subscriptions in their own company, never another person's or company's", async () => {
    const { company, team, user, shipment } = await subscribed("ADMIN");
    const colleague = await f().user({ companyId: company.id, role: "OPERATOR" });
    await f().teamMember(team, colleague);
    const theirs = await f().shipment(team, { title: "Colleague's" });
    await t.database.db.insert(subscriptions).values({ userId: colleague.id, shipmentId: theirs.id });
    const other = await subscribed("ADMIN");
    // A subscription row pointing at another company's shipment (never made by the console) is not followed.
    await t.database.db.insert(subscriptions).values({ userId: user.id, shipmentId: other.shipment.id });

    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const uids = parse((await fetchFeed(issued.url)).body).events.map((e) => e.uid);
    expect(uids.length).toBe(3);
    expect(uids.every((uid) => uid.includes(shipment.id))).toBe(true);
  });

  it("drops a team the member has left, and stops for a member removed from the company", async () => {
    const { company, team, user, shipment } = await subscribed("OPERATOR");
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(3);
    const otherTeam = await f().team(company.id);
    await t.database.db.update(shipments).set({ teamId: otherTeam.id }).where(eq(shipments.id, shipment.id));
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(0);
    await t.database.db.update(shipments).set({ teamId: team.id }).where(eq(shipments.id, shipment.id));
    await t.database.db.update(users).set({ companyId: null, roleId: null }).where(eq(users.id, user.id));
    expect((await fetchFeed(issued.url)).statusCode).toBe(404);
  });

  it("follows the company's standing: a churned company still reads, an ended trial does not", async () => {
    const { company, user } = await subscribed("READONLY");
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const now = clock.now().getTime();
    await t.database.db.delete(contracts).where(eq(contracts.companyId, company.id));
    await f().contract(company.id, {
      plan: "PREMIUM",
      startsAt: new Date(now - 400 * 86_400_000),
      endsAt: new Date(now - 5 * 86_400_000),
    });
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(3);
    await t.database.db.delete(contracts).where(eq(contracts.companyId, company.id));
    await f().contract(company.id, {
      plan: "FREE",
      startsAt: new Date(now - 40 * 86_400_000),
      endsAt: new Date(now - 10 * 86_400_000),
    });
    const ended = await fetchFeed(issued.url);
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toMatchObject({ code: "TRIAL_ENDED" });
  });

  it("gives Admins and Managers a whole team, and stops when the Manager is no longer one", async () => {
    const { company, team, user } = await subscribed("MANAGER");
    const unsubscribed = await f().shipment(team, { title: "Not subscribed" });
    await refresh(unsubscribed, schedule());
    const foreignTeam = await f().team(company.id);
    await expect(
      createCalendarFeed(ctxOf(user), { scope: "TEAM", teamId: foreignTeam.id }, { appUrl: APP_URL }),
    ).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    const issued = await createCalendarFeed(
      ctxOf(user),
      { scope: "TEAM", teamId: team.id },
      { appUrl: APP_URL },
    );
    const feed = parse((await fetchFeed(issued.url)).body);
    expect(feed.name).toBe(`${en.common.appName}: ${team.name}`);
    expect(feed.events.filter((e) => e.uid.includes(unsubscribed.id))).toHaveLength(3);
    expect(feed.events).toHaveLength(6);

    // Back to subscriptions on the same address, then to the team again.
    await updateCalendarFeedScope(ctxOf(user), { scope: "SUBSCRIPTIONS" });
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(3);
    await updateCalendarFeedScope(ctxOf(user), { scope: "TEAM", teamId: team.id });

    const operator = await f().user({ companyId: company.id, role: "OPERATOR" });
    await expect(
      createCalendarFeed(ctxOf(operator), { scope: "TEAM", teamId: team.id }, { appUrl: APP_URL }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await getCalendarFeedStatus(ctxOf(operator))).teamOptions).toEqual([]);
    expect((await getCalendarFeedStatus(ctxOf(user))).teamOptions).toEqual([
      { id: team.id, name: team.name },
    ]);

    await t.database.db.update(users).set({ roleId: ROLE_IDS.OPERATOR }).where(eq(users.id, user.id));
    expect((await fetchFeed(issued.url)).statusCode).toBe(403);
  });
});

describe("archived shipments", () => {
  it("stay for 30 days after archiving, then leave the feed", async () => {
    const { user, shipment } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    await t.database.db
      .update(shipments)
      .set({ archivedAt: new Date(clock.now().getTime() - 29 * 86_400_000) })
      .where(eq(shipments.id, shipment.id));
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(3);
    await t.database.db
      .update(shipments)
      .set({ archivedAt: new Date(clock.now().getTime() - 31 * 86_400_000) })
      .where(eq(shipments.id, shipment.id));
    expect(parse((await fetchFeed(issued.url)).body).events).toHaveLength(0);
  });
});
