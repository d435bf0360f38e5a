import { CompleteCheckoutInput, UpgradeRequestInput } from "../../../shared/schemas/upgrade";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { appConfig } from "../../graphql/support";
import { completeCheckout, createBillingPortalUrl, createCheckoutUrl } from "./checkout.service";
import { paymentSettings } from "./payment-provider";
import { submitUpgradeRequest } from "./upgrade.service";

// Upgrading and paying (spec 02 §2 Plan and payment, Upgrade form; §7 the checkout, billing-portal
// and upgrade operations). Admins only, as on the console. Without the card provider configured the
// card operations answer CARD_PAYMENT_NOT_CONFIGURED.

type Args = Record<string, unknown>;

const settings = (ctx: GraphqlContext) => paymentSettings(appConfig(ctx));

/** A written `null` is an omitted optional field for the shared schema. */
const present = (input: unknown): Args =>
  Object.fromEntries(Object.entries((input ?? {}) as Args).filter(([, v]) => v !== null && v !== undefined));

/** The upgrade form's fields, shared by both upgrade inputs. */
const UPGRADE_FIELDS = /* GraphQL */ `
  "The plan asked for: STARTER, STANDARD, PREMIUM or ENTERPRISE (FREE is refused)."
  plan: Plan!
  "The company's name (at most 200 characters); becomes the company's record."
  companyName: String!
  "The company's postal address (at most 500 characters)."
  companyAddress: String!
  "The company's telephone number (at most 50 characters)."
  companyTel: String!
  "The person in charge of the contract (at most 100 characters)."
  personInCharge: String!
  "The company's work e-mail address."
  workEmail: String!
  "Where invoices are e-mailed."
  emailForInvoice: String!
  "The provider's quote number, with or without the 'MC-' prefix."
  quoteNumber: String!
  "Active shipments the contract should allow (1 or more)."
  maxTrackings: Int!
  "Members the contract should allow (1 or more)."
  maxMembers: Int!
  "The desired first day, as YYYY-MM-DD; not in the past."
  desiredStartDate: String!
  "How often the contract is billed."
  contractPeriod: ContractPeriod!
  "Must be true: the terms of service are accepted."
  acceptTos: Boolean!
  "Anything to tell the provider (at most 2000 characters)."
  remarks: String
  "Also apply for API use (not offered, and ignored, for STARTER)."
  isApiEnabled: Boolean
`;

export const plansGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "The upgrade form (spec 02 §2, §5)."
    input UpgradeRequestInput {
      ${UPGRADE_FIELDS}
      "CARD (then createCheckoutUrl) or BANK_TRANSFER (the provider reviews the request); UNKNOWN is refused."
      paymentMethod: PaymentMethod!
    }
    "The upgrade form for payment by bank transfer: the provider reviews the request and sends the contract."
    input UpgradeForBankTransferInput {
      ${UPGRADE_FIELDS}
    }
    "A submitted upgrade request."
    type UpgradeRequestResult {
      "The request's id."
      upgradeRequestId: ID!
      "How the contract is to be paid."
      paymentMethod: PaymentMethod!
      "The company's standing when the request was sent (a request itself changes no contract)."
      contractStatus: ContractStatus!
      "Whether an API application was filed with the request."
      apiApplied: Boolean!
    }
    "An address at the payment provider, opened in a new window or used as a redirect."
    type PaymentProviderUrl {
      "The address (https)."
      url: String!
    }
    "The contract a completed card checkout made."
    type CheckoutCompletion {
      "The contract's plan."
      plan: Plan!
      "The contract's id."
      contractId: ID!
    }
    extend type Mutation {
      """
      Submits the upgrade form: records the request and the company's details, e-mails the
      provider's sales address and the Admin. No contract comes of it: a card request continues with
      createCheckoutUrl, a bank-transfer request waits for the provider. Admins.
      """
      submitUpgradeRequest(
        "The form's fields."
        input: UpgradeRequestInput!
      ): UpgradeRequestResult!
      "submitUpgradeRequest with payment by bank transfer. Admins."
      upgradeForBankTransfer(
        "The form's fields."
        input: UpgradeForBankTransferInput!
      ): UpgradeRequestResult!
      "The payment provider's checkout address for the company's pending card upgrade. Admins."
      createCheckoutUrl: PaymentProviderUrl!
      """
      Completes the checkout after payment (the return from the provider with its session id):
      the card upgrade's contract is made. Repeating it answers the same contract. Admins.
      """
      completeCheckout(
        "The provider's checkout session id (the session_id of the return address)."
        sessionId: String!
      ): CheckoutCompletion!
      "The payment provider's billing portal address for the company's card payments. Admins."
      createBillingPortalUrl: PaymentProviderUrl!
    }
  `,
  resolvers: {
    Mutation: {
      submitUpgradeRequest: (_root, args: Args, ctx) =>
        submitUpgradeRequest(ctx.service, settings(ctx), UpgradeRequestInput.parse(present(args.input))),
      upgradeForBankTransfer: (_root, args: Args, ctx) =>
        submitUpgradeRequest(
          ctx.service,
          settings(ctx),
          UpgradeRequestInput.parse({ ...present(args.input), paymentMethod: "BANK_TRANSFER" }),
        ),
      createCheckoutUrl: (_root, _args, ctx) => createCheckoutUrl(ctx.service, settings(ctx)),
      completeCheckout: (_root, args: Args, ctx) =>
        completeCheckout(ctx.service, settings(ctx), CompleteCheckoutInput.parse(args).sessionId),
      createBillingPortalUrl: (_root, _args, ctx) => createBillingPortalUrl(ctx.service, settings(ctx)),
    },
  },
};
