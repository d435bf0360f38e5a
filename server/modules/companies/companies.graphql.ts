import { CONTRACT_PERIODS, CONTRACT_STATUSES, PAYMENT_METHODS, PLANS, ROLES } from "../../../shared/enums";
import type { ContractSummary } from "../../../shared/plan-standing";
import { UpdateCompanySettingsInput } from "../../../shared/schemas/company";
import { describedEnum, sdlString } from "../../graphql/describe";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { appConfig, fieldsOf, once, roleView } from "../../graphql/support";
import { paymentSettings } from "../plans/payment-provider";
import type { ContractView } from "../plans/plans.internal";
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
const membersPage = (what: string) =>
  sdlString(
    `${what} Admins and Managers (the Company and members page); null with an error for other roles.`,
  );
const billing = (what: string) =>
  sdlString(`${what} Admins (Plan and Payment); null with an error for other roles.`);

/** A contract's quote and payment details: the Plan and Payment page's, so Admins only. */
async function billingDetail(contract: ContractParent, ctx: GraphqlContext) {
  const overview = await once(ctx.service, "billing", () =>
    getPlansOverview(ctx.service, paymentSettings(appConfig(ctx))),
  );
  const found = overview.contracts.find((c) => c.id === contract.id);
  return found ?? null;
}

type ContractParent = ContractSummary & Partial<Pick<ContractView, "paymentMethod" | "quoteNumber">>;

export const companiesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum("Plan", "A plan of the product (spec 02 §9 limits and features).", PLANS, {
      FREE: "The 30-day trial every new company starts on.",
      STARTER: "The smallest paid plan; no API.",
      STANDARD: "The standard paid plan.",
      PREMIUM: "Adds the headquarters view and the Manager and Operator rights.",
      ENTERPRISE: "Premium's features with terms agreed with the provider.",
    })}
    ${describedEnum(
      "ContractStatus",
      "The company's standing, as computed from its contracts and the clock (UTC).",
      CONTRACT_STATUSES,
      {
        IN_TRIAL: "A FREE trial contract is in force.",
        CHURN: "No contract is in force and none starts later: the trial or the last paid contract ended.",
        WAITING_CONTRACT: "An accepted upgrade waits for its start date; nothing paid is in force yet.",
        ACTIVE: "A paid contract is in force.",
      },
    )}
    ${describedEnum("ContractPeriod", "How often a paid contract is billed.", CONTRACT_PERIODS, {
      YEARLY: "Billed once a year.",
      MONTHLY: "Billed every month.",
    })}
    ${describedEnum("PaymentMethod", "How a contract is paid.", PAYMENT_METHODS, {
      UNKNOWN: "Not recorded (older contracts and the FREE trial).",
      CARD: "By card through the payment provider (Stripe).",
      BANK_TRANSFER: "By bank transfer against the provider's invoice.",
    })}
    "Where a contract stands against the current instant (UTC)."
    enum ContractPhase {
      "Starts later."
      UPCOMING
      "Covers now (start inclusive, end exclusive)."
      CURRENT
      "Has ended."
      PAST
    }
    """
    One of the company's contracts. Its terms (plan, phase, dates, limits, period) are readable by
    every member of the company; its payment method and quote number are the Plan and Payment
    page's details and are shown to Admins only.
    """
    type Contract {
      "The contract's id."
      id: ID!
      "The plan the contract grants."
      plan: Plan!
      "Upcoming, current or past at the time of the request."
      phase: ContractPhase!
      "Current and running until terminated ('Current (auto update)', an end year after 3000)."
      isAutoRenewing: Boolean!
      "When the contract starts (inclusive), an instant in UTC."
      startsAt: DateTime!
      "When the contract ends (exclusive), an instant in UTC; 9999-12-31 for one running until terminated."
      endsAt: DateTime!
      "How many active (not archived) shipments the company may track under this contract."
      maxTrackings: Int!
      "How many members the company may have under this contract."
      maxMembers: Int!
      "Billing period of a paid contract; null for the FREE trial."
      contractPeriod: ContractPeriod
      "How the contract is paid. Admins only; null with an error for other roles."
      paymentMethod: PaymentMethod
      "The provider's quote number, with the 'MC-' prefix; null when there is none. Admins only; null with an error for other roles."
      quoteNumber: String
    }
    "The viewer's company (spec 02 §3). Fields say who may read them; a field refused answers null with its error."
    type Company {
      "The company's id."
      id: ID!
      "The company's name."
      companyName: String!
      "The company's standing (trial, active, waiting for a contract, churned)."
      contractStatus: ContractStatus!
      "Whether the console is open: a contract covers now or starts later, or a paid contract ended (read-only)."
      canAccessConsole: Boolean!
      "Whether the provider approved the company; nothing but the viewer is answered before."
      isApproved: Boolean!
      "The plan in force: the current contract's plan, FREE when none is current."
      plan: Plan!
      "End of the FREE trial in force (UTC); null when no trial is in force."
      trialEndsAt: DateTime
      "Whole days left in the FREE trial (rounded up); null when no trial is in force."
      trialDaysLeft: Int
      "Whether the headquarters view (every team's shipments) is switched on (PREMIUM and ENTERPRISE)."
      isHeadquarterEnabled: Boolean!
      "Whether the connect feature (guests, attachments, share-page uploads) is on."
      isConnectEnabled: Boolean!
      "Whether the provider approved the company's API use."
      isApiEnabled: Boolean!
      "Whether container events are tracked for the company."
      isContainerEventEnabled: Boolean!
      ${membersPage("The company's telephone number.")}
      phoneNumber: String
      ${membersPage("The company's work e-mail address.")}
      workEmail: String
      "Whether a tracking number may be registered twice. Admins and Managers; null with an error for other roles."
      allowTrackingNumDuplication: Boolean
      ${billing("The company's postal address, as the upgrade form gave it.")}
      companyAddress: String
      ${billing("The person in charge of the contract.")}
      personInCharge: String
      ${billing("Where invoices are e-mailed.")}
      emailForInvoice: String
      "Whether a card-payment customer record exists at the payment provider. Admins (Plan and Payment); null with an error for other roles."
      hasPaymentCustomer: Boolean
      "Every contract: upcoming first (soonest first), then current, then past (latest first). Admins (Plan and Payment); null with an error for other roles."
      contracts: [Contract!]
      """
      The contract in force: the one whose plan and limits apply (a paid contract wins over an
      overlapping FREE trial; among equals the latest start). Null when none is current. Every member.
      """
      currentContract: Contract
      "The next contract to start; null when none. Every member."
      upcomingContract: Contract
      "Active (not archived) shipments, as counted against the contract's tracking limit. Every member."
      shipmentCount: Int
      "The four fixed roles (ids per spec 02 §3) with their names in the request's language."
      roles: [Role!]!
    }
    "The company settings an Admin changes; an omitted field is left as it is."
    input UpdateCompanySettingsInput {
      "Whether a tracking number may be registered twice."
      allowTrackingNumDuplication: Boolean
      "Switch the headquarters view on or off; PREMIUM and ENTERPRISE only."
      isHeadquarterEnabled: Boolean
    }
    "The company settings after a change."
    type CompanySettings {
      "Whether a tracking number may be registered twice."
      allowTrackingNumDuplication: Boolean!
      "Whether the headquarters view is switched on."
      isHeadquarterEnabled: Boolean!
    }
    extend type Mutation {
      "Changes the company settings. Admins."
      updateCompanySettings(
        "The settings to change."
        input: UpdateCompanySettingsInput!
      ): CompanySettings!
      "Deletes the company and all its data; FREE plan only, Admins. Its people keep their accounts."
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
      // The standing's own picks (viewer.service), so the contract shown is the one enforced.
      currentContract: (company) => company.currentContract,
      upcomingContract: (company) => company.upcomingContract,
      shipmentCount: async (_company, _args, ctx) => (await getTrackingCount(ctx.service)).active,
      roles: async (_company, _args, ctx) => ROLES.map((role) => roleView(ctx.service, role)),
    }),
    Contract: fieldsOf<ContractParent>({
      paymentMethod: async (contract, _args, ctx) =>
        contract.paymentMethod !== undefined
          ? contract.paymentMethod
          : ((await billingDetail(contract, ctx))?.paymentMethod ?? null),
      quoteNumber: async (contract, _args, ctx) =>
        contract.quoteNumber !== undefined
          ? contract.quoteNumber
          : ((await billingDetail(contract, ctx))?.quoteNumber ?? null),
    }),
  },
};
