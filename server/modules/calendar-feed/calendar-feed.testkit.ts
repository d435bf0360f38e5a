import ICAL from "ical.js";
import { afterAll, beforeAll } from "vitest";
import { factories } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { contextFor } from "../../../tests/setup/context";
import { TestClock } from "../../core/clock";
import { type Shipment, subscriptions } from "../../db/schema";
import type { TrackingSnapshot } from "../carriers/carriers.types";
import { refreshShipments } from "../tracking/refresh.service";
import { ok, scriptedCarriers, snapshot, TEST_SETTINGS } from "../tracking/tracking.testkit";

/**
 * One app per test file for the calendar feed's tests, with a scripted carrier, a subscribed
 * member's shipment and the feed read back through a real iCalendar parser (ical.js).
 */
export function calendarFeedTestEnv() {
  const APP_URL = "https://tracking.example";
  const clock = new TestClock("2026-01-15T00:00:00Z");
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ clock, env: { APP_URL } });
  });
  afterAll(() => app.close());

  const f = () => factories(app.database.db, clock.now());
  const ctxOf = (user: Parameters<typeof contextFor>[1]) => contextFor(app.database.db, user, { clock });

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
    const system = contextFor(app.database.db, { kind: "system", reason: "test" }, { clock });
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
    await app.database.db.insert(subscriptions).values({ userId: user.id, shipmentId: shipment.id });
    await refresh(shipment, schedule());
    return { company, team, user, shipment };
  }

  const tokenOf = (url: string) => /\/calendar\/(cal_[A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? "";

  function fetchFeed(url: string, headers: Record<string, string> = {}, ip = "203.0.113.7") {
    return app.app.inject({ method: "GET", url: new URL(url).pathname, headers, remoteAddress: ip });
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

  /** The app of the running file (created before its first test). */
  const t = {
    get database() {
      return app.database;
    },
    get app() {
      return app.app;
    },
  };
  return { APP_URL, clock, t, f, ctxOf, schedule, refresh, subscribed, tokenOf, fetchFeed, parse, byUid };
}
