import { action, type ProcedureCase } from "./procedures.types";

/** The plans procedures' rules for the authorization matrix (see procedures.ts). */
export const PLAN_PROCEDURES: Record<string, ProcedureCase> = {
  "plans.overview": { rule: action("company.billing") },
  "plans.upgradeDefaults": { rule: action("company.upgrade") },
  "plans.submitUpgradeRequest": {
    rule: action("company.upgrade"),
    input: () => ({
      plan: "ENTERPRISE",
      companyName: "World",
      companyAddress: "1-1 Marunouchi, Tokyo",
      companyTel: "+81 3 0000 0000",
      personInCharge: "Aoi Sato",
      workEmail: "aoi@world.example",
      emailForInvoice: "billing@world.example",
      quoteNumber: "2026-001",
      maxTrackings: 500,
      maxMembers: 20,
      desiredStartDate: "2027-01-01",
      contractPeriod: "YEARLY",
      paymentMethod: "BANK_TRANSFER",
      acceptTos: true,
    }),
    // The world's company is already on a current PREMIUM contract.
    domainRefusal: "UPGRADE_ALREADY_CONTRACTED",
  },
  // The matrix runs without Stripe settings: the card path says it is not configured.
  "plans.createCheckoutUrl": {
    rule: action("company.billing"),
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  "plans.completeCheckout": {
    rule: action("company.billing"),
    input: () => ({ sessionId: "cs_test_world" }),
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  "plans.createBillingPortalUrl": {
    rule: action("company.billing"),
    domainRefusal: "CARD_PAYMENT_NOT_CONFIGURED",
  },
  "plans.apiApplication": { rule: action("apiSettings.view") },
};
