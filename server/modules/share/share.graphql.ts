import { GuestShipmentsInput } from "../../../shared/schemas/share";
import type { GraphqlModule } from "../../graphql/module";
import { listGuestShipments } from "./share.service";

// The guest home (spec 01 §2, spec 02 §7 "guest shipments list"): the shared shipments of a team the
// signed-in caller is a guest of. The shipment behind one link is Query.shipment(shareToken).

export const shareGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A port as the guest home shows it."
    type GuestPlace {
      "UN/LOCODE of the port."
      locode: String
      "The port's name."
      name: String
    }
    "A container number of the shipment."
    type GuestContainer {
      "The container number (ISO 6346)."
      containerNumber: String!
    }
    "The list columns of a shared shipment's latest carrier data."
    type GuestShipmentHistory {
      "Port of loading."
      loadingPort: GuestPlace
      "Port of discharge."
      dischargingPort: GuestPlace
      "Departure from the port of loading, an instant in UTC."
      departureTime: DateTime
      "Whether departureTime is actual or estimated."
      departureTimeStatus: TimeStatus
      "Arrival at the port of discharge, an instant in UTC."
      arrivalTime: DateTime
      "Whether arrivalTime is actual or estimated."
      arrivalTimeStatus: TimeStatus
      "The vessel's name."
      vesselName: String
      "The voyage number."
      vesselVoyage: String
      "The shipment's containers."
      containers: [GuestContainer!]!
    }
    "A shared shipment on the guest home: open its share page with shareToken."
    type GuestShipment {
      "The shipment's share token (the share page's address is /share/<token>)."
      shareToken: String!
      "The shipment's title, if the owner gave one."
      title: String
      "The booking, B/L or container number."
      trackingNumber: String!
      "The shipping line."
      shippingLine: ShippingLineCode!
      "Whether the owner archived the shipment."
      isArchived: Boolean!
      "The latest carrier data; null before the first fetch."
      latestHistory: GuestShipmentHistory
    }
    "A page of the guest home: at most 500 shipments, not archived first, then by arrival."
    type GuestShipmentList {
      "The shipments."
      items: [GuestShipment!]!
      "Every match, when more than the page holds."
      total: Int!
    }
    extend type Query {
      "The shared shipments of a team the signed-in caller is a guest of; revoked links are not listed."
      guestShipments(
        "A team the caller is a guest of."
        teamId: ID!
        "Words searched for in what the share page shows (title, numbers, ports, vessel); at most 200 characters."
        fullTextQuery: String
      ): GuestShipmentList!
    }
  `,
  resolvers: {
    Query: {
      guestShipments: (_root, args: { teamId?: unknown; fullTextQuery?: unknown }, ctx) =>
        listGuestShipments(
          ctx.service,
          GuestShipmentsInput.parse({ teamId: args.teamId, fullTextQuery: args.fullTextQuery ?? undefined }),
          { ip: ctx.reply.request.ip },
        ),
    },
  },
};
