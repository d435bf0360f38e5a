import { describe, expect, it } from "vitest";
import { computeDelays, localDate } from "./delays";

const base = {
  departureTime: null,
  arrivalTime: null,
  initialEtd: null,
  initialEta: null,
  requestedEtd: null,
  requestedEta: null,
};

describe("delay days", () => {
  it("counts arrival and departure against the initial schedule in whole days, late positive", () => {
    const delays = computeDelays({
      ...base,
      departureTime: "2026-02-03T10:00:00+09:00",
      arrivalTime: "2026-02-14T20:00:00Z",
      initialEtd: new Date("2026-02-01T01:00:00Z"),
      initialEta: new Date("2026-02-10T08:00:00Z"),
    });
    expect(delays.etdDelayDays).toBe(2);
    // 4.5 days rounds to the nearest whole day.
    expect(delays.delayDays).toBe(5);
  });

  it("is negative when early and zero, not minus zero, when on time within hours", () => {
    const delays = computeDelays({
      ...base,
      arrivalTime: "2026-02-08T08:00:00Z",
      departureTime: "2026-02-01T03:00:00Z",
      initialEta: new Date("2026-02-10T08:00:00Z"),
      initialEtd: new Date("2026-02-01T01:00:00Z"),
    });
    expect(delays.delayDays).toBe(-2);
    expect(Object.is(delays.etdDelayDays, 0)).toBe(true);
  });

  it("compares requested dates with the date at the port, as the carrier wrote it", () => {
    // 02:00 in Tokyo on the 12th is still the 11th in UTC; the port's date is what the customer means.
    const delays = computeDelays({
      ...base,
      arrivalTime: "2026-03-12T02:00:00+09:00",
      departureTime: "2026-03-01T23:30:00-05:00",
      requestedEta: "2026-03-10",
      requestedEtd: "2026-03-02",
    });
    expect(delays.requestedEtaDelayDays).toBe(2);
    expect(delays.requestedEtdDelayDays).toBe(-1);
  });

  it("is null when either side is unknown", () => {
    expect(computeDelays({ ...base, arrivalTime: "2026-03-12T02:00:00Z" })).toEqual({
      delayDays: null,
      etdDelayDays: null,
      requestedEtaDelayDays: null,
      requestedEtdDelayDays: null,
    });
  });

  it("reads a stored instant's date in UTC", () => {
    expect(localDate(new Date("2026-03-11T17:00:00Z"))).toBe("2026-03-11");
    expect(localDate("2026-03-12T02:00:00+09:00")).toBe("2026-03-12");
  });
});
