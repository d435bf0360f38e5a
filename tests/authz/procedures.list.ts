import { action, type ProcedureCase } from "./procedures.types";

const csv = (shipmentId: string) =>
  Buffer.from(`ShipmentId,Title\r\n${shipmentId},Renamed by CSV\r\n`).toString("base64");

/** The list procedures' rules for the authorization matrix (see procedures.ts). */
export const LIST_PROCEDURES: Record<string, ProcedureCase> = {
  "shipments.list": {
    rule: action("shipment.view"),
    input: (w) => ({ teamId: w.teams.A.id, tab: "ALL", searchInputs: [], page: 1, perPage: 100 }),
  },
  "shipments.calendar": {
    rule: action("shipment.view"),
    input: (w) => ({ teamId: w.teams.A.id, tab: "ALL" }),
  },
  "shipments.searchSuggestion": {
    rule: action("shipment.view"),
    input: (w) => ({ field: "trackingNumber", query: "", teamId: w.teams.A.id }),
  },
  "shipments.savedSearches": { rule: action("shipment.view"), input: (w) => ({ teamId: w.teams.A.id }) },
  "shipments.createSavedSearch": {
    rule: action("shipment.view"),
    input: (w) => ({
      teamId: w.teams.A.id,
      name: "Maersk only",
      conditions: [{ field: "shippingLine", operator: "IS", value: "MAERSK" }],
    }),
  },
  "shipments.deleteSavedSearch": {
    rule: action("shipment.view"),
    // Only the owner deletes a saved search; nobody in the world owns this one.
    input: () => ({ id: "7d0f1c1e-6a43-4f2a-9d5e-0a1b2c3d4e5f" }),
    domainRefusal: "NOT_FOUND",
  },
  "shipments.bulkSubscribe": {
    rule: action("shipment.subscribe"),
    input: (w) => ({ shipmentIds: [w.shipment.id] }),
  },
  "shipments.bulkUnsubscribe": {
    rule: action("shipment.subscribe"),
    input: (w) => ({ shipmentIds: [w.shipment.id] }),
  },
  "shipments.bulkArchive": {
    rule: action("shipment.archive"),
    input: (w) => ({ shipmentIds: [w.shipment.id] }),
  },
  "shipments.bulkDelete": {
    rule: action("shipment.delete"),
    input: (w) => ({ shipmentIds: [w.shipment.id] }),
  },
  "shipments.bulkMove": {
    rule: action("shipment.reassignTeam"),
    input: (w) => ({ shipmentIds: [w.shipment.id], teamId: w.teams.B.id }),
  },
  "shipments.bulkUpdateCsv": {
    rule: action("shipment.edit"),
    input: (w) => ({ teamId: w.teams.A.id, fileName: "update.csv", fileBase64: csv(w.shipment.id) }),
  },
};
