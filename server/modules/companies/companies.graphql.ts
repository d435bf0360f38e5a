import { CONTRACT_PERIODS, CONTRACT_STATUSES, PAYMENT_METHODS, PLANS, ROLES } from "../../../shared/enums";
import { UpdateCompanySettingsInput } from "../../../shared/schemas/company";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { appConfig, fieldsOf, once, roleView } from "../auth/graphql-support";
import { paymentSettings } from "../plans/payment-provider";
import { getPlansOverview } from "../plans/plans.service";
import { getTrackingCount } from "../shipments/shipments.service";
import { deleteCompany, getCompanySettings, updateCompanySettings } from "./settings.service";
import type { ViewerCompany } from "./viewer.service";

// The viewer's company (spec 02 §3 Company) and its settings mutations (spec 02 §7). The parent is
// the viewer's answer; other fields come from the service of the page that shows them, so each
// is open to exactly whom that page is open: the members page's details to Admins and Managers,
// billing details and contracts to Admins. A field refused answers null with its error.

const settingsOf = (company: ViewerCompany, ctx: GraphqlContext) =>
  once(company, "settings", () => getCompanySettings(ctx.service));

const billingOf = (company: ViewerCompany, ctx: GraphqlContext) =>
  once(company, "billing", () => getPlansOverview(ctx.service, paymentSettings(appConfig(ctx))));

// Field descriptions for API customers: who may read the field.
const MEMBERS_PAGE = `"Admins and Managers (the Company and members page); null with an error for other roles."`;
const BILLING = `"Admins (Plan and Payment); null with an error for other roles."`;

export const companiesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    enum Plan {
      ${PLANS.join("\n")}
    }
    enum ContractStatus {
      ${CONTRACT_STATUSES.join("\n")}
    }
    enum ContractPeriod {
      ${CONTRACT_PERIODS.join("\n")}
    }
    enum PaymentMethod {
      ${PAYMENT_METHODS.join("\n")}
    }
    enum ContractPhase {
      UPCOMING
      CURRENT
      PAST
    }
    type Contract {
      id: ID!
      plan: Plan!
      phase: ContractPhase!
      "Current and running until terminated ('Current (auto update)')."
      isAutoRenewing: Boolean!
      startsAt: DateTime!
      endsAt: DateTime!
      maxTrackings: Int!
      maxMembers: Int!
      contractPeriod: ContractPeriod
      paymentMethod: PaymentMethod!
      "With the 'MC-' prefix."
      quoteNumber: String
    }
    type Company {
      id: ID!
      companyName: String!
      contractStatus: ContractStatus!
      canAccessConsole: Boolean!
      isApproved: Boolean!
      plan: Plan!
      trialEndsAt: DateTime
      trialDaysLeft: Int
      isHeadquarterEnabled: Boolean!
      isConnectEnabled: Boolean!
      isApiEnabled: Boolean!
      isContainerEventEnabled: Boolean!
      ${MEMBERS_PAGE}
      phoneNumber: String
      ${MEMBERS_PAGE}
      workEmail: String
      ${MEMBERS_PAGE}
      allowTrackingNumDuplication: Boolean
      ${BILLING}
      companyAddress: String
      ${BILLING}
      personInCharge: String
      ${BILLING}
      emailForInvoice: String
      ${BILLING}
      hasPaymentCustomer: Boolean
      ${BILLING}
      contracts: [Contract!]
      ${BILLING}
      currentContract: Contract
      ${BILLING}
      upcomingContract: Contract
      "Active shipments, as counted against the contract's tracking limit."
      shipmentCount: Int
      "The four fixed roles (ids per spec 02 §3) with their names in the request's language."
      roles: [Role!]!
    }
    input UpdateCompanySettingsInput {
      allowTrackingNumDuplication: Boolean
      "PREMIUM and ENTERPRISE only."
      isHeadquarterEnabled: Boolean
    }
    type CompanySettings {
      allowTrackingNumDuplication: Boolean!
      isHeadquarterEnabled: Boolean!
    }
    extend type Mutation {
      updateCompanySettings(input: UpdateCompanySettingsInput!): CompanySettings!
      "Deletes the company and all its data; FREE plan only. Its people keep their accounts."
      deleteCompany: Boolean!
    }
  `,
  resolvers: {
    Mutation: {
      updateCompanySettings: (_root, args: { input: unknown }, ctx) =>
        updateCompanySettings(ctx.service, UpdateCompanySettingsInput.parse(args.input)),
      deleteCompany: async (_root, _args, ctx) => (await deleteCompany(ctx.service)).ok,
    },
    Company: fieldsOf<ViewerCompany>({
      phoneNumber: async (company, _args, ctx) => (await settingsOf(company, ctx)).phoneNumber,
      workEmail: async (company, _args, ctx) => (await settingsOf(company, ctx)).workEmail,
      allowTrackingNumDuplication: async (company, _args, ctx) =>
        (await settingsOf(company, ctx)).allowTrackingNumDuplication,
      companyAddress: async (company, _args, ctx) => (await billingOf(company, ctx)).company.companyAddress,
      personInCharge: async (company, _args, ctx) => (await billingOf(company, ctx)).company.personInCharge,
      emailForInvoice: async (company, _args, ctx) => (await billingOf(company, ctx)).company.emailForInvoice,
      hasPaymentCustomer: async (company, _args, ctx) =>
        (await billingOf(company, ctx)).company.hasPaymentCustomer,
      contracts: async (company, _args, ctx) => (await billingOf(company, ctx)).contracts,
      currentContract: async (company, _args, ctx) =>
        (await billingOf(company, ctx)).contracts.find((c) => c.phase === "CURRENT") ?? null,
      upcomingContract: async (company, _args, ctx) => (await billingOf(company, ctx)).upcomingContract,
      shipmentCount: async (_company, _args, ctx) => (await getTrackingCount(ctx.service)).active,
      roles: async (_company, _args, ctx) => ROLES.map((role) => roleView(ctx.service, role)),
    }),
  },
};
