import { describe, expect, it } from "vitest";
import { TestClock } from "../../../core/clock";
import type { AisMessage } from "../ais.types";
import { ClockedPositionSource, type SimulatedVesselPosition } from "./simulated-source";

/** A stub of the simulator's positionAt: one vessel sailing east at 18 knots, 0.01° a minute. */
function stubVoyage(clock: TestClock) {
  const start = clock.now().getTime();
  const asked: string[] = [];
  const positionsAt = (at: Date): SimulatedVesselPosition[] => {
    asked.push(at.toISOString());
    const minutes = (at.getTime() - start) / 60_000;
    return [
      {
        mmsi: 538000900,
        imo: 9134270,
        shipName: "EVER DIADEM",
        lat: 35,
        lon: 140 + minutes * 0.01,
        sog: 18,
        cog: 90,
      },
    ];
  };
  return { positionsAt, asked };
}

describe("the clocked position source (the simulator's seam)", () => {
  it("asks for positions every interval of clock time and hands them on as decoded messages", async () => {
    const clock = new TestClock("2026-03-01T00:00:30Z");
    const { positionsAt, asked } = stubVoyage(clock);
    const messages: AisMessage[] = [];
    const source = new ClockedPositionSource({ clock, intervalMs: 60_000, positionsAt, pollMs: 60_000 });
    await source.start((m) => messages.push(m));
    try {
      expect(messages).toEqual([
        expect.objectContaining({ type: 5, mmsi: 538000900, imo: 9134270, shipName: "EVER DIADEM" }),
        {
          type: 1,
          mmsi: 538000900,
          lat: 35,
          lon: 140,
          sog: 18,
          cog: 90,
          heading: null,
          accuracy: false,
          timestamp: 30,
          navStatus: 0,
          rot: null,
        },
      ]);
      clock.advance(59_000);
      expect(await source.tick()).toBe(0);
      clock.advance(1_000);
      expect(await source.tick()).toBe(1);
      expect(messages.slice(2)).toEqual([expect.objectContaining({ type: 1, lon: 140.01 })]); // no second static
      expect(asked).toEqual(["2026-03-01T00:00:30.000Z", "2026-03-01T00:01:30.000Z"]);
    } finally {
      await source.stop();
    }
    clock.advance(120_000);
    expect(await source.tick()).toBe(0);
  });

  it("looks at the clock on its own timer", async () => {
    const clock = new TestClock();
    const { positionsAt } = stubVoyage(clock);
    const messages: AisMessage[] = [];
    const source = new ClockedPositionSource({ clock, intervalMs: 10_000, positionsAt, pollMs: 10 });
    await source.start((m) => messages.push(m));
    try {
      clock.advance(10_000);
      await expect.poll(() => messages.filter((m) => m.type === 1).length, { timeout: 5000 }).toBe(2);
    } finally {
      await source.stop();
    }
  });

  it("keeps going when the position function fails", async () => {
    const clock = new TestClock();
    let fail = true;
    const source = new ClockedPositionSource({
      clock,
      intervalMs: 1000,
      pollMs: 60_000,
      positionsAt: () => {
        if (fail) throw new Error("simulator down");
        return [{ mmsi: 1, lat: 0, lon: 0, sog: 0, cog: 0 }];
      },
    });
    const messages: AisMessage[] = [];
    await source.start((m) => messages.push(m));
    fail = false;
    clock.advance(1000);
    expect(await source.tick()).toBe(1);
    expect(messages).toEqual([expect.objectContaining({ type: 1, mmsi: 1, navStatus: 1 })]);
    await source.stop();
  });
});
