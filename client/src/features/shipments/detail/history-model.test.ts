// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BUSAN, historyEntry, LOS_ANGELES, leg, YOKOHAMA } from "./detail-fixtures";
import { historyRows, vesselsText } from "./history-model";

describe("the History tab", () => {
  it("orders fetches oldest first and marks only what changed since the previous successful one", () => {
    const first = historyEntry({ id: "a", createdAt: "2026-01-20T00:00:00.000Z" });
    const failed = historyEntry({
      id: "b",
      createdAt: "2026-01-21T00:00:00.000Z",
      status: "failed",
      failedReason: "CARRIER_UNAVAILABLE",
    });
    const delayed = historyEntry({
      id: "c",
      createdAt: "2026-01-22T00:00:00.000Z",
      arrivalTime: "2026-02-17T16:00:00.000Z",
    });
    const rerouted = historyEntry({
      id: "d",
      createdAt: "2026-01-23T00:00:00.000Z",
      arrivalTime: "2026-02-17T16:00:00.000Z",
      vessels: [leg(1, YOKOHAMA, BUSAN), leg(2, BUSAN, LOS_ANGELES)],
    });
    const rows = historyRows([rerouted, failed, delayed, first]);
    expect(rows.map((r) => r.entry.id)).toEqual(["a", "b", "c", "d"]);
    expect(rows[0]?.first).toBe(true);
    expect(Object.values(rows[1]?.changed ?? {})).not.toContain(true);
    expect(rows[2]?.changed).toMatchObject({ arrival: true, departure: false, vessels: false });
    expect(rows[3]?.changed).toMatchObject({ arrival: false, vessels: true, loadingPort: false });
  });

  it("names every leg's vessel and voyage in order", () => {
    const entry = historyEntry({
      vessels: [leg(2, BUSAN, LOS_ANGELES), leg(1, YOKOHAMA, BUSAN, { voyage: null })],
    });
    expect(vesselsText(entry)).toBe("VESSEL 1 → VESSEL 2 002E");
    expect(vesselsText(historyEntry({ vessels: [], vesselVoyage: "ONE APUS 012E" }))).toBe("ONE APUS 012E");
  });
});
