import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, id, timestamptz, updatedAt } from "./columns";
import { contractPeriodEnum, paymentMethodEnum, planEnum, requestStatusEnum } from "./enums";
import { teams } from "./teams";
import { users } from "./users";

/**
 * A plan for a period. Current, upcoming and past are read from startsAt/endsAt against the clock;
 * an end year above AUTO_RENEW_END_YEAR means auto-renewing.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: id(),
    companyId: companyId(),
    plan: planEnum().notNull(),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    maxTrackings: integer().notNull(),
    maxMembers: integer().notNull(),
    contractPeriod: contractPeriodEnum(),
    paymentMethod: paymentMethodEnum().notNull().default("UNKNOWN"),
    /** Shown with the "MC-" prefix, stored without it. */
    quoteNumber: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId, t.startsAt),
    check("contracts_max_trackings_non_negative", sql`${t.maxTrackings} >= 0`),
    check("contracts_max_members_non_negative", sql`${t.maxMembers} >= 0`),
    check("contracts_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The upgrade form as submitted (spec 02 §2), kept for the provider's sales follow-up. */
export const upgradeRequests = pgTable(
  "upgrade_requests",
  {
    id: id(),
    companyId: companyId(),
    requestedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    plan: planEnum().notNull(),
    companyName: text().notNull(),
    companyAddress: text().notNull(),
    companyTel: text().notNull(),
    personInCharge: text().notNull(),
    workEmail: text().notNull(),
    emailForInvoice: text().notNull(),
    quoteNumber: text().notNull(),
    acceptTos: boolean().notNull(),
    paymentMethod: paymentMethodEnum().notNull(),
    contractPeriod: contractPeriodEnum().notNull(),
    desiredStartDate: date({ mode: "string" }).notNull(),
    remarks: text(),
    isApiEnabled: boolean().notNull().default(false),
    maxTrackings: integer().notNull(),
    maxMembers: integer().notNull(),
    status: requestStatusEnum().notNull().default("SUBMITTED"),
    /** The provider's decision (admin CLI): when, by whom, and for a refusal the reason told to the company. */
    decidedAt: timestamptz(),
    decidedBy: text(),
    refusalReason: text(),
    /** The contract an accepted request became (the provider's quoted terms, not the typed ones). */
    contractId: uuid().references(() => contracts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId, t.createdAt),
    index().on(t.status),
    check("upgrade_requests_tos_accepted", sql`${t.acceptTos}`),
    check("upgrade_requests_max_trackings_non_negative", sql`${t.maxTrackings} >= 0`),
    check("upgrade_requests_max_members_non_negative", sql`${t.maxMembers} >= 0`),
  ],
);

/** An Admin's application for API use; approval (company.isApiEnabled) is the provider's. */
export const apiApplicationRequests = pgTable(
  "api_application_requests",
  {
    id: id(),
    companyId: companyId(),
    requestedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    teamId: uuid().references(() => teams.id, { onDelete: "set null" }),
    email: text().notNull(),
    status: requestStatusEnum().notNull().default("SUBMITTED"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt), index().on(t.status)],
);

export type Contract = typeof contracts.$inferSelect;
export type NewContract = typeof contracts.$inferInsert;
export type UpgradeRequest = typeof upgradeRequests.$inferSelect;
export type NewUpgradeRequest = typeof upgradeRequests.$inferInsert;
export type ApiApplicationRequest = typeof apiApplicationRequests.$inferSelect;
export type NewApiApplicationRequest = typeof apiApplicationRequests.$inferInsert;

/**
 * The generic form service's record of a submitted form (spec 02 §7: an upgrade first posts a form
 * submission of type Upgrade; an API application is also posted to the form service).
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: id(),
    companyId: companyId(),
    submittedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.createdAt),
    check("form_submissions_type", sql`${t.type} in ('Upgrade', 'API')`),
  ],
);

/**
 * A card checkout opened with the payment provider for one upgrade request. Completing it (on the
 * return with session_id, or by the provider's webhook, whichever comes first) creates the contract
 * once: `contractId` is set in the same transaction.
 */
export const paymentCheckouts = pgTable(
  "payment_checkouts",
  {
    id: id(),
    companyId: companyId(),
    upgradeRequestId: uuid()
      .notNull()
      .references(() => upgradeRequests.id, { onDelete: "cascade" }),
    providerSessionId: text().notNull().unique(),
    contractId: uuid().references(() => contracts.id, { onDelete: "set null" }),
    completedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** Every payment-provider webhook event handled, by its id: a replayed event is acknowledged and skipped. */
export const paymentEvents = pgTable("payment_events", {
  providerEventId: text().primaryKey(),
  type: text().notNull(),
  companyId: uuid(),
  receivedAt: createdAt(),
});

/**
 * The newest event applied to each provider object (an invoice, a subscription), by the event's
 * own `created` time: Stripe does not deliver in order, so an older event arriving later is
 * recorded but not applied (docs/decisions/0027-stripe-event-order.md).
 */
export const paymentObjectVersions = pgTable("payment_object_versions", {
  objectId: text().primaryKey(),
  lastEventCreatedAt: timestamptz().notNull(),
  lastEventId: text().notNull(),
  updatedAt: updatedAt(),
});

export type FormSubmission = typeof formSubmissions.$inferSelect;
export type PaymentCheckout = typeof paymentCheckouts.$inferSelect;
