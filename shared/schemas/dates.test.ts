import { describe, expect, it } from "vitest";
import { clearableDate, flexibleDate, isoDate, isTimestampOrDate, parseCalendarDate } from "./dates";
import { parsed, reported } from "./testkit";

describe("parseCalendarDate", () => {
  it.each([
    ["2025-01-31", "2025-01-31"],
    ["2024-02-29", "2024-02-29"],
    ["2000-02-29", "2000-02-29"],
    [" 2025-12-01 ", "2025-12-01"],
  ])("accepts %s", (input, output) => expect(parseCalendarDate(input)).toBe(output));

  it.each([
    "2025-02-30",
    "2025-02-29",
    "1900-02-29",
    "2025-04-31",
    "2025-13-01",
    "2025-00-10",
    "2025-01-00",
    "2025-1-5",
    "20250101",
    "2025-01-01T00:00:00Z",
    "",
    "abc",
  ])("rejects %s", (input) => expect(parseCalendarDate(input)).toBeNull());

  it("accepts slashes only when asked, normalising to dashes", () => {
    expect(parseCalendarDate("2025/03/04")).toBeNull();
    expect(parseCalendarDate("2025/03/04", { allowSlash: true })).toBe("2025-03-04");
    expect(parseCalendarDate("2025/02/30", { allowSlash: true })).toBeNull();
    expect(parseCalendarDate("2025-03/04", { allowSlash: true })).toBeNull();
  });
});

describe("date schemas", () => {
  it("isoDate takes a real YYYY-MM-DD only", () => {
    expect(parsed(isoDate(), "2025-03-04")).toBe("2025-03-04");
    expect(reported(isoDate(), "2025-02-30")).toEqual([
      { path: "", key: "validation.invalidDate", params: {} },
    ]);
    expect(reported(isoDate(), "2025/03/04")[0]?.key).toBe("validation.invalidDate");
    expect(reported(isoDate(), 20250304)[0]?.key).toBe("validation.invalidDate");
  });

  it("flexibleDate takes either separator", () => {
    expect(parsed(flexibleDate(), "2025/03/04")).toBe("2025-03-04");
    expect(reported(flexibleDate(), "2025/02/30")[0]?.key).toBe("validation.invalidDate");
  });

  it("clearableDate turns blank and null into null, keeps absent, rejects invalid", () => {
    const schema = clearableDate();
    expect(parsed(schema, "")).toBeNull();
    expect(parsed(schema, null)).toBeNull();
    expect(parsed(schema, undefined)).toBeUndefined();
    expect(parsed(schema, "2025-03-04")).toBe("2025-03-04");
    expect(reported(schema, "2025-02-30")).toEqual([{ path: "", key: "validation.invalidDate", params: {} }]);
  });

  it("recognises timestamps for timestamp filters", () => {
    expect(isTimestampOrDate("2025-03-04")).toBe(true);
    expect(isTimestampOrDate("2025-03-04T10:00:00Z")).toBe(true);
    expect(isTimestampOrDate("2025-02-30T10:00:00Z")).toBe(false);
    expect(isTimestampOrDate("yesterday")).toBe(false);
  });
});
