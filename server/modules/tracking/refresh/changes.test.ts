import { describe, expect, it } from "vitest";
import { snapshot } from "../tracking.testkit";
import { detectChanges } from "./changes";
import { historyRows } from "./history-rows";

const owner = {
  shipmentId: "00000000-0000-4000-8000-000000000001",
  companyId: "00000000-0000-4000-8000-000000000002",
};
const stateOf = (s: ReturnType<typeof snapshot>) => historyRows(s, owner, "hash", null).state;
const kinds = (a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>) =>
  detectChanges(stateOf(a), stateOf(b)).map((c) => c.kind);

describe("change records between two histories", () => {
  it("finds nothing when only the wording of a time changes, not the instant", () => {
    const a = snapshot({ arrival: "2026-02-15T08:00:00-08:00" });
    const b = snapshot({ arrival: "2026-02-15T16:00:00Z" });
    expect(detectChanges(stateOf(a), stateOf(b))).toEqual([]);
  });

  it("records an ETA slip with the old and new time in UTC", () => {
    const changes = detectChanges(
      stateOf(snapshot({ arrival: "2026-02-15T08:00:00-08:00" })),
      stateOf(snapshot({ arrival: "2026-02-17T08:00:00-08:00" })),
    );
    expect(changes).toEqual([
      {
        kind: "ETA",
        oldValue: { time: "2026-02-15T16:00:00.000Z", status: "ESTIMATED" },
        newValue: { time: "2026-02-17T16:00:00.000Z", status: "ESTIMATED" },
      },
    ]);
  });

  it("records ETD, and no separate place-of-delivery ETA when delivery is at the port", () => {
    expect(
      kinds(
        snapshot({ departure: "2026-02-01T10:00:00+09:00" }),
        snapshot({ departure: "2026-02-02T10:00:00+09:00" }),
      ),
    ).toEqual(["ETD"]);
    expect(
      kinds(snapshot({ arrival: "2026-02-15T08:00:00Z" }), snapshot({ arrival: "2026-02-16T08:00:00Z" })),
    ).toEqual(["ETA"]);
  });

  it("records the place-of-delivery ETA when delivery is inland", () => {
    const inland = (eta: string) => ({
      ...snapshot(),
      placeOfDelivery: { locode: "USCHI", name: "Chicago" },
      placeOfDeliveryEta: eta,
    });
    const changes = detectChanges(
      stateOf(inland("2026-02-20T10:00:00-06:00")),
      stateOf(inland("2026-02-22T10:00:00-06:00")),
    );
    expect(changes.map((c) => c.kind)).toEqual(["PLACE_OF_DELIVERY_ETA"]);
    expect(changes[0]?.newValue).toMatchObject({ place: "Chicago", time: "2026-02-22T16:00:00.000Z" });
  });

  it("records a vessel change (rollover) and a transhipment when the next vessel leaves", () => {
    const first = { vesselName: "ONE APUS", imo: "9806079", voyage: "012E" };
    const second = {
      vesselName: "MAERSK KOBE",
      imo: "9456783",
      voyage: "205W",
      loadingPort: { locode: "SGSIN", name: "Singapore" },
    };
    expect(
      kinds(
        snapshot({ vessels: [first] }),
        snapshot({ vessels: [{ ...first, vesselName: "ONE HARMONY", imo: "9321483" }] }),
      ),
    ).toEqual(["VESSEL"]);
    const before = snapshot({ vessels: [first, { ...second, departureTimeStatus: "ESTIMATED" }] });
    const after = snapshot({ vessels: [first, { ...second, departureTimeStatus: "ACTUAL" }] });
    const changes = detectChanges(stateOf(before), stateOf(after));
    expect(changes.map((c) => c.kind)).toEqual(["TRANSHIPMENT"]);
    expect(changes[0]?.newValue).toMatchObject({ vesselName: "MAERSK KOBE", loadingPort: "SGSIN", leg: 1 });
    expect(changes[0]?.oldValue).toMatchObject({ vesselName: "ONE APUS" });
  });

  it("records arrival and delivery once, when they become actual", () => {
    const sailing = snapshot({ arrival: "2026-02-15T08:00:00Z" });
    const arrived = snapshot({ arrival: "2026-02-15T08:00:00Z", arrivalStatus: "ACTUAL" });
    const delivered = snapshot({
      arrival: "2026-02-15T08:00:00Z",
      arrivalStatus: "ACTUAL",
      gateOut: "2026-02-17T09:00:00Z",
    });
    expect(kinds(sailing, arrived)).toEqual(["ARRIVAL"]);
    expect(kinds(arrived, delivered)).toEqual(["DELIVERY"]);
    expect(kinds(delivered, delivered)).toEqual([]);
  });
});
