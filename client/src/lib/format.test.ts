// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatCompactDate, formatDate, isoDate } from "./format";

describe("dates in tables", () => {
  it("reads the same whether tRPC sent a string or a Date", () => {
    const iso = "2026-01-15T09:30:00.000Z";
    expect(formatDate(iso, "en", "UTC")).toBe("Jan 15, 2026");
    expect(formatDate(new Date(iso), "en", "UTC")).toBe("Jan 15, 2026");
    expect(formatDate(iso, "ja", "UTC")).toBe("2026/01/15");
    expect(isoDate(iso)).toBe(iso);
  });

  it("shows nothing for a missing or broken value", () => {
    expect(formatDate(null, "en")).toBe("");
    expect(formatDate("not a date", "ja")).toBe("");
    expect(isoDate(undefined)).toBeUndefined();
  });
});

describe("formatCompactDate", () => {
  const now = new Date("2026-11-27T00:00:00Z");
  it("leaves the year out within half a year of now, either way", () => {
    expect(formatCompactDate("2027-01-03T00:00:00Z", "en", now, "UTC")).toBe("Jan 03");
    expect(formatCompactDate("2026-09-19T00:00:00Z", "en", now, "UTC")).toBe("Sep 19");
    expect(formatCompactDate("2027-01-03T00:00:00Z", "ja", now, "UTC")).toBe("01/03");
  });
  it("keeps the year for dates further away, and is empty without a date", () => {
    expect(formatCompactDate("2027-08-01T00:00:00Z", "en", now, "UTC")).toBe("Aug 01, 2027");
    expect(formatCompactDate("2025-11-01T00:00:00Z", "ja", now, "UTC")).toBe("2025/11/01");
    expect(formatCompactDate(null, "en", now)).toBe("");
  });
});
