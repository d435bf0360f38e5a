import { sql } from "drizzle-orm";
import { boolean, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, id, timestamptz, updatedAt } from "./columns";
import { companyApprovalStateEnum, contractStatusEnum, roleEnum } from "./enums";

export const companies = pgTable("companies", {
  id: id(),
  companyName: text().notNull(),
  phoneNumber: text().notNull(),
  companyAddress: text(),
  personInCharge: text(),
  workEmail: text().notNull(),
  emailForInvoice: text(),
  approvalState: companyApprovalStateEnum().notNull().default("PENDING"),
  approvedAt: timestamptz(),
  isHeadquarterEnabled: boolean().notNull().default(false),
  isConnectEnabled: boolean().notNull().default(false),
  isApiEnabled: boolean().notNull().default(false),
  isContainerEventEnabled: boolean().notNull().default(false),
  allowTrackingNumDuplication: boolean().notNull().default(false),
  /** The card-payment provider's customer id; the spec's flag is derived from it. */
  paymentCustomerId: text().unique("companies_payment_customer_id_unique"),
  hasPaymentCustomer: boolean().notNull().generatedAlwaysAs(sql`payment_customer_id is not null`),
  /** When the card-payment provider last reported a failed payment not yet settled; null when paid up. */
  paymentFailedAt: timestamptz(),
  contractStatus: contractStatusEnum().notNull().default("IN_TRIAL"),
  /** Lower-case domains without "@": invitations to addresses elsewhere are refused (spec 02 §5). */
  allowedInvitationDomains: text().array().notNull().default(sql`'{}'::text[]`),
  /** When the FREE trial began: set when the company is created (the trial contract starts then). */
  trialStartedAt: timestamptz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The four fixed roles (ids from ROLE_IDS, rows seeded by migration). Display names are per
 * company in company_role_names, falling back to the translated role name.
 */
export const roles = pgTable("roles", {
  id: uuid().primaryKey(),
  role: roleEnum().notNull().unique(),
});

export const companyRoleNames = pgTable(
  "company_role_names",
  {
    id: id(),
    companyId: companyId(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.companyId, t.roleId)],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type RoleRow = typeof roles.$inferSelect;
export type CompanyRoleName = typeof companyRoleNames.$inferSelect;
export type NewCompanyRoleName = typeof companyRoleNames.$inferInsert;
