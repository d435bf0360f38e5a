import tzLookup from "@photostructure/tz-lookup";
import { seaport } from "../carriers/ports";
import type { Place } from "./shipments.output";

// A stored place (the carrier's UN/LOCODE and name) as the console shows it: coordinates from the
// seaport table, and the port's IANA time zone so times can also be shown in the port's local time.

const zones = new Map<string, string | null>();

function timeZoneAt(latitude: number, longitude: number): string | null {
  const key = `${latitude},${longitude}`;
  if (zones.has(key)) return zones.get(key) ?? null;
  let zone: string | null;
  try {
    zone = tzLookup(latitude, longitude);
  } catch {
    // Coordinates outside the valid range: the place is still shown, without a local time.
    zone = null;
  }
  zones.set(key, zone);
  return zone;
}

export function placeOf(locode: string | null, name: string | null): Place | null {
  if (!locode && !name) return null;
  const port = locode ? seaport(locode) : undefined;
  if (!port)
    return {
      locode: locode ? locode.toUpperCase() : null,
      name: name ?? locode,
      latitude: null,
      longitude: null,
      timeZone: null,
    };
  return {
    locode: port.locode,
    name: name ?? port.name,
    latitude: port.lat,
    longitude: port.lon,
    timeZone: timeZoneAt(port.lat, port.lon),
  };
}

/** Places kept by sharedPlaceOf; past it they start over (names come from carriers). */
const SHARED_PLACES_KEPT = 10_000;
const sharedPlaces = new Map<string | null, Map<string | null, Place | null>>();
let sharedPlaceCount = 0;

/**
 * placeOf for answers that only read the Place they get (the list's legs, the API's list
 * histories): a page names the same few ports on every row, so each (locode, name) is resolved
 * once per process and its Place, frozen, shared by every answer that names it.
 */
export function sharedPlaceOf(locode: string | null, name: string | null): Place | null {
  let byName = sharedPlaces.get(locode);
  const found = byName?.get(name);
  if (found !== undefined) return found;
  if (sharedPlaceCount >= SHARED_PLACES_KEPT) {
    sharedPlaces.clear();
    sharedPlaceCount = 0;
    byName = undefined;
  }
  if (!byName) {
    byName = new Map();
    sharedPlaces.set(locode, byName);
  }
  const place = placeOf(locode, name);
  const shared = place && Object.freeze(place);
  byName.set(name, shared);
  sharedPlaceCount += 1;
  return shared;
}
