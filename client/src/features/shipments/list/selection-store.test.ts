import { describe, expect, it } from "vitest";
import { createSelectionStore, rangeBetween } from "./selection-store";

const ids = ["a", "b", "c", "d", "e"];

describe("selection", () => {
  it("takes the range between two rows in either direction", () => {
    expect(rangeBetween(ids, "b", "d")).toEqual(["b", "c", "d"]);
    expect(rangeBetween(ids, "d", "b")).toEqual(["b", "c", "d"]);
    expect(rangeBetween(ids, null, "c")).toEqual(["c"]);
    expect(rangeBetween(ids, "gone", "c")).toEqual(["c"]);
    expect(rangeBetween(ids, "a", "gone")).toEqual([]);
  });

  it("selects a shift-click range from the last clicked row, and clears it the same way", () => {
    const s = createSelectionStore();
    s.click("a", ids, false);
    s.click("c", ids, true);
    expect(s.selectedIds().sort()).toEqual(["a", "b", "c"]);
    s.click("e", ids, true);
    expect(s.count()).toBe(5);
    s.click("d", ids, false);
    s.click("b", ids, true);
    expect(s.selectedIds().sort()).toEqual(["a", "e"]);
  });

  it("notifies only the rows that changed, and the count listeners", () => {
    const s = createSelectionStore();
    const calls: string[] = [];
    for (const id of ids) s.subscribeRow(id, () => calls.push(id));
    let counted = 0;
    s.subscribe(() => counted++);
    s.click("b", ids, false);
    s.click("d", ids, true);
    expect(calls).toEqual(["b", "c", "d"]);
    s.setMany(["b", "e"], true);
    expect(calls).toEqual(["b", "c", "d", "e"]);
    s.clear();
    expect(calls.slice(4).sort()).toEqual(["b", "c", "d", "e"]);
    expect(counted).toBe(4);
    expect(s.count()).toBe(0);
    // Clearing nothing tells nobody.
    s.clear();
    expect(counted).toBe(4);
  });
});
