// Great-circle geometry on a sphere, in nautical miles and degrees.

export interface LatLon {
  lat: number;
  lon: number;
}

export const EARTH_RADIUS_NM = 3440.065;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function distanceNm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial course from a to b, degrees clockwise from true north in [0, 360). */
export function bearingDeg(a: LatLon, b: LatLon): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point a fraction f of the way along the great circle from a to b. */
export function interpolate(a: LatLon, b: LatLon, f: number): LatLon {
  const d = distanceNm(a, b) / EARTH_RADIUS_NM;
  if (d < 1e-9) return { lat: a.lat, lon: a.lon };
  const A = Math.sin((1 - f) * d) / Math.sin(d);
  const B = Math.sin(f * d) / Math.sin(d);
  const [la1, lo1, la2, lo2] = [rad(a.lat), rad(a.lon), rad(b.lat), rad(b.lon)];
  const x = A * Math.cos(la1) * Math.cos(lo1) + B * Math.cos(la2) * Math.cos(lo2);
  const y = A * Math.cos(la1) * Math.sin(lo1) + B * Math.cos(la2) * Math.sin(lo2);
  const z = A * Math.sin(la1) + B * Math.sin(la2);
  return { lat: deg(Math.atan2(z, Math.sqrt(x * x + y * y))), lon: deg(Math.atan2(y, x)) };
}

export function pathLengthNm(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1)
    total += distanceNm(points[i - 1] as LatLon, points[i] as LatLon);
  return total;
}

/** The point `distance` nautical miles along a polyline of great-circle segments, and the course there. */
export function pointAlong(points: readonly LatLon[], distance: number): { point: LatLon; course: number } {
  let left = Math.max(0, distance);
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1] as LatLon;
    const b = points[i] as LatLon;
    const seg = distanceNm(a, b);
    if (left <= seg || i === points.length - 1) {
      const f = seg === 0 ? 1 : Math.min(1, left / seg);
      const point = interpolate(a, b, f);
      const course = f < 1 ? bearingDeg(point, b) : bearingDeg(a, b);
      return { point, course };
    }
    left -= seg;
  }
  const only = points[0] ?? { lat: 0, lon: 0 };
  return { point: only, course: 0 };
}
