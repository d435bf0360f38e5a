import { action, type ProcedureCase } from "./procedures.types";

/** The notifications procedures' rules for the authorization matrix (see procedures.ts). */
export const NOTIFICATION_PROCEDURES: Record<string, ProcedureCase> = {
  "notifications.settings": { rule: action("notifications.configureOwn") },
  "notifications.updateSettings": {
    rule: action("notifications.configureOwn"),
    input: () => ({ includesRemarkToEmail: true, minUpdateIntervalHoursEta: -1 }),
  },
  "notifications.applyToExistingShipments": { rule: action("notifications.configureOwn") },
  // The token is the whole authority; an unknown one is refused the same way for everyone.
  "notifications.unsubscribe": {
    rule: { kind: "public" },
    input: () => ({ unsubscribeToken: "not-a-token-anyone-was-given" }),
    domainRefusal: "UNSUBSCRIBE_TOKEN_INVALID",
  },
};
