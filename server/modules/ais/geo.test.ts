import { describe, expect, it } from "vitest";
import { greatCircleKm, greatCircleNauticalMiles, predictArrival } from "./geo";

// Reference points: UN/LOCODE coordinates of JPTYO and USLAX (shared/reference/unlocode).
const TOKYO = { lat: 35.68333333333333, lon: 139.75 };
const LOS_ANGELES = { lat: 34.0536909, lon: -118.242766 };

describe("great-circle distance", () => {
  it("matches the classic haversine reference (Nashville BNA to Los Angeles LAX, R = 6372.8 km)", () => {
    expect(greatCircleKm({ lat: 36.12, lon: -86.67 }, { lat: 33.94, lon: -118.4 }, 6372.8)).toBeCloseTo(
      2887.26,
      2,
    );
  });

  it("gives Tokyo to Los Angeles within 0.5% of the WGS84 geodesic (8,830.55 km, Vincenty)", () => {
    const km = greatCircleKm(TOKYO, LOS_ANGELES);
    expect(Math.abs(km - 8830.55) / 8830.55).toBeLessThan(0.005);
    expect(greatCircleNauticalMiles(TOKYO, LOS_ANGELES)).toBeCloseTo(km / 1.852, 6);
    expect(greatCircleKm(LOS_ANGELES, TOKYO)).toBeCloseTo(km, 6);
  });

  it("is zero between a point and itself, and half the circumference between antipodes", () => {
    expect(greatCircleKm(TOKYO, TOKYO)).toBe(0);
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });
});

describe("predicted arrival", () => {
  it("is the remaining distance over the speed, counted from when the position was taken", () => {
    const reportedAt = new Date("2026-03-01T00:00:00Z");
    const predicted = predictArrival(TOKYO, LOS_ANGELES, 20, reportedAt);
    // About 4,758 nautical miles at 20 knots: 237.9 hours, just under ten days.
    const hours = (predicted.getTime() - reportedAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(4757.83 / 20, 1);
    expect(predicted.toISOString().slice(0, 13)).toBe("2026-03-10T21");
  });
});
