import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { factories } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { contextFor } from "../../../tests/setup/context";
import { HOUR_MS, TestClock } from "../../core/clock";
import { calendarFeeds, contracts, type Shipment, shipments, subscriptions, users } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import type { TrackingSnapshot } from "../carriers/carriers.types";
import { refreshShipments } from "../tracking/refresh.service";
import { ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "../tracking/tracking.testkit";
import { CALENDAR_FEED_RATE } from "./calendar-feed.fetch.service";
import {
  createCalendarFeed,
  getCalendarFeedStatus,
  regenerateCalendarFeed,
  revokeCalendarFeed,
  updateCalendarFeedScope,
} from "./calendar-feed.service";

// GET /calendar/{token}.ics as a calendar client polls it, parsed with a real iCalendar parser
// (ical.js): the events against the shipment, an ETA moved by the real refresh path keeping its UID,
// conditional requests, revoked and replaced addresses, who sees what, and the per-feed limit.

const APP_URL = "https://tracking.example";
const clock = new TestClock("2026-01-15T00:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { APP_URL } });
});
afterAll(() => t.close());

const f = () => factories(t.database.db, clock.now());
const ctxOf = (user: Parameters<typeof contextFor>[1]) => contextFor(t.database.db, user, { clock });

// A Yokohama → Los Angeles shipment delivered on to Chicago, the delivery given as a date (midnight
// at Chicago), so the feed has all three kinds of event, one of them all-day.
function schedule(overrides: Partial<TrackingSnapshot> = {}, spec: Parameters<typeof snapshot>[0] = {}) {
  return {
    ...snapshot(spec),
    placeOfDelivery: { locode: "USCHI", name: "Chicago" },
    placeOfDeliveryEta: "2026-02-20T00:00:00-06:00",
    placeOfDeliveryEtaStatus: "ESTIMATED" as const,
    ...overrides,
  };
}

let answer: TrackingSnapshot = schedule();
const carriers = scriptedCarriers(() => ok(answer));

async function refresh(shipment: Shipment, next: TrackingSnapshot) {
  answer = next;
  const system = contextFor(t.database.db, { kind: "system", reason: "test" }, { clock });
  await refreshShipments(
    system,
    [
      {
        id: `job-${shipment.id}-${clock.now().getTime()}`,
        shipmentId: shipment.id,
        retryCount: 0,
        retryLimit: 3,
      },
    ],
    { carriers, tracking: TEST_SETTINGS },
  );
}

async function subscribed(role: "ADMIN" | "MANAGER" | "OPERATOR" | "READONLY" = "OPERATOR") {
  const { company, team, user } = await f().companyWith(role);
  const shipment = await f().shipment(team, { title: "Spring samples" });
  await t.database.db.insert(subscriptions).values({ userId: user.id, shipmentId: shipment.id });
  await refresh(shipment, schedule());
  return { company, team, user, shipment };
}

const tokenOf = (url: string) => /\/calendar\/(cal_[A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? "";

function fetchFeed(url: string, headers: Record<string, string> = {}, ip = "203.0.113.7") {
  return t.app.inject({ method: "GET", url: new URL(url).pathname, headers, remoteAddress: ip });
}

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url") ?? ""),
      allDay: event.startDate.isDate,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      transparent: vevent.getFirstPropertyValue("transp"),
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname") ?? ""), events };
}

const byUid = (events: ReturnType<typeof parse>["events"]) => new Map(events.map((e) => [e.uid, e]));

describe("the feed's events", () => {
  it("match the shipment, and a changed ETA moves the event with the same UID", async () => {
    const { user, shipment } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    expect(issued.url).toMatch(/^https:\/\/tracking\.example\/calendar\/cal_[A-Za-z0-9_-]{43}\.ics$/);
    expect(issued.webcalUrl).toBe(issued.url.replace("https://", "webcal://"));

    const first = await fetchFeed(issued.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const feed = parse(first.body);
    expect(feed.name).toBe(en.calendarFeed.feed.nameSubscriptions.replace("{{appName}}", en.common.appName));
    const etdUid = `etd-${shipment.id}@tracking.example`;
    const etaUid = `eta-${shipment.id}@tracking.example`;
    const podUid = `pod-eta-${shipment.id}@tracking.example`;
    const events = byUid(feed.events);
    expect([...events.keys()].sort()).toEqual([etaUid, etdUid, podUid].sort());
    const detail = `${APP_URL}/app/console/shipments/${shipment.id}`;
    expect(events.get(etdUid)).toMatchObject({
      summary: "ETD (ESTIMATED) · Spring samples · Yokohama (JPYOK)",
      location: "Yokohama (JPYOK)",
      url: detail,
      allDay: false,
      start: "2026-02-01T01:00:00.000Z",
      transparent: "TRANSPARENT",
    });
    expect(events.get(etaUid)).toMatchObject({
      summary: "ETA (ESTIMATED) · Spring samples · Los Angeles (USLAX)",
      location: "Los Angeles (USLAX)",
      allDay: false,
      start: "2026-02-15T16:00:00.000Z",
    });
    // Midnight at Chicago is a date without a time: an all-day event on that day, at the port.
    expect(events.get(podUid)).toMatchObject({
      summary: "Delivery ETA (ESTIMATED) · Spring samples · Chicago (USCHI)",
      location: "Chicago (USCHI)",
      allDay: true,
      start: "2026-02-20",
    });
    const description = events.get(etaUid)?.description ?? "";
    expect(description).toContain("Vessel / Voyage: ONE APUS 012E");
    expect(description).toContain("Port of loading: Yokohama (JPYOK)");
    expect(description).toContain("Place of delivery: Chicago (USCHI)");
    expect(description).toContain(`Booking No. ${shipment.trackingNumber}`);
    expect(description).toContain("TCLU1234568");
    expect(description).toContain(`Details: ${detail}`);

    // The carrier reports the departure as done and a later arrival: the same three UIDs, moved.
    clock.advance(6 * HOUR_MS);
    await refresh(
      shipment,
      schedule({}, { departureStatus: "ACTUAL", arrival: "2026-02-18T08:00:00-08:00" }),
    );
    const second = await fetchFeed(issued.url);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const moved = byUid(parse(second.body).events);
    expect([...moved.keys()].sort()).toEqual([...events.keys()].sort());
    expect(moved.get(etaUid)?.start).toBe("2026-02-18T16:00:00.000Z");
    expect(moved.get(etdUid)?.summary).toBe("ETD (ACTUAL) · Spring samples · Yokohama (JPYOK)");
  });

  it("are written in the owner's language, whatever the calendar client asks", async () => {
    const { user } = await subscribed();
    await t.database.db.update(users).set({ language: "ja" }).where(eq(users.id, user.id));
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const res = await fetchFeed(issued.url, { "accept-language": "en-US" });
    const { name, events } = parse(res.body);
    expect(name).toBe(ja.calendarFeed.feed.nameSubscriptions.replace("{{appName}}", ja.common.appName));
    const eta = events.find((e) => e.uid.startsWith("eta-"));
    expect(eta?.summary).toBe("ETA（予定） · Spring samples · Los Angeles（USLAX）");
    expect(eta?.description).toContain("本船 / 航海番号：ONE APUS 012E");
  });
});

describe("conditional requests", () => {
  it("answer 304 to the ETag and to Last-Modified until the feed changes", async () => {
    const { user, shipment } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const first = await fetchFeed(issued.url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);

    clock.advance(HOUR_MS);
    const byTag = await fetchFeed(issued.url, { "if-none-match": etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe("");
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers["last-modified"]).toBe(lastModified);
    expect((await fetchFeed(issued.url, { "if-none-match": `"other", ${etag.slice(2)}` })).statusCode).toBe(
      304,
    );
    expect((await fetchFeed(issued.url, { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect((await fetchFeed(issued.url, { "if-none-match": '"stale"' })).statusCode).toBe(200);

    // A schedule change is a new body: the old validators no longer match.
    await refresh(shipment, schedule({}, { arrival: "2026-02-16T08:00:00-08:00" }));
    const changed = await fetchFeed(issued.url, { "if-none-match": etag, "if-modified-since": lastModified });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(new Date(String(changed.headers["last-modified"])).getTime()).toBeGreaterThan(
      new Date(lastModified).getTime(),
    );
    expect((await fetchFeed(issued.url, { "if-modified-since": lastModified })).statusCode).toBe(200);
  });
});

describe("the address", () => {
  it("is stored only as its hash, and the settings never show it again", async () => {
    const { user } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const token = tokenOf(issued.url);
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.hint).toBe(token.slice(-4));
    expect(JSON.stringify(row)).not.toContain(token);
    const status = await getCalendarFeedStatus(ctxOf(user));
    expect(status.feed).toMatchObject({ scope: "SUBSCRIPTIONS", hint: token.slice(-4), lastFetchedAt: null });
    expect(JSON.stringify(status)).not.toContain(token);
    expect(JSON.stringify(status)).not.toContain(row?.tokenHash);
  });

  it("stops working when revoked or replaced, and the new one works", async () => {
    const { user } = await subscribed();
    const first = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = await regenerateCalendarFeed(ctxOf(user), { appUrl: APP_URL });
    expect(second.url).not.toBe(first.url);
    const refused = await fetchFeed(first.url, { "accept-language": "ja" });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: true,
      code: "CALENDAR_FEED_NOT_FOUND",
      message: ja.errors.CALENDAR_FEED_NOT_FOUND,
    });
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expect(await revokeCalendarFeed(ctxOf(user))).toEqual({ revoked: true });
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect((await getCalendarFeedStatus(ctxOf(user))).feed).toBeNull();
    await expect(regenerateCalendarFeed(ctxOf(user), { appUrl: APP_URL })).rejects.toMatchObject({
      code: "CALENDAR_FEED_NONE",
    });
  });

  it("is one per person, however many creates run at once", async () => {
    const { user } = await subscribed();
    const issued = await Promise.all(
      Array.from({ length: 5 }, () =>
        createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL }),
      ),
    );
    const active = (
      await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id))
    ).filter((r) => r.revokedAt === null);
    expect(active).toHaveLength(1);
    const working = [];
    for (const { url } of issued) if ((await fetchFeed(url)).statusCode === 200) working.push(url);
    expect(working).toHaveLength(1);
  });

  it("refuses what cannot be one of ours without looking it up, and limits an address that guesses", async () => {
    const guesser = "198.51.100.9";
    expect((await fetchFeed(`${APP_URL}/calendar/nonsense.ics`, {}, guesser)).statusCode).toBe(404);
    expect((await fetchFeed(`${APP_URL}/calendar/cal_${"A".repeat(43)}`, {}, guesser)).statusCode).toBe(404);
    for (let i = 0; i < 18; i++)
      await fetchFeed(`${APP_URL}/calendar/cal_${"B".repeat(43)}.ics`, {}, guesser);
    const limited = await fetchFeed(`${APP_URL}/calendar/cal_${"C".repeat(43)}.ics`, {}, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not slowed down by it.
    const { user } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    expect((await fetchFeed(issued.url, {}, "198.51.100.10")).statusCode).toBe(200);
  });
});

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

describe("polling", () => {
  it(`is limited to ${CALENDAR_FEED_RATE.limit} requests a window per feed, 304s included`, async () => {
    const { user } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    const other = await subscribed();
    const otherFeed = await createCalendarFeed(
      ctxOf(other.user),
      { scope: "SUBSCRIPTIONS" },
      { appUrl: APP_URL },
    );
    const etag = String((await fetchFeed(issued.url)).headers.etag);
    for (let i = 1; i < CALENDAR_FEED_RATE.limit; i++) {
      expect((await fetchFeed(issued.url, { "if-none-match": etag })).statusCode).toBe(304);
    }
    const refused = await fetchFeed(issued.url, { "if-none-match": etag });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "CALENDAR_FEED_RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await fetchFeed(otherFeed.url)).statusCode).toBe(200);
    clock.advance(CALENDAR_FEED_RATE.windowMs);
    expect((await fetchFeed(issued.url, { "if-none-match": etag })).statusCode).toBe(304);
  });

  it("records when a calendar last read the feed", async () => {
    const { user } = await subscribed();
    const issued = await createCalendarFeed(ctxOf(user), { scope: "SUBSCRIPTIONS" }, { appUrl: APP_URL });
    await fetchFeed(issued.url);
    expect((await getCalendarFeedStatus(ctxOf(user))).feed?.lastFetchedAt).toBe(clock.now().toISOString());
  });
});
