import type { GraphQLResolveInfo } from "graphql";
import type { ShipmentListItem } from "../../../../shared/schemas/list";
import type { FieldLoader } from "../../../graphql/module";
import { placeOf } from "../places";
import type { SharedShipment, ShipmentDetail, ShipmentHistoryEntry } from "../shipments.output";
import { containersOf, type HistoryHead, historyHeadsOf, vesselsOf } from "./shipments.loaders";

// Shipment.latestHistory and the ShipmentHistory type. A list item already holds its latest
// history's route and times (copied onto the shipment by a trigger, drizzle/0006), so a page asking
// for them reads nothing more; the history's other fields, legs and containers are batched by
// history id across the page, each only when asked for.

/** A latest history as a list item holds it: its id, route and times; the rest is looked up. */
type ListHistory = Pick<
  ShipmentHistoryEntry,
  | "id"
  | "placeOfReceipt"
  | "loadingPort"
  | "dischargingPort"
  | "placeOfDelivery"
  | "departureTime"
  | "departureTimeStatus"
  | "arrivalTime"
  | "arrivalTimeStatus"
  | "placeOfDeliveryEta"
  | "placeOfDeliveryEtaStatus"
  | "vesselVoyage"
>;

/** The list item's container numbers travel along, for `containers { containerNumber }`. */
type ListHistoryParent = ListHistory & { containerNumbers: string[] };

type HistoryParent = ShipmentHistoryEntry | ListHistoryParent;

/**
 * A list page names the same few ports on every row: each (locode, name) is resolved once per
 * process and its Place shared (answers never change one). Bounded, as names come from carriers.
 */
const places = new Map<string, ReturnType<typeof placeOf>>();
const PLACES_KEPT = 10_000;
const part = (value: string | null) => (value === null ? "\u0000" : `=${value}`);

function place(p: { locode: string | null; name: string | null } | null) {
  if (!p) return null;
  const key = `${part(p.locode)}\u0001${part(p.name)}`;
  let found = places.get(key);
  if (found === undefined) {
    if (places.size >= PLACES_KEPT) places.clear();
    found = placeOf(p.locode, p.name);
    places.set(key, found);
  }
  return found;
}

function listHistory(item: ShipmentListItem): ListHistoryParent | null {
  if (item.latestHistoryId === null) return null;
  return {
    id: item.latestHistoryId,
    placeOfReceipt: place(item.placeOfReceipt),
    loadingPort: place(item.loadingPort),
    dischargingPort: place(item.dischargingPort),
    placeOfDelivery: place(item.placeOfDelivery),
    departureTime: item.departureTime,
    departureTimeStatus: item.departureTimeStatus,
    arrivalTime: item.arrivalTime,
    arrivalTimeStatus: item.arrivalTimeStatus,
    placeOfDeliveryEta: item.placeOfDeliveryEta,
    placeOfDeliveryEtaStatus: item.placeOfDeliveryEtaStatus,
    vesselVoyage: item.vesselVoyage,
    containerNumbers: item.containers,
  };
}

/** Whether a field asks for nothing but the given subfields (fragments count as asking for more). */
function asksOnly(info: GraphQLResolveInfo, allowed: readonly string[]): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every(
      (s) => s.kind === "Field" && (allowed.includes(s.name.value) || s.name.value === "__typename"),
    ),
  );
}

/** The detail and the share page carry the whole latest history; a list item its route. */
export function latestHistory(
  parent: ShipmentListItem | ShipmentDetail | SharedShipment,
): HistoryParent | null {
  return "latestHistory" in parent ? parent.latestHistory : listHistory(parent);
}

function headField(field: Exclude<keyof HistoryHead, "id">): FieldLoader<HistoryParent, HistoryHead> {
  return {
    key: (h) => h.id,
    batch: historyHeadsOf,
    known: (h) => (field in h ? h[field as keyof HistoryParent] : undefined),
    missing: null,
    pick: (head) => head[field],
  };
}

export const historyFieldLoaders = {
  ShipmentHistory: {
    status: headField("status"),
    failedReason: headField("failedReason"),
    createdAt: headField("createdAt"),
    containerSizeType: headField("containerSizeType"),
    containerGrossWeightSum: headField("containerGrossWeightSum"),
    vessels: {
      key: (h) => h.id,
      batch: vesselsOf,
      known: (h) => ("vessels" in h ? h.vessels : undefined),
      missing: [],
    } satisfies FieldLoader<HistoryParent, unknown>,
    containers: {
      key: (h) => h.id,
      batch: containersOf,
      // A list item holds its latest history's container numbers (sorted, as containersOf sorts):
      // when nothing else of a container is asked for, they are the answer.
      known: (h, info) => {
        if ("containers" in h) return h.containers;
        if (asksOnly(info, ["containerNumber"]))
          return h.containerNumbers.map((containerNumber) => ({ containerNumber }));
        return undefined;
      },
      missing: [],
    } satisfies FieldLoader<HistoryParent, unknown>,
  },
};
