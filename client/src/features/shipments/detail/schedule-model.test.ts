// @vitest-environment node
import { describe, expect, it } from "vitest";
import { routePoints, scheduleItems, transhipmentCount } from "../../../components/shipment/schedule-model";
import { BUSAN, CHICAGO, historyEntry, LOS_ANGELES, leg, YOKOHAMA } from "./detail-fixtures";

const kinds = (items: ReturnType<typeof scheduleItems>) =>
  items.map((item) =>
    item.type === "stop" ? `${item.stop.kind}:${item.stop.place?.locode}` : `leg:${item.leg.vesselName}`,
  );

describe("the schedule of a shipment", () => {
  it("lists a direct voyage as loading port, vessel, discharging port, without repeating receipt and delivery", () => {
    const items = scheduleItems(historyEntry());
    expect(kinds(items)).toEqual(["loading:JPYOK", "leg:VESSEL 1", "discharging:USLAX"]);
    const loading = items[0];
    expect(loading?.type === "stop" && loading.stop.departure).toEqual({
      time: "2026-02-01T01:00:00.000Z",
      status: "ACTUAL",
    });
  });

  it("makes the port between two legs a transhipment with the arrival of one and the departure of the next", () => {
    const history = historyEntry({
      vessels: [
        leg(2, BUSAN, LOS_ANGELES, {
          departureTime: "2026-02-05T00:00:00.000Z",
          departureTimeStatus: "ESTIMATED",
        }),
        leg(1, YOKOHAMA, BUSAN, { arrivalTime: "2026-02-03T00:00:00.000Z", arrivalTimeStatus: "ACTUAL" }),
      ],
      placeOfDelivery: CHICAGO,
      placeOfDeliveryEta: "2026-02-20T00:00:00.000Z",
    });
    const items = scheduleItems(history);
    expect(kinds(items)).toEqual([
      "loading:JPYOK",
      "leg:VESSEL 1",
      "transhipment:KRPUS",
      "leg:VESSEL 2",
      "discharging:USLAX",
      "delivery:USCHI",
    ]);
    const transhipment = items[2];
    expect(transhipment?.type === "stop" && transhipment.stop).toMatchObject({
      arrival: { time: "2026-02-03T00:00:00.000Z", status: "ACTUAL" },
      departure: { time: "2026-02-05T00:00:00.000Z", status: "ESTIMATED" },
    });
    expect(transhipmentCount(history)).toBe(1);
  });

  it("uses the history's own ports and times when the carrier gave no legs", () => {
    const items = scheduleItems(historyEntry({ vessels: [], placeOfReceipt: null }));
    expect(kinds(items)).toEqual(["loading:JPYOK", "leg:VESSEL 1 001E", "discharging:USLAX"]);
  });

  it("draws the route through the ports that have coordinates, each once in a row", () => {
    const noCoordinates = { ...BUSAN, latitude: null, longitude: null };
    const history = historyEntry({
      vessels: [leg(1, YOKOHAMA, noCoordinates), leg(2, noCoordinates, LOS_ANGELES)],
      placeOfDelivery: CHICAGO,
    });
    expect(routePoints(history).map((p) => [p.locode, p.kind])).toEqual([
      ["JPYOK", "loading"],
      ["USLAX", "discharging"],
      ["USCHI", "delivery"],
    ]);
  });
});
