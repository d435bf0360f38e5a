import { describe, expect, it } from "vitest";
import { eventsByDay, inShownMonth, monthGrid, monthOf, shiftMonth } from "./calendar-layout";

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

describe("calendar month grid", () => {
  it("greys exactly the other months' days by the split-at-15 rule, for every month of two years", () => {
    for (let i = 0; i < 24; i++) {
      const month = shiftMonth({ year: 2026, month: 0 }, i);
      const grid = monthGrid(month, at(2026, 1, 1));
      expect(grid).toHaveLength(6);
      grid.forEach((week, w) => {
        for (const cell of week) {
          expect(inShownMonth(w, cell.day)).toBe(cell.date.getMonth() === month.month);
          expect(cell.inMonth).toBe(cell.date.getMonth() === month.month);
        }
      });
    }
  });

  it("starts on the Sunday on or before the 1st and marks today", () => {
    const grid = monthGrid({ year: 2026, month: 2 }, at(2026, 3, 18, 10));
    expect(grid[0]?.[0]?.key).toBe("2026-03-01");
    const april = monthGrid({ year: 2026, month: 3 }, at(2026, 3, 18));
    expect(april[0]?.[0]?.key).toBe("2026-03-29");
    expect(april[0]?.[0]?.inMonth).toBe(false);
    expect(
      grid
        .flat()
        .filter((c) => c.isToday)
        .map((c) => c.key),
    ).toEqual(["2026-03-18"]);
  });

  it("moves by one month across years", () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(monthOf(at(2026, 7, 31, 23))).toEqual({ year: 2026, month: 6 });
  });

  it("groups departures and arrivals in the grid by local day, sorted by time", () => {
    const grid = monthGrid({ year: 2026, month: 2 }, at(2026, 3, 1));
    const events = eventsByDay(
      {
        departureTime: [at(2026, 3, 5, 9), at(2026, 3, 5, 8), null, at(2025, 1, 1)],
        departureTimeStatus: ["A", "E", null, "A"],
        arrivalTime: [at(2026, 3, 20), null, at(2026, 4, 8), at(2026, 9, 1)],
        arrivalTimeStatus: ["E", null, "E", "E"],
      },
      grid,
    );
    expect(events.get("2026-03-05")).toEqual([
      { index: 1, kind: "departure", time: at(2026, 3, 5, 8), actual: false },
      { index: 0, kind: "departure", time: at(2026, 3, 5, 9), actual: true },
    ]);
    expect(events.get("2026-03-20")?.map((e) => [e.index, e.kind])).toEqual([[0, "arrival"]]);
    // 8 April is in the grid's last week (greyed, but still shown).
    expect(events.get("2026-04-08")?.map((e) => e.index)).toEqual([2]);
    expect([...events.keys()].sort()).toEqual(["2026-03-05", "2026-03-20", "2026-04-08"]);
  });
});
