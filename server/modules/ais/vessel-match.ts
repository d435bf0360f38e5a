import { normalizeImo, normalizeMmsi, normalizeVesselName } from "./vessel-identity";

// Which AIS station (MMSI) is the vessel a carrier names. The carrier's MMSI is taken as given; an
// IMO number goes through what the vessel's own static messages said; a name is the last resort
// and only when it points at one vessel, since names repeat across fleets.

export interface CarrierVessel {
  mmsi: string | null;
  imo: string | null;
  vesselName: string | null;
}

export interface KnownAisVessel {
  mmsi: string;
  imo: string | null;
  normalizedName: string | null;
  updatedAt: Date;
}

export class AisVesselDirectory {
  readonly #byImo = new Map<string, KnownAisVessel[]>();
  readonly #byName = new Map<string, KnownAisVessel[]>();

  constructor(vessels: KnownAisVessel[]) {
    const newestFirst = [...vessels].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    for (const vessel of newestFirst) {
      if (vessel.imo) this.#byImo.set(vessel.imo, [...(this.#byImo.get(vessel.imo) ?? []), vessel]);
      if (vessel.normalizedName) {
        this.#byName.set(vessel.normalizedName, [...(this.#byName.get(vessel.normalizedName) ?? []), vessel]);
      }
    }
  }

  /** The MMSI to follow for this vessel, or null when unknown or ambiguous. */
  mmsiFor(vessel: CarrierVessel): string | null {
    const mmsi = normalizeMmsi(vessel.mmsi);
    if (mmsi) return mmsi;
    const imo = normalizeImo(vessel.imo);
    // A vessel that changed flag has a new MMSI under the same IMO: the newest wins.
    const byImo = imo ? this.#byImo.get(imo)?.[0] : undefined;
    if (byImo) return byImo.mmsi;
    const name = normalizeVesselName(vessel.vesselName);
    if (!name) return null;
    // A namesake with another IMO number is another ship.
    const candidates = (this.#byName.get(name) ?? []).filter((c) => !imo || !c.imo || c.imo === imo);
    const ships = new Set(candidates.map((c) => c.imo ?? `mmsi:${c.mmsi}`));
    return ships.size === 1 ? (candidates[0]?.mmsi ?? null) : null;
  }
}

/** The keys to look vessels up by, in their normal forms. */
export function lookupKeys(vessels: CarrierVessel[]) {
  const imos = new Set<string>();
  const names = new Set<string>();
  for (const v of vessels) {
    if (normalizeMmsi(v.mmsi)) continue;
    const imo = normalizeImo(v.imo);
    if (imo) imos.add(imo);
    const name = normalizeVesselName(v.vesselName);
    if (name) names.add(name);
  }
  return { imos: [...imos], names: [...names] };
}
