// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  displayedStatus,
  formatCalendarDate,
  formatCoordinate,
  formatDateTime,
  timeAgo,
} from "./time-format";

describe("shipment times", () => {
  const iso = "2026-02-01T01:00:00.000Z";

  it("shows an instant in a given zone, with the zone's name for a port's local time", () => {
    expect(formatDateTime(iso, "en", { timeZone: "Asia/Tokyo" })).toBe("Feb 01, 2026, 10:00");
    expect(formatDateTime(iso, "ja", { timeZone: "Asia/Tokyo" })).toBe("2026/02/01 10:00");
    expect(formatDateTime(iso, "en", { timeZone: "America/Los_Angeles", zoneName: true })).toBe(
      "Jan 31, 2026, 17:00 PST",
    );
  });

  it("falls back to the viewer's zone when a zone is unknown, and shows nothing for no time", () => {
    expect(formatDateTime(iso, "en", { timeZone: "Mars/Olympus" })).toBe(formatDateTime(iso, "en"));
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("garbage", "en")).toBe("");
  });

  it("keeps requested dates on their calendar day whatever the zone", () => {
    expect(formatCalendarDate("2026-03-05", "en")).toBe("Mar 05, 2026");
    expect(formatCalendarDate("2026-03-05", "ja")).toBe("2026/03/05");
    expect(formatCalendarDate("05/03/2026", "en")).toBe("");
  });

  it("says how long ago in the largest whole unit, and 'just now' under a minute or in the future", () => {
    const now = new Date("2026-02-01T04:30:00.000Z");
    expect(timeAgo(iso, now, "en", "just now")).toBe("3 hours ago");
    expect(timeAgo(iso, now, "ja", "たった今")).toBe("3 時間前");
    expect(timeAgo("2026-02-01T04:29:30.000Z", now, "en", "just now")).toBe("just now");
    expect(timeAgo("2026-02-01T05:00:00.000Z", now, "en", "just now")).toBe("just now");
    expect(timeAgo("2026-01-31T04:00:00.000Z", now, "en", "just now")).toBe("yesterday");
  });

  it("shows UNKNOWN as estimated: only a reported fact is actual", () => {
    expect(displayedStatus("ACTUAL")).toBe("ACTUAL");
    expect(displayedStatus("ESTIMATED")).toBe("ESTIMATED");
    expect(displayedStatus("UNKNOWN")).toBe("ESTIMATED");
    expect(displayedStatus(null)).toBe("ESTIMATED");
  });

  it("writes coordinates with their hemisphere", () => {
    expect(formatCoordinate(35.4437, "lat")).toBe("35.44°N");
    expect(formatCoordinate(-33.9, "lat")).toBe("33.90°S");
    expect(formatCoordinate(-118.27, "lon")).toBe("118.27°W");
  });
});
