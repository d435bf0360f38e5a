// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { RoutePoint } from "../../../components/shipment/schedule-model";
import { centralLongitude, drawMap, MAP_HEIGHT, MAP_WIDTH, routeLine } from "./map-geometry";

const point = (name: string, latitude: number, longitude: number): RoutePoint => ({
  name,
  locode: null,
  latitude,
  longitude,
  kind: "loading",
});

const inside = (xy: [number, number] | null) =>
  xy !== null && xy[0] >= 0 && xy[0] <= MAP_WIDTH && xy[1] >= 0 && xy[1] <= MAP_HEIGHT;

describe("the offline vessel map", () => {
  it("centres a Pacific crossing on the Pacific, not on Greenwich", () => {
    const middle = centralLongitude([
      { latitude: 35.44, longitude: 139.64 },
      { latitude: 33.74, longitude: -118.27 },
    ]);
    expect(Math.abs(middle)).toBeGreaterThan(160);
  });

  it("fits the ports and the vessel inside the drawing, with land and a route", () => {
    const ports = [point("Yokohama", 35.44, 139.64), point("Los Angeles", 33.74, -118.27)];
    const drawing = drawMap(ports, { latitude: 40.2, longitude: 175.5 });
    expect(drawing.ports.every(inside)).toBe(true);
    expect(inside(drawing.vessel)).toBe(true);
    expect(drawing.route.startsWith("M")).toBe(true);
    expect(drawing.land.length).toBeGreaterThan(1000);
    // Yokohama is on the left and Los Angeles on the right: the map does not wrap the long way round.
    expect((drawing.ports[0]?.[0] ?? 0) < (drawing.ports[1]?.[0] ?? 0)).toBe(true);
  });

  it("still draws one port's region, and the world when nothing is known", () => {
    const single = drawMap([point("Busan", 35.1, 129.04)], null);
    expect(single.route).toBe("");
    expect(inside(single.ports[0] ?? null)).toBe(true);
    expect(drawMap([], null).land.length).toBeGreaterThan(1000);
  });

  it("passes the route through the vessel on the stretch it is sailing", () => {
    const ports = [
      point("Ningbo", 29.87, 121.55),
      point("Singapore", 1.26, 103.84),
      point("Buenos Aires", -34.6, -58.37),
    ];
    // South of Madagascar: between Singapore and Buenos Aires, not between Ningbo and Singapore.
    expect(routeLine(ports, { latitude: -28.9, longitude: 38.8 })).toEqual([
      [121.55, 29.87],
      [103.84, 1.26],
      [38.8, -28.9],
      [-58.37, -34.6],
    ]);
    expect(routeLine(ports, null)).toHaveLength(3);
    const vessel = { latitude: -28.9, longitude: 38.8 };
    const through = drawMap(ports, vessel);
    const direct = drawMap(ports, null);
    expect(through.route).not.toBe(direct.route);
    // The drawn line passes the vessel's marker: its projected point is one of the path's vertices.
    const [x, y] = through.vessel ?? [0, 0];
    const round = (v: number) => Math.round(v * 1000) / 1000;
    expect(through.route).toContain(`${round(x)},${round(y)}`);
  });
});
