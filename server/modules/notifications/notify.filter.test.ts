import { describe, expect, it } from "vitest";
import { type ChangeRecord, changesFor, passesThreshold, type SubscriberPreferences } from "./notify.filter";

const eta = (from: string, to: string): ChangeRecord => ({
  id: "c",
  kind: "ETA",
  oldValue: { time: from, status: "ESTIMATED" },
  newValue: { time: to, status: "ESTIMATED" },
});

const prefs: SubscriberPreferences = {
  minUpdateIntervalHoursEtd: 3,
  minUpdateIntervalHoursEta: 3,
  minUpdateIntervalHoursPlaceOfDeliveryEta: 3,
  transhipNotificationBehavior: "ALL",
};
const context = {
  legs: 2,
  zones: { ETD: "Asia/Tokyo", ETA: "America/Los_Angeles", PLACE_OF_DELIVERY_ETA: null },
};

describe("thresholds", () => {
  it("N hours: at least N, either direction", () => {
    expect(passesThreshold(eta("2026-02-15T16:00:00Z", "2026-02-15T18:59:00Z"), 3, null)).toBe(false);
    expect(passesThreshold(eta("2026-02-15T16:00:00Z", "2026-02-15T19:00:00Z"), 3, null)).toBe(true);
    expect(passesThreshold(eta("2026-02-15T16:00:00Z", "2026-02-15T13:00:00Z"), 3, null)).toBe(true);
  });
  it("-1: the date at the port, not in UTC", () => {
    // 23:00 to 01:00 UTC is the same afternoon in Los Angeles.
    const change = eta("2026-02-15T23:00:00Z", "2026-02-16T01:00:00Z");
    expect(passesThreshold(change, -1, "America/Los_Angeles")).toBe(false);
    expect(passesThreshold(change, -1, null)).toBe(true);
  });
  it("a time that appears or disappears always counts", () => {
    const appeared: ChangeRecord = { ...eta("x", "2026-02-15T16:00:00Z"), oldValue: { time: null } };
    expect(passesThreshold(appeared, -1, null)).toBe(true);
    expect(passesThreshold(appeared, 48, null)).toBe(true);
  });
});

describe("tranship behaviour", () => {
  const vessel = (from: string[], to: string[]): ChangeRecord => ({
    id: "v",
    kind: "VESSEL",
    oldValue: { vessels: from.map((vesselName) => ({ vesselName, voyage: "1" })) },
    newValue: { vessels: to.map((vesselName) => ({ vesselName, voyage: "1" })) },
  });
  const etd = { ...eta("2026-02-01T00:00:00Z", "2026-02-03T00:00:00Z"), kind: "ETD" as const };
  const transhipment = (leg: number): ChangeRecord => ({
    id: "t",
    kind: "TRANSHIPMENT",
    oldValue: null,
    newValue: { leg },
  });
  const last = { ...prefs, transhipNotificationBehavior: "ONLY_LAST_VESSEL" as const };

  it("ONLY_LAST_VESSEL drops the first legs' vessel, departure and transhipments", () => {
    const changes = [vessel(["A", "M"], ["B", "M"]), etd, transhipment(0), transhipment(1)];
    expect(changesFor(changes, last, context).map((c) => c.kind)).toEqual(["TRANSHIPMENT"]);
    expect(changesFor(changes, prefs, context)).toHaveLength(4);
  });
  it("keeps the departure when there is one vessel", () => {
    expect(changesFor([etd], last, { ...context, legs: 1 })).toHaveLength(1);
  });
  it("leaves arrival and delivery to the completion e-mail", () => {
    const arrival: ChangeRecord = { id: "a", kind: "ARRIVAL", oldValue: null, newValue: null };
    expect(changesFor([arrival], prefs, context)).toEqual([]);
  });
});
