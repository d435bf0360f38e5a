import { action, type ProcedureCase } from "./procedures.types";

/** The webhook procedures' rules for the authorization matrix (see procedures.ts). */
export const WEBHOOK_PROCEDURES: Record<string, ProcedureCase> = {
  "webhooks.settings": { rule: action("apiSettings.view") },
  "webhooks.deliveries": { rule: action("apiSettings.view"), input: () => ({ page: 1 }) },
  // A name that resolves nowhere is accepted at save time: every delivery checks again when it connects.
  "webhooks.updateUrl": {
    rule: action("apiSettings.manage"),
    input: () => ({ webhookUrl: "https://hooks.matrix.example/tracking" }),
  },
  "webhooks.signingSecret": { rule: action("apiSettings.manage") },
  "webhooks.rotateSecret": { rule: action("apiSettings.manage") },
  // The world's Admin has saved no webhook URL.
  "webhooks.sendTestEvent": { rule: action("apiSettings.manage"), domainRefusal: "WEBHOOK_NOT_CONFIGURED" },
  "webhooks.redeliver": {
    rule: action("apiSettings.manage"),
    input: () => ({ deliveryId: "00000000-0000-4000-8000-000000000000" }),
    domainRefusal: "WEBHOOK_DELIVERY_NOT_FOUND",
  },
};
