import { type GeoProjection, geoDistance, geoGraticule10, geoNaturalEarth1, geoPath } from "d3-geo";
import type { Feature, FeatureCollection, Geometry, LineString, MultiPoint } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import land110m from "world-atlas/land-110m.json";
import type { RoutePoint } from "../../../components/shipment/schedule-model";

// The offline map's geometry (part of the map chunk with d3-geo and world-atlas): a Natural Earth
// projection turned to the route's middle, fitted to the route and the vessel with some sea
// around them, and SVG paths for the sphere, graticule, land and the route.

export const MAP_WIDTH = 800;
export const MAP_HEIGHT = 420;
const PADDING = 36;
/** Degrees of surroundings kept around every point, so one port alone still shows its region. */
const MARGIN_DEGREES = 8;

const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(topology, topology.objects.land);

export interface LonLat {
  longitude: number;
  latitude: number;
}

/** The circular mean of the longitudes: the middle of a Pacific crossing is in the Pacific. */
export function centralLongitude(points: readonly LonLat[]): number {
  if (points.length === 0) return 0;
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += Math.cos((p.longitude * Math.PI) / 180);
    y += Math.sin((p.longitude * Math.PI) / 180);
  }
  if (Math.abs(x) < 1e-9 && Math.abs(y) < 1e-9) return points[0]?.longitude ?? 0;
  return (Math.atan2(y, x) * 180) / Math.PI;
}

const clampLatitude = (value: number) => Math.max(-85, Math.min(85, value));

function fitTarget(points: readonly LonLat[], route: LineString | null): FeatureCollection {
  const margins: [number, number][] = points.flatMap((p) => [
    [p.longitude - MARGIN_DEGREES, clampLatitude(p.latitude - MARGIN_DEGREES)],
    [p.longitude + MARGIN_DEGREES, clampLatitude(p.latitude + MARGIN_DEGREES)],
    [p.longitude - MARGIN_DEGREES, clampLatitude(p.latitude + MARGIN_DEGREES)],
    [p.longitude + MARGIN_DEGREES, clampLatitude(p.latitude - MARGIN_DEGREES)],
  ]);
  const features: Feature<Geometry>[] = [
    {
      type: "Feature",
      properties: {},
      geometry: { type: "MultiPoint", coordinates: margins } satisfies MultiPoint,
    },
  ];
  if (route) features.push({ type: "Feature", properties: {}, geometry: route });
  return { type: "FeatureCollection", features };
}

/**
 * The line to draw: port to port, passing through the vessel on the stretch it is sailing (the one
 * it detours least from). Far-apart ports joined directly could cross a pole or a continent; through
 * the vessel, the line follows the voyage the ship is really on.
 */
export function routeLine(points: readonly LonLat[], vessel: LonLat | null): [number, number][] {
  const line: [number, number][] = points.map((p) => [p.longitude, p.latitude]);
  if (!vessel || line.length < 2) return line;
  const at: [number, number] = [vessel.longitude, vessel.latitude];
  let best = 1;
  let bestDetour = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i += 1) {
    const a = line[i - 1] as [number, number];
    const b = line[i] as [number, number];
    const detour = geoDistance(a, at) + geoDistance(at, b) - geoDistance(a, b);
    if (detour < bestDetour) {
      bestDetour = detour;
      best = i;
    }
  }
  return [...line.slice(0, best), at, ...line.slice(best)];
}

export interface MapDrawing {
  sphere: string;
  graticule: string;
  land: string;
  route: string;
  /** Projected [x, y] of each route point, in order. */
  ports: ([number, number] | null)[];
  vessel: [number, number] | null;
}

/** Everything the SVG draws, in its own coordinates (MAP_WIDTH × MAP_HEIGHT). */
export function drawMap(points: readonly RoutePoint[], vessel: LonLat | null): MapDrawing {
  const all: LonLat[] = vessel ? [...points, vessel] : [...points];
  const route: LineString | null =
    points.length >= 2 ? { type: "LineString", coordinates: routeLine(points, vessel) } : null;
  const projection: GeoProjection = geoNaturalEarth1().rotate([-centralLongitude(all), 0]);
  if (all.length > 0) {
    projection.fitExtent(
      [
        [PADDING, PADDING],
        [MAP_WIDTH - PADDING, MAP_HEIGHT - PADDING],
      ],
      fitTarget(all, route),
    );
  } else {
    projection.fitExtent(
      [
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ],
      { type: "Sphere" },
    );
  }
  projection.clipExtent([
    [0, 0],
    [MAP_WIDTH, MAP_HEIGHT],
  ]);
  const path = geoPath(projection);
  const project = (p: LonLat): [number, number] | null => projection([p.longitude, p.latitude]) ?? null;
  return {
    sphere: path({ type: "Sphere" }) ?? "",
    graticule: path(geoGraticule10()) ?? "",
    land: path(land) ?? "",
    route: route ? (path(route) ?? "") : "",
    ports: points.map(project),
    vessel: vessel ? project(vessel) : null,
  };
}
