import type { GraphqlCase } from "./graphql.types";
import { action } from "./procedures.types";
import type { World } from "./world";

const onShipment = (w: World) => ({ shipmentId: w.shipment.id });
const shipmentMutation = (field: string, selection: string) =>
  `mutation($shipmentId: ID!) { ${field}(shipmentId: $shipmentId) { ${selection} } }`;

/**
 * The shipments operations (spec 01 §7): the same rules as the shipments and tracking procedures in
 * procedures.shipments.ts, procedures.list.ts and procedures.ts, since each calls the same service.
 * shipment(shareToken:) is open to anyone holding the link; its refusals are in
 * tests/graphql/shipments.queries.test.ts.
 */
export const SHIPMENT_OPERATIONS: Record<string, GraphqlCase> = {
  "Query.shipment": {
    rule: action("shipment.view"),
    query: "query($id: ID) { shipment(id: $id) { id title trackingNumber latestHistory { id } } }",
    variables: (w) => ({ id: w.shipment.id }),
  },
  "Query.shipments_v2": {
    rule: action("shipment.view"),
    query: `query($teamId: ID) { shipments_v2(teamId: $teamId, tab: ALL) {
      items { id title owner { nickname } latestHistory { vessels { vesselName } } } pagination { total } } }`,
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Query.shipments": {
    rule: action("shipment.view"),
    query: "query($teamId: ID) { shipments(teamIdForSearch: $teamId) { id isFailing } }",
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Query.shipmentSearchSuggestion": {
    rule: action("shipment.view"),
    query: `query($teamId: ID) { shipmentSearchSuggestion(field: trackingNumber, query: "", teamId: $teamId) { value } }`,
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.createShipment": {
    rule: action("shipment.create"),
    query: `mutation($teamId: ID!) { createShipment(teamId: $teamId, input: {
      trackingNumber: "MATRIX000001", shippingLine: MAERSK, trackingType: BOOKING_NUMBER }) { id } }`,
    variables: (w) => ({ teamId: w.teams.A.id }),
  },
  "Mutation.updateShipment": {
    rule: action("shipment.edit"),
    query: `mutation($shipmentId: ID!) { updateShipment(shipmentId: $shipmentId, input: { title: "Renamed" }) { id title } }`,
    variables: onShipment,
  },
  "Mutation.deleteShipment": {
    rule: action("shipment.delete"),
    query: shipmentMutation("deleteShipment", "id"),
    variables: onShipment,
  },
  "Mutation.updateAis": {
    rule: action("shipment.view"),
    query: shipmentMutation("updateAis", "shipmentId latitude"),
    variables: onShipment,
  },
  "Mutation.runShipmentScrapingManually": {
    rule: action("shipment.refresh"),
    query: shipmentMutation("runShipmentScrapingManually", "shipmentId queued"),
    variables: onShipment,
  },
  "Mutation.subscribe": {
    rule: action("shipment.subscribe"),
    query: shipmentMutation("subscribe", "shipmentId isNotificationEnabledForViewer"),
    variables: onShipment,
  },
  "Mutation.unsubscribe": {
    rule: action("shipment.subscribe"),
    query: shipmentMutation("unsubscribe", "shipmentId isNotificationEnabledForViewer"),
    variables: onShipment,
  },
  "Mutation.createFavorite": {
    rule: action("shipment.favorite"),
    query: shipmentMutation("createFavorite", "shipmentId isFavoriteForViewer"),
    variables: onShipment,
  },
  "Mutation.deleteFavorite": {
    rule: action("shipment.favorite"),
    query: shipmentMutation("deleteFavorite", "shipmentId isFavoriteForViewer"),
    variables: onShipment,
  },
  "Mutation.createComment": {
    rule: action("shipment.comment"),
    query: `mutation($shipmentId: ID!) { createComment(shipmentId: $shipmentId, input: { content: "Is the vessel on time?" }) { id content } }`,
    variables: onShipment,
  },
  "Mutation.markAllCommentsAsRead": {
    rule: action("shipment.view"),
    query: shipmentMutation("markAllCommentsAsRead", "shipmentId hasUnreadCommentForViewer"),
    variables: onShipment,
  },
};
