import { placeName, type ShipmentHistoryEntry } from "./types";

// The History tab's rows: per fetch, the values people follow (ETD, ETA, vessels, ports) and
// which of them differ from the previous successful fetch. Pure, so it is unit-tested.

export type HistoryColumn =
  | "departure"
  | "arrival"
  | "vessels"
  | "loadingPort"
  | "dischargingPort"
  | "delivery";

export interface HistoryRow {
  entry: ShipmentHistoryEntry;
  first: boolean;
  changed: Record<HistoryColumn, boolean>;
}

/** "ONE APUS 012E → MSC ANNA 221W": every leg's vessel and voyage, in order. */
export function vesselsText(entry: ShipmentHistoryEntry): string {
  const legs = [...entry.vessels].sort((a, b) => a.sequence - b.sequence);
  if (legs.length === 0) return entry.vesselVoyage ?? "";
  return legs
    .map((leg) => [leg.vesselName, leg.voyage].filter(Boolean).join(" "))
    .filter((text) => text !== "")
    .join(" → ");
}

function values(entry: ShipmentHistoryEntry): Record<HistoryColumn, string> {
  return {
    departure: `${entry.departureTime ?? ""}|${entry.departureTimeStatus ?? ""}`,
    arrival: `${entry.arrivalTime ?? ""}|${entry.arrivalTimeStatus ?? ""}`,
    vessels: vesselsText(entry),
    loadingPort: placeName(entry.loadingPort),
    dischargingPort: placeName(entry.dischargingPort),
    delivery: `${placeName(entry.placeOfDelivery)}|${entry.placeOfDeliveryEta ?? ""}`,
  };
}

const NOTHING_CHANGED: Record<HistoryColumn, boolean> = {
  departure: false,
  arrival: false,
  vessels: false,
  loadingPort: false,
  dischargingPort: false,
  delivery: false,
};

/** Oldest first; a failed fetch is its own row and is not compared with. */
export function historyRows(entries: readonly ShipmentHistoryEntry[]): HistoryRow[] {
  const sorted = [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let previous: Record<HistoryColumn, string> | null = null;
  return sorted.map((entry) => {
    if (entry.status !== "success") return { entry, first: false, changed: NOTHING_CHANGED };
    const current = values(entry);
    const before: Record<HistoryColumn, string> | null = previous;
    previous = current;
    if (!before) return { entry, first: true, changed: NOTHING_CHANGED };
    const changed = { ...NOTHING_CHANGED };
    for (const column of Object.keys(changed) as HistoryColumn[])
      changed[column] = current[column] !== before[column];
    return { entry, first: false, changed };
  });
}
