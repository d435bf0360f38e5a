import { action, type ProcedureCase } from "./procedures.types";

/** The API settings procedures' rules for the authorization matrix (see procedures.ts). */
export const API_PROCEDURES: Record<string, ProcedureCase> = {
  "apiSettings.keyStatus": { rule: action("apiSettings.view") },
  "apiSettings.key": { rule: action("apiSettings.view") },
  // The world's PREMIUM company has not been approved for the API by the provider.
  "apiSettings.generateKey": { rule: action("apiSettings.manage"), domainRefusal: "API_NOT_APPROVED" },
  // Revoking stays possible whatever the plan: it only ever stops a key.
  "apiSettings.revokeKey": { rule: action("apiSettings.view") },
};
