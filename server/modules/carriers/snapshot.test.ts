import { describe, expect, it } from "vitest";
import type { TrackingSnapshot } from "./carriers.types";
import { canonicalJson, snapshotHash } from "./snapshot";

const box = (containerNumber: string) => ({
  containerNumber,
  sizeType: "40HC",
  sizeTypeOriginal: "45G1",
  grossWeightKilograms: null,
  emptyContainerReleasedToShipperTime: null,
  gateInTime: "2026-01-17T16:40:00+08:00",
  gateOutTime: null,
  emptyContainerReturnedFromCustomerTime: null,
});

const snapshot: TrackingSnapshot = {
  placeOfReceipt: { locode: "CNSGH", name: "Shanghai" },
  loadingPort: { locode: "CNSGH", name: "Shanghai" },
  dischargingPort: { locode: "NLRTM", name: "Rotterdam" },
  placeOfDelivery: { locode: "NLRTM", name: "Rotterdam" },
  departureTime: "2026-01-21T02:30:00+08:00",
  departureTimeStatus: "ACTUAL",
  arrivalTime: "2026-02-26T14:00:00+01:00",
  arrivalTimeStatus: "ESTIMATED",
  placeOfDeliveryEta: "2026-02-26T14:00:00+01:00",
  placeOfDeliveryEtaStatus: "ESTIMATED",
  vesselVoyage: "MAERSK ALDEN 612W",
  containerSizeType: "2x40HC",
  containerGrossWeightSum: null,
  vessels: [],
  containers: [box("MSKU1234565"), box("MRKU0000004")],
  cancelled: false,
  delivered: false,
};

describe("snapshotHash", () => {
  it("is the same for the same content whatever the key and container order", () => {
    const reordered = Object.fromEntries(Object.entries(snapshot).reverse()) as unknown as TrackingSnapshot;
    const swapped = { ...reordered, containers: [...snapshot.containers].reverse() };
    expect(snapshotHash(swapped)).toBe(snapshotHash(snapshot));
    expect(snapshotHash(snapshot)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is the same when only the way a time is written changed, and changes with the instant", () => {
    // 14:00 at +01:00 is 13:00 UTC: the same instant written another way is no change.
    const sameInstant = {
      ...snapshot,
      arrivalTime: "2026-02-26T13:00:00Z",
      placeOfDeliveryEta: "2026-02-26T05:00:00.000-08:00",
      containers: snapshot.containers.map((c) => ({ ...c, gateInTime: "2026-01-17T08:40:00Z" })),
    };
    expect(snapshotHash(sameInstant)).toBe(snapshotHash(snapshot));
    expect(snapshotHash({ ...snapshot, arrivalTime: "2026-02-26T14:00:00Z" })).not.toBe(
      snapshotHash(snapshot),
    );
    expect(snapshotHash({ ...snapshot, arrivalTimeStatus: "ACTUAL" })).not.toBe(snapshotHash(snapshot));
    // A name that merely looks like a date is left alone.
    expect(snapshotHash({ ...snapshot, vesselVoyage: "2026-02-26T14:00:00+01:00" })).not.toBe(
      snapshotHash({ ...snapshot, vesselVoyage: "2026-02-26T13:00:00Z" }),
    );
  });

  it("canonical JSON sorts keys at every level and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"z":1}]},"b":1}',
    );
  });
});
