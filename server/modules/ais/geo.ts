// Great-circle distance on a spherical earth (haversine). Good to about 0.5% against the
// ellipsoid, well inside the error of a speed-over-ground projection.

export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean earth radius (IUGG), kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_NAUTICAL_MILE = 1.852;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function greatCircleKm(from: LatLon, to: LatLon, radiusKm: number = EARTH_RADIUS_KM): number {
  const dLat = radians(to.lat - from.lat);
  const dLon = radians(to.lon - from.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * radiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function greatCircleNauticalMiles(from: LatLon, to: LatLon): number {
  return greatCircleKm(from, to) / KM_PER_NAUTICAL_MILE;
}

/**
 * When a vessel at `from` reaches `to` holding `sogKnots`, counted from when the position was
 * taken. Ships do not sail great circles through land, so this is a lower bound the carrier's ETA
 * is shown beside, never a replacement for it.
 */
export function predictArrival(from: LatLon, to: LatLon, sogKnots: number, reportedAt: Date): Date {
  const hours = greatCircleNauticalMiles(from, to) / sogKnots;
  return new Date(reportedAt.getTime() + Math.round(hours * 3_600_000));
}
