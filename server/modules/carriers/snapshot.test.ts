import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seeded } from "../../../tests/setup/seeded-random";
import type { TrackingSnapshot } from "./carriers.types";
import { canonicalJson, canonicalSnapshotJson, fastCanonicalSnapshotJson, snapshotHash } from "./snapshot";

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

// The hash of every stored history was taken of canonicalSnapshotJson; the fast path must build
// the very same text, or every unchanged shipment would get a new history (and its subscribers an
// e-mail) once after a deploy.
describe("the fast canonical form", () => {
  const genericHash = (s: TrackingSnapshot) =>
    createHash("sha256").update(canonicalSnapshotJson(s)).digest("hex");

  it("keeps the hash the stored histories were written with", () => {
    // Taken with the generic path before the fast one existed.
    expect(snapshotHash(snapshot)).toBe("e63a2252a7a742691c51847edc2f22dcd90ce40dbe5aebe90a899f28db3d10f1");
    expect(fastCanonicalSnapshotJson(snapshot)).toBe(canonicalSnapshotJson(snapshot));
  });

  it("builds the generic text for generated snapshots", () => {
    const random = seeded(20261127);
    for (let i = 0; i < 2000; i += 1) {
      const s = generated(random);
      const fast = fastCanonicalSnapshotJson(s);
      expect(fast).toBeDefined();
      expect(fast).toBe(canonicalSnapshotJson(s));
      expect(snapshotHash(s)).toBe(genericHash(s));
    }
  });

  it.each([
    ["another key", { ...snapshot, somethingNew: 1 }],
    ["another key in a place", { ...snapshot, loadingPort: { locode: "X", name: "Y", extra: true } }],
    ["a Date where a time goes", { ...snapshot, arrivalTime: new Date("2026-02-26T13:00:00Z") }],
    ["a list where a text goes", { ...snapshot, vesselVoyage: ["A", "B"] }],
    ["a text where a place goes", { ...snapshot, placeOfDelivery: "Rotterdam" }],
    ["a container that is undefined", { ...snapshot, containers: [undefined, box("A")] }],
    ["a list with a hole", { ...snapshot, vessels: new Array(2) }],
    ["a place of a class", { ...snapshot, loadingPort: new (class P {})() }],
  ])("leaves %s to the generic path, with the generic hash", (_name, odd) => {
    const s = odd as unknown as TrackingSnapshot;
    expect(fastCanonicalSnapshotJson(s)).toBeUndefined();
    expect(snapshotHash(s)).toBe(genericHash(s));
  });
});

function generated(random: () => number): TrackingSnapshot {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const maybe = <T>(value: T, absent: unknown = null) => (random() < 0.25 ? absent : value);
  const text = () =>
    pick([
      "Shanghai",
      "Rotterdam",
      'Ōsaka "port"',
      "line\u2028break",
      "😀 emoji",
      "",
      "a\\b",
      "2026-02-26T14:00:00Z",
    ]);
  const time = () =>
    pick([
      "2026-01-21T02:30:00+08:00",
      "2026-02-26T13:00:00Z",
      "2026-02-26T05:00:00.000-08:00",
      "2026-03-01T00:00:00.123456+05:30",
      "not a time",
      "2026-02-30T10:00:00Z",
      "",
    ]);
  const status = () => pick(["ACTUAL", "ESTIMATED", "UNKNOWN"] as const);
  const place = () => maybe({ locode: maybe(pick(["CNSGH", "NLRTM", "JPYOK"])), name: text() }) as never;
  const number = () => pick([null, 0, -0, 1.5, 21000, 1e21, Number.NaN, Number.POSITIVE_INFINITY]);
  const shuffled = <T extends object>(o: T): T => {
    const entries = Object.entries(o).sort(() => random() - 0.5);
    if (random() < 0.2) entries.push(["containerNumber" in o ? "gateInTime" : "vesselVoyage", undefined]);
    return Object.fromEntries(entries) as T;
  };
  const leg = () =>
    shuffled({
      vesselName: maybe(text()),
      imo: maybe("9778791"),
      mmsi: null,
      voyage: maybe("612W"),
      loadingPort: place(),
      dischargingPort: place(),
      departureTime: maybe(time()),
      departureTimeStatus: status(),
      arrivalTime: maybe(time()),
      arrivalTimeStatus: status(),
    });
  const container = () =>
    shuffled({
      containerNumber: pick(["MSKU1234565", "MRKU0000004", "TCLU1234568", "mrku0000004"]),
      sizeType: maybe("40HC"),
      sizeTypeOriginal: maybe("45G1"),
      grossWeightKilograms: number(),
      emptyContainerReleasedToShipperTime: maybe(time()),
      gateInTime: maybe(time()),
      gateOutTime: maybe(time()),
      emptyContainerReturnedFromCustomerTime: maybe(time()),
    });
  const s: Record<string, unknown> = {
    placeOfReceipt: place(),
    loadingPort: place(),
    dischargingPort: place(),
    placeOfDelivery: place(),
    departureTime: maybe(time()),
    departureTimeStatus: status(),
    arrivalTime: maybe(time()),
    arrivalTimeStatus: status(),
    placeOfDeliveryEta: maybe(time()),
    placeOfDeliveryEtaStatus: status(),
    vesselVoyage: maybe(text()),
    containerSizeType: maybe("2x40HC"),
    containerGrossWeightSum: number(),
    vessels: Array.from({ length: Math.floor(random() * 4) }, leg),
    containers: Array.from({ length: Math.floor(random() * 5) }, container),
  };
  if (random() < 0.7) s.cancelled = random() < 0.5;
  if (random() < 0.7) s.delivered = maybe(random() < 0.5, undefined);
  return shuffled(s) as unknown as TrackingSnapshot;
}
