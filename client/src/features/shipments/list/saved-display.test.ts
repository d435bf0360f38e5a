import { describe, expect, it } from "vitest";
import { COLUMN_MIN_WIDTH } from "../../../../../shared/constants";
import { DEFAULT_COLUMNS, moveColumn, normalizeColumns } from "./columns";
import { DEFAULT_DISPLAY, parseDisplay } from "./saved-display";

describe("saved display", () => {
  it("defaults to the list of Ongoing, sorted by arrival ascending, with the spec's columns", () => {
    expect(parseDisplay(null)).toEqual(DEFAULT_DISPLAY);
    expect(DEFAULT_DISPLAY).toMatchObject({
      viewMode: "list",
      tab: "ONGOING",
      orderBy: "arrivalTime",
      orderByType: "ASC",
    });
    expect(DEFAULT_DISPLAY.columns.filter((c) => c.isVisible).map((c) => c.id)).toEqual([
      "title",
      "shippingLine",
      "loadingPort",
      "departureTime",
      "etdDelayDays",
      "dischargingPort",
      "arrivalTime",
      "delayDays",
      "vesselName",
      "containers",
      "remark",
      "owner",
    ]);
  });

  it("keeps each valid part of a stored display and falls back per part", () => {
    const stored = JSON.stringify({
      viewMode: "timeline",
      tab: "NOPE",
      orderBy: "title",
      orderByType: "DESC",
      columns: 5,
    });
    expect(parseDisplay(stored)).toEqual({
      ...DEFAULT_DISPLAY,
      viewMode: "timeline",
      orderBy: "title",
      orderByType: "DESC",
    });
    expect(parseDisplay("{not json")).toEqual(DEFAULT_DISPLAY);
  });

  it("makes stored columns whole: order kept, unknown dropped, missing appended", () => {
    const columns = normalizeColumns([
      { id: "remark", width: 300, isVisible: true },
      { id: "gone", width: 200, isVisible: true },
      { id: "title", width: 150, isVisible: false },
      { id: "remark", width: 100, isVisible: false },
    ]);
    expect(columns.slice(0, 2)).toEqual([
      { id: "remark", width: 300, isVisible: true },
      { id: "title", width: 150, isVisible: false },
    ]);
    expect(columns).toHaveLength(DEFAULT_COLUMNS.length);
    expect(columns.every((c) => c.width >= COLUMN_MIN_WIDTH)).toBe(true);
  });

  it("refuses a stored width below the minimum as a whole column list", () => {
    const stored = JSON.stringify({ columns: [{ id: "title", width: 20, isVisible: true }] });
    expect(parseDisplay(stored).columns).toEqual(DEFAULT_DISPLAY.columns);
  });

  it("moves a column", () => {
    const ids = moveColumn(DEFAULT_COLUMNS, 0, 2).map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual(["shippingLine", "loadingPort", "title"]);
    expect(moveColumn(DEFAULT_COLUMNS, 0, 99)).toEqual(DEFAULT_COLUMNS);
  });
});
