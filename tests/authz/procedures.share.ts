import { action, type ProcedureCase } from "./procedures.types";

const onShipment = (w: { shipment: { id: string } }) => ({ shipmentId: w.shipment.id });

/** The share page, the guest home and share-link management (see procedures.ts). */
export const SHARE_PROCEDURES: Record<string, ProcedureCase> = {
  // The link is the permission: anyone holding it, signed in or not, sees the public shape.
  "share.shipment": { rule: { kind: "public" }, input: (w) => ({ shareToken: w.shipment.shareToken }) },
  // Any signed-in person may ask; only guests of the team get its list. The world's members are
  // members, not guests, of team A, so they are told the team is not found.
  "share.guestShipments": {
    rule: { kind: "signedIn" },
    input: (w) => ({ teamId: w.teams.A.id }),
    domainRefusal: "TEAM_NOT_FOUND",
  },
  "share.revokeToken": { rule: action("shipment.edit"), input: onShipment },
  "share.regenerateToken": { rule: action("shipment.edit"), input: onShipment },
};
