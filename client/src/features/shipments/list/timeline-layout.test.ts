import { describe, expect, it } from "vitest";
import {
  TIMELINE_CELL_WIDTH,
  TIMELINE_DAYS_BACK,
  TIMELINE_FILL_LEG_DAYS,
  TIMELINE_FILL_STEP_DAYS,
  TIMELINE_MIN_DAYS_AHEAD,
} from "../../../../../shared/constants";
import {
  addDays,
  barTone,
  DAY_MS,
  dayOffset,
  latestEnd,
  legGeometry,
  legsOf,
  TIMELINE_MAX_DAYS_AHEAD,
  type TimelineShipment,
  timelineWindow,
} from "./timeline-layout";

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();
const ship = (s: Partial<TimelineShipment>): TimelineShipment => ({
  departureTime: null,
  departureTimeStatus: null,
  arrivalTime: null,
  arrivalTimeStatus: null,
  placeOfDeliveryEta: null,
  ...s,
});

describe("timeline window", () => {
  const now = at(2026, 3, 10, 15);

  it("shows 7 days back and at least 30 ahead, today's column marked", () => {
    const w = timelineWindow({ now, steps: 0 });
    expect(w.start.getTime()).toBe(at(2026, 3, 3));
    expect(w.days).toBe(TIMELINE_DAYS_BACK + TIMELINE_MIN_DAYS_AHEAD + 1);
    expect(w.todayIndex).toBe(TIMELINE_DAYS_BACK);
  });

  it("moves by 7-day steps and loses today's column when it is out of view", () => {
    expect(timelineWindow({ now, steps: 1 }).start.getTime()).toBe(at(2026, 3, 10));
    expect(timelineWindow({ now, steps: -2 }).start.getTime()).toBe(at(2026, 2, 17));
    expect(timelineWindow({ now, steps: 1 }).todayIndex).toBe(0);
    expect(timelineWindow({ now, steps: 2 }).todayIndex).toBe(-1);
  });

  it("grows ahead to fit the latest bar, up to a cap", () => {
    const w = timelineWindow({ now, steps: 0, latestEnd: at(2026, 5, 1, 12) });
    // 10 Mar to 1 May is 52 days; the bar's day must be inside the window.
    expect(w.days).toBe(TIMELINE_DAYS_BACK + 53 + 1);
    const far = timelineWindow({ now, steps: 0, latestEnd: at(2028, 1, 1) });
    expect(far.days).toBe(TIMELINE_DAYS_BACK + TIMELINE_MAX_DAYS_AHEAD + 1);
    const past = timelineWindow({ now, steps: 0, latestEnd: at(2026, 1, 1) });
    expect(past.days).toBe(TIMELINE_DAYS_BACK + TIMELINE_MIN_DAYS_AHEAD + 1);
  });

  it("counts calendar days across a daylight-saving change as whole days", () => {
    const start = new Date(2026, 2, 1);
    expect(dayOffset(start, at(2026, 4, 1))).toBe(31);
    expect(addDays(start, 31).getTime()).toBe(at(2026, 4, 1));
  });
});

describe("bar colours", () => {
  it("is green when arrived, dark blue when departed, grey before departure, dashed when unscheduled", () => {
    const dep = at(2026, 3, 1);
    const arr = at(2026, 3, 20);
    expect(
      barTone(
        ship({ departureTime: dep, departureTimeStatus: "A", arrivalTime: arr, arrivalTimeStatus: "A" }),
      ),
    ).toBe("arrived");
    expect(
      barTone(
        ship({ departureTime: dep, departureTimeStatus: "A", arrivalTime: arr, arrivalTimeStatus: "E" }),
      ),
    ).toBe("departed");
    expect(
      barTone(
        ship({ departureTime: dep, departureTimeStatus: "E", arrivalTime: arr, arrivalTimeStatus: "E" }),
      ),
    ).toBe("notDeparted");
    expect(barTone(ship({ arrivalTime: arr, arrivalTimeStatus: "E" }))).toBe("notDeparted");
    expect(barTone(ship({}))).toBe("unscheduled");
  });
});

describe("legs and the fill rule for missing dates", () => {
  const dep = at(2026, 3, 1);
  const arr = at(2026, 3, 20);
  const leg = TIMELINE_FILL_LEG_DAYS * DAY_MS;
  const step = TIMELINE_FILL_STEP_DAYS * DAY_MS;

  it("draws departure to arrival, then on to the place of delivery", () => {
    expect(legsOf(ship({ departureTime: dep, arrivalTime: arr }), 0)).toEqual([
      { start: dep, end: arr, filled: false },
    ]);
    const pod = at(2026, 3, 25);
    expect(legsOf(ship({ departureTime: dep, arrivalTime: arr, placeOfDeliveryEta: pod }), 0)).toEqual([
      { start: dep, end: arr, filled: false },
      { start: arr, end: pod, filled: false },
    ]);
  });

  it("fills a missing arrival or departure with a 2-day leg", () => {
    expect(legsOf(ship({ departureTime: dep }), 0)).toEqual([{ start: dep, end: dep + leg, filled: true }]);
    expect(legsOf(ship({ arrivalTime: arr }), 0)).toEqual([{ start: arr - leg, end: arr, filled: true }]);
  });

  it("places an unscheduled shipment at the fallback in 3-day steps of 2-day legs", () => {
    const fallback = at(2026, 3, 10);
    expect(legsOf(ship({}), fallback)).toEqual([
      { start: fallback, end: fallback + leg, filled: true },
      { start: fallback + step, end: fallback + step + leg, filled: true },
    ]);
  });
});

describe("bar geometry", () => {
  const w = timelineWindow({ now: at(2026, 3, 10, 9), steps: 0 });

  it("places a leg by its day offset times the cell width", () => {
    const g = legGeometry(w, { start: at(2026, 3, 4), end: at(2026, 3, 6, 12), filled: false });
    expect(g).toEqual({
      left: TIMELINE_CELL_WIDTH,
      width: 2.5 * TIMELINE_CELL_WIDTH,
      cutStart: false,
      cutEnd: false,
    });
  });

  it("cuts legs at the window's edges and drops those outside", () => {
    const g = legGeometry(w, { start: at(2026, 2, 1), end: at(2026, 3, 5), filled: false });
    expect(g).toMatchObject({ left: 0, width: 2 * TIMELINE_CELL_WIDTH, cutStart: true, cutEnd: false });
    expect(legGeometry(w, { start: at(2026, 1, 1), end: at(2026, 1, 5), filled: false })).toBeNull();
    expect(legGeometry(w, { start: at(2027, 1, 1), end: at(2027, 1, 5), filled: false })).toBeNull();
  });

  it("never draws a bar thinner than 4 px", () => {
    const t = at(2026, 3, 12);
    expect(legGeometry(w, { start: t, end: t, filled: false })?.width).toBe(4);
  });

  it("finds the latest date of any item", () => {
    expect(latestEnd([ship({ departureTime: 5 }), ship({ arrivalTime: 9, placeOfDeliveryEta: 7 })])).toBe(9);
    expect(latestEnd([ship({})])).toBeNull();
  });
});
