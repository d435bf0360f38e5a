import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";
import type { ShipmentListItem } from "../../../../shared/schemas/list";
import type { FieldLoader } from "../../../graphql/module";
import { type LegField, legFieldsOf } from "../list/leg-fields";
import type { ShipmentListItemWithLegs } from "../list/list.service";
import { sharedPlaceOf } from "../places";
import type {
  HistoryVesselEntry,
  SharedShipment,
  ShipmentDetail,
  ShipmentHistoryEntry,
} from "../shipments.output";
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

/**
 * The list item's container numbers travel along, for `containers { containerNumber }`, and its
 * legs when the page was read with them (listShipments with `legs`).
 */
type ListHistoryParent = ListHistory & {
  containerNumbers: string[];
  /** The legs with the fields the page was read with (the selection's: legFieldsAsked). */
  vessels?: Partial<HistoryVesselEntry>[];
};

type HistoryParent = ShipmentHistoryEntry | ListHistoryParent;

/** A list page names the same few ports on every row: their Places are shared (sharedPlaceOf). */
function place(p: { locode: string | null; name: string | null } | null) {
  return p ? sharedPlaceOf(p.locode, p.name) : null;
}

function listHistory(item: ShipmentListItem | ShipmentListItemWithLegs): ListHistoryParent | null {
  if (item.latestHistoryId === null) return null;
  const history: ListHistoryParent = {
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
  if ("latestHistoryVessels" in item) history.vessels = item.latestHistoryVessels;
  return history;
}

/** Whether a field asks for nothing but the given subfields (fragments count as asking for more). */
function asksOnly(info: GraphQLResolveInfo, allowed: readonly string[]): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every(
      (s) => s.kind === "Field" && (allowed.includes(s.name.value) || s.name.value === "__typename"),
    ),
  );
}

const legFieldsMemo = new WeakMap<FieldNode, readonly LegField[] | null>();

/**
 * The Vessel fields a shipments_v2 selection asks for under items { latestHistory { vessels } },
 * through fragments and aliases too, or null when it asks for no legs; the page is then read with
 * its legs, those fields alone (listShipments with `legs`), instead of batching them in a statement
 * of their own. @skip/@include are not weighed: reading legs or fields that end up unasked costs a
 * little, and a leg never lacks a field the answer shows. Memoized by the field's node, which
 * mercurius's document cache keeps from one request to the next.
 */
export function legFieldsAsked(info: GraphQLResolveInfo): readonly LegField[] | null {
  const first = info.fieldNodes[0];
  if (!first) return null;
  let known = legFieldsMemo.get(first);
  if (known === undefined) {
    const vessels = selected(info, info.fieldNodes, ["items", "latestHistory", "vessels"]);
    known = vessels.length === 0 ? null : legFieldsOf(fieldNames(info, vessels));
    legFieldsMemo.set(first, known);
  }
  return known;
}

/** The field nodes the path of field names reaches under the given fields, through fragments. */
function selected(
  info: GraphQLResolveInfo,
  fields: readonly FieldNode[],
  path: readonly string[],
): readonly FieldNode[] {
  const [name, ...rest] = path;
  if (name === undefined) return fields;
  const found: FieldNode[] = [];
  collectFields(info, fields, (selection) => {
    if (selection.name.value === name) found.push(selection);
  });
  return found.length > 0 ? selected(info, found, rest) : found;
}

/** The names of the fields selected under the given fields, through fragments. */
function fieldNames(info: GraphQLResolveInfo, fields: readonly FieldNode[]): Set<string> {
  const names = new Set<string>();
  collectFields(info, fields, (selection) => names.add(selection.name.value));
  return names;
}

function collectFields(
  info: GraphQLResolveInfo,
  fields: readonly FieldNode[],
  visit: (f: FieldNode) => void,
) {
  const seen = new Set<string>();
  const collect = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === "Field") visit(selection);
      else if (selection.kind === "InlineFragment") collect(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        collect(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  for (const field of fields) collect(field.selectionSet);
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
