import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { en } from "../../../shared/i18n/en";
import { ja } from "../../../shared/i18n/ja";
import { HOUR_MS } from "../../core/clock";
import { calendarFeeds, users } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import { CALENDAR_FEED_RATE } from "./calendar-feed.fetch.service";
import {
  createCalendarFeed,
  getCalendarFeedStatus,
  regenerateCalendarFeed,
  revokeCalendarFeed,
} from "./calendar-feed.service";

import { calendarFeedTestEnv } from "./calendar-feed.testkit";

// GET /calendar/{token}.ics as a calendar client polls it, parsed with a real iCalendar parser
// (ical.js): the events against the shipment, an ETA moved by the real refresh path keeping its UID,
// conditional requests, revoked and replaced addresses, and the per-feed limit. Who sees what is in
// calendar-feed.access.test.ts.

const { APP_URL, clock, t, ctxOf, schedule, refresh, subscribed, tokenOf, fetchFeed, parse, byUid } =
  calendarFeedTestEnv();

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
