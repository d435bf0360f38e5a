// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDate, isoDate } from "./format";

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
