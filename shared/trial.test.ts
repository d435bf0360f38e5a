import { describe, expect, it } from "vitest";
import { calendarDay, trialDaysLeft } from "./trial";

const at = (iso: string) => new Date(iso);

describe("trialDaysLeft", () => {
  it("says today (0) with 20 minutes left, not 1 day", () => {
    expect(trialDaysLeft("2026-12-01T09:00:00Z", at("2026-12-01T08:40:00Z"), "UTC")).toBe(0);
  });

  it("counts calendar days in the given time zone", () => {
    const endsAt = "2026-12-01T09:00:00Z"; // 18:00 in Tokyo, 04:00 in New York
    // 23:00 in Tokyo on Nov 30: tomorrow is the last day.
    expect(trialDaysLeft(endsAt, at("2026-11-30T14:00:00Z"), "Asia/Tokyo")).toBe(1);
    // 00:30 in Tokyo on Dec 1: it ends today.
    expect(trialDaysLeft(endsAt, at("2026-11-30T15:30:00Z"), "Asia/Tokyo")).toBe(0);
    // The same instant is still Nov 30 in New York, whose last day is Dec 1.
    expect(trialDaysLeft(endsAt, at("2026-11-30T15:30:00Z"), "America/New_York")).toBe(1);
  });

  it("treats a trial ending at midnight as ending the day before", () => {
    expect(trialDaysLeft("2026-12-01T00:00:00Z", at("2026-11-30T10:00:00Z"), "UTC")).toBe(0);
    expect(trialDaysLeft("2026-12-01T00:00:00Z", at("2026-11-29T23:59:00Z"), "UTC")).toBe(1);
  });

  it("gives 30 days on the first day of a 30-day trial started at noon", () => {
    const start = at("2026-11-01T12:00:00Z");
    const end = new Date(start.getTime() + 30 * 86_400_000);
    expect(trialDaysLeft(end, start, "UTC")).toBe(30);
    expect(trialDaysLeft(end, at("2026-11-30T23:00:00Z"), "UTC")).toBe(1);
    expect(trialDaysLeft(end, at("2026-12-01T11:59:00Z"), "UTC")).toBe(0);
  });

  it("is null once the trial has ended, and for a malformed date", () => {
    expect(trialDaysLeft("2026-12-01T09:00:00Z", at("2026-12-01T09:00:00Z"), "UTC")).toBeNull();
    expect(trialDaysLeft("not a date", at("2026-12-01T09:00:00Z"), "UTC")).toBeNull();
  });

  it("crosses daylight-saving changes by dates, not by 24-hour blocks", () => {
    // Europe/Berlin leaves summer time on 2026-10-25 (a 25-hour day).
    expect(trialDaysLeft("2026-10-27T10:00:00Z", at("2026-10-24T22:30:00Z"), "Europe/Berlin")).toBe(2);
  });
});

describe("calendarDay", () => {
  it("formats the date in the zone", () => {
    expect(calendarDay(at("2026-11-30T15:30:00Z"), "Asia/Tokyo")).toBe("2026-12-01");
    expect(calendarDay(at("2026-11-30T15:30:00Z"), "UTC")).toBe("2026-11-30");
  });
});
