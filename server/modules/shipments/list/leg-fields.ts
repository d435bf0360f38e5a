// The fields of a leg (GraphQL's Vessel type) that the list can read along with its page, in the
// order a leg's JSON array sends the ones asked for (list-tuples.queries.ts holds their columns).

export const LEG_FIELDS = [
  "id",
  "sequence",
  "vesselName",
  "imo",
  "mmsi",
  "voyage",
  "loadingPort",
  "dischargingPort",
  "departureTime",
  "departureTimeStatus",
  "arrivalTime",
  "arrivalTimeStatus",
] as const;

export type LegField = (typeof LEG_FIELDS)[number];

/** The fields of `asked` that a leg has, in LEG_FIELDS' order (the order its array sends them). */
export function legFieldsOf(asked: Iterable<string>): LegField[] {
  const set = new Set(asked);
  return LEG_FIELDS.filter((f) => set.has(f));
}
