import {
  CYBERPORT_IMPORT_STATUSES,
  CyberportTeamInput,
  SaveCyberportCredentialsInput,
} from "../../../shared/schemas/cyberport";
import type { Config } from "../../config";
import { describedEnum } from "../../graphql/describe";
import type { GraphqlModule } from "../../graphql/module";
import { appConfig } from "../../graphql/support";
import { cyberportBaseUrl, lazySecretBox } from "./cyberport.config";
import { type CyberportDeps, saveCyberportCredentials, triggerCyberportImport } from "./cyberport.service";

// The port-community (Cyberport) integration of a team (spec 02 §3 the credentials, §7 "register
// credentials; trigger import"). The credentials are write-only: no answer carries them back.

const depsOf = (config: Config): CyberportDeps => ({
  secrets: lazySecretBox(config),
  available: cyberportBaseUrl(config) !== null,
});

export const cyberportGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum(
      "CyberportImportStatus",
      "Where an import from the port-community system stands.",
      CYBERPORT_IMPORT_STATUSES,
      {
        QUEUED: "Waiting for a worker.",
        RUNNING: "Reading the bookings and creating shipments.",
        SUCCEEDED: "Finished; see createdCount and skippedCount.",
        FAILED: "Stopped; errorCode says why (an import lost for over an hour counts as interrupted).",
      },
    )}
    "What the import did with one booking."
    enum CyberportBookingOutcome {
      "A shipment was created for it."
      CREATED
      "It was skipped; code says why."
      SKIPPED
    }
    "One booking of an import."
    type CyberportImportEntry {
      "The booking's id in the port-community system (or its place in the list, #n, when it has none)."
      bookingId: String!
      "The tracking number read from it."
      trackingNumber: String
      "The shipping line read from it."
      shippingLine: ShippingLineCode
      "The kind of number read from it."
      trackingType: TrackingType
      "Created or skipped."
      outcome: CyberportBookingOutcome!
      "The shipment created for it."
      shipmentId: ID
      "Why it was skipped (an error code)."
      code: String
    }
    "One import from the port-community system into a team."
    type CyberportImport {
      "The import's id."
      id: ID!
      "The team the shipments are created in."
      teamId: ID!
      "Where the import stands."
      status: CyberportImportStatus!
      "Shipments created."
      createdCount: Int!
      "Bookings skipped."
      skippedCount: Int!
      "Why the import failed (an error code), when it did."
      errorCode: String
      "Who triggered it."
      requestedByNickname: String
      "What happened to each booking."
      report: [CyberportImportEntry!]!
      "When it was triggered, an instant in UTC."
      createdAt: DateTime!
      "When a worker started it, an instant in UTC."
      startedAt: DateTime
      "When it finished, an instant in UTC."
      finishedAt: DateTime
    }
    "Which of the five credentials are stored (never what they are)."
    type CyberportCredentialsSet {
      "The login username is stored."
      loginUsername: Boolean!
      "The login password is stored."
      loginPassword: Boolean!
      "The app id is stored."
      appId: Boolean!
      "The client id is stored."
      clientId: Boolean!
      "The client secret is stored."
      clientSecret: Boolean!
    }
    "A team's port-community integration as the team page's panel shows it."
    type CyberportState {
      "The team."
      teamId: ID!
      "Whether an Admin switched the integration on for the team."
      enabled: Boolean!
      "Whether this deployment has a port-community endpoint."
      available: Boolean!
      "Which credentials are stored."
      credentialsSet: CyberportCredentialsSet!
      "Whether all five are stored (needed to import)."
      credentialsComplete: Boolean!
      "Whether the viewer may change the credentials and trigger imports (Admins, Managers of the team)."
      canManage: Boolean!
      "Whether the viewer may switch the integration on or off (Admins)."
      canEnable: Boolean!
      "The team's latest imports, newest first."
      lastImports: [CyberportImport!]!
    }
    "The port-community credentials of a team (spec 02 §3 contract names). Blank or omitted keeps what is stored."
    input CyberportCredentialsInput {
      "The login username (at most 200 characters)."
      cyberportLoginUsername: String
      "The login password (at most 200 characters; not trimmed)."
      cyberportLoginPassword: String
      "The app id (at most 200 characters)."
      cyberportAppId: String
      "The client id (at most 200 characters)."
      cyberportClientId: String
      "The client secret (at most 500 characters; not trimmed)."
      cyberportClientSecret: String
    }
    extend type Mutation {
      "Registers the team's port-community credentials, each stored sealed. Admins and Managers of the team; not on an archived team."
      registerCyberportCredentials(
        "The team."
        teamId: ID!
        "The credentials to store."
        input: CyberportCredentialsInput!
      ): CyberportState!
      """
      Starts an import of the team's bookings from the port-community system (one at a time per
      team). Admins and Managers of the team, with the integration on and all five credentials stored.
      """
      triggerCyberportImport(
        "The team."
        teamId: ID!
      ): CyberportImport!
    }
  `,
  resolvers: {
    Mutation: {
      registerCyberportCredentials: (_root, args, ctx) =>
        saveCyberportCredentials(
          ctx.service,
          SaveCyberportCredentialsInput.parse(args),
          depsOf(appConfig(ctx)),
        ),
      triggerCyberportImport: (_root, args, ctx) =>
        triggerCyberportImport(ctx.service, CyberportTeamInput.parse(args), depsOf(appConfig(ctx))),
    },
  },
};
