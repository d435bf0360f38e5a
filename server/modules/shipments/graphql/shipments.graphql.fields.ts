import { activityMessage } from "../../../../shared/activities";
import { translate } from "../../../../shared/i18n";
import type { ShipmentListItem } from "../../../../shared/schemas/list";
import { AppError } from "../../../core/app-error";
import type { FieldLoader, GraphqlContext } from "../../../graphql/module";
import type { SharedShipment, ShipmentActivity, ShipmentDetail } from "../shipments.output";
import {
  activitiesOf,
  commentsOf,
  historiesOf,
  ownersOf,
  positionsOf,
  type ShipmentPositionParts,
  teamsOf,
} from "./shipments.loaders";

// The Shipment type's fields over the three answers a Shipment comes from: a list item
// (shipments_v2), the detail (shipment(id), updateShipment) and the share page (shipment(shareToken)).
// What an answer lacks is read through a request-wide batch (shipments.loaders), so the nested
// fields of a 100-item page cost one statement each, not one per item.

export type ShipmentParent = ShipmentListItem | ShipmentDetail | SharedShipment;

/** Answers of the share service, marked when they are handed to GraphQL. */
const sharedParents = new WeakSet<object>();

export function asSharedParent(shipment: SharedShipment): ShipmentParent {
  sharedParents.add(shipment);
  return shipment;
}

/** Through a share link only what the share page shows may be read (see the Shipment type's text). */
export function memberOnly(parent: ShipmentParent): asserts parent is ShipmentListItem | ShipmentDetail {
  if (sharedParents.has(parent)) throw new AppError("PERMISSION_DENIED");
}

const isDetail = (p: ShipmentParent): p is ShipmentDetail => "viewerCan" in p;
const isShared = (p: ShipmentParent): p is SharedShipment => sharedParents.has(p);

/** Fields every answer carries under the same name, but a share link may not read. */
const MEMBER_ONLY_FIELDS = [
  "id",
  "remark",
  "failedReason",
  "queueStatus",
  "createdAt",
  "customField1",
  "customField2",
  "customField3",
  "hasUnreadCommentForViewer",
  "isFavoriteForViewer",
  "isNotificationEnabledForViewer",
] as const;

function memberField(field: (typeof MEMBER_ONLY_FIELDS)[number]) {
  return (parent: ShipmentParent) => {
    memberOnly(parent);
    return parent[field];
  };
}

export const shipmentFieldResolvers = {
  ...Object.fromEntries(MEMBER_ONLY_FIELDS.map((f) => [f, memberField(f)])),
  isFavorite: (parent: ShipmentParent) => {
    memberOnly(parent);
    return parent.isFavoriteForViewer;
  },
};

function positionField(
  field: keyof ShipmentPositionParts,
): FieldLoader<ShipmentParent, ShipmentPositionParts> {
  return {
    key: (p) => ("id" in p ? p.id : null),
    batch: positionsOf,
    known: (p) => {
      if (field === "shareToken" && isShared(p)) return p.shareToken;
      memberOnly(p);
      return isDetail(p) ? (p[field] as never) : undefined;
    },
    missing: null,
    pick: (v) => v[field],
  };
}

/** A list of the shipment's records: member-only, keyed by the shipment. */
function recordsField<V>(batch: FieldLoader<ShipmentParent, V[]>["batch"]): FieldLoader<ShipmentParent, V[]> {
  return {
    key: (p) => ("id" in p ? p.id : null),
    batch,
    known: (p) => {
      memberOnly(p);
      return undefined;
    },
    missing: [],
  };
}

type TeamParts = Awaited<ReturnType<typeof teamsOf>> extends Map<string, infer T> ? T : never;
type OwnerParts = Awaited<ReturnType<typeof ownersOf>> extends Map<string, infer O> ? O : never;

/** A shipment's owner as the list carries it (no e-mail), with the shipment to look the e-mail up by. */
interface OwnerParent {
  id: string;
  nickname: string;
  color: string;
  email?: string;
  shipmentId?: string;
}

/** A shipment's team: the detail's is whole; the list's holds its id and name only. */
type TeamParent = Partial<TeamParts["team"]> & { id: string; name: string };

export const shipmentNestedResolvers = {
  // Nothing to read for what the list already holds: `owner { nickname }` and `team { name }`
  // cost no statement; their other fields are batched (ShipmentOwner.email, ShipmentTeam).
  owner: (p: ShipmentParent): OwnerParent | null => {
    memberOnly(p);
    if (isDetail(p)) return p.owner;
    return p.owner ? { ...p.owner, shipmentId: p.id } : null;
  },
  team: (p: ShipmentParent): TeamParent => {
    memberOnly(p);
    return isDetail(p) ? p.team : { id: p.teamId, name: p.teamName };
  },
};

function teamField(
  field: Exclude<keyof TeamParts["team"], "id" | "name">,
): FieldLoader<TeamParent, TeamParts> {
  return {
    key: (t) => t.id,
    batch: teamsOf,
    known: (t) => t[field],
    missing: null,
    pick: (v) => v.team[field],
  };
}

export const shipmentFieldLoaders = {
  Shipment: {
    aisUpdatedAt: positionField("aisUpdatedAt"),
    latitude: positionField("latitude"),
    longitude: positionField("longitude"),
    predictedArrivalAt: positionField("predictedArrivalAt"),
    shareToken: positionField("shareToken"),
    teamPublicSettings: {
      key: (p) => ("teamId" in p ? p.teamId : null),
      batch: teamsOf,
      known: (p) => ("teamPublicSettings" in p ? p.teamPublicSettings : undefined),
      missing: null,
      pick: (v) => v.teamPublicSettings,
    } satisfies FieldLoader<ShipmentParent, TeamParts>,
    comments: recordsField(commentsOf),
    shipmentActivities: recordsField(activitiesOf),
    shipmentHistories: recordsField(historiesOf),
  },
  ShipmentOwner: {
    email: {
      key: (o) => o.shipmentId ?? null,
      batch: ownersOf,
      known: (o) => o.email,
      missing: null,
      pick: (v) => v.email,
    } satisfies FieldLoader<OwnerParent, OwnerParts>,
  },
  ShipmentTeam: {
    customField1Name: teamField("customField1Name"),
    customField2Name: teamField("customField2Name"),
    customField3Name: teamField("customField3Name"),
    customField1Enabled: teamField("customField1Enabled"),
    customField2Enabled: teamField("customField2Enabled"),
    customField3Enabled: teamField("customField3Enabled"),
  },
};

export const activityFieldResolvers = {
  content: (activity: ShipmentActivity, _args: unknown, ctx: GraphqlContext) => {
    const message = activityMessage(activity.kind, activity.params);
    return translate(ctx.service.lang, message.key, message.params);
  },
};
