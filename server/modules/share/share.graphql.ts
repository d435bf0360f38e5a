import { GuestShipmentsInput } from "../../../shared/schemas/share";
import { ShareTokenInput, ShipmentIdInput } from "../../../shared/schemas/shipments";
import { AppError } from "../../core/app-error";
import type { GraphqlModule } from "../../graphql/module";
import { asSharedParent } from "../shipments/graphql/shipments.graphql.fields";
import { getShipment } from "../shipments/shipments.service";
import { getSharedShipment, listGuestShipments } from "./share.service";

// The guest home (spec 01 §2, spec 02 §7 "guest shipments list"): the shared shipments of a team the
// signed-in caller is a guest of. The shipment behind one link is Query.shipment(shareToken): its
// field is declared with the Shipment type (shipments' SDL), and resolved here because it answers by
// id through the shipments service too, and share sits above shipments (server/modules/README.md).

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
      shipment: async (_root, args: { id?: unknown; shareToken?: unknown }, ctx) => {
        if ((args.id == null) === (args.shareToken == null)) throw new AppError("VALIDATION_FAILED");
        if (args.id != null)
          return getShipment(ctx.service, ShipmentIdInput.parse({ shipmentId: args.id }).shipmentId);
        const { shareToken } = ShareTokenInput.parse({ shareToken: args.shareToken });
        const shared = await getSharedShipment(ctx.service, { shareToken }, { ip: ctx.reply.request.ip });
        return asSharedParent(shared);
      },
      guestShipments: (_root, args: { teamId?: unknown; fullTextQuery?: unknown }, ctx) =>
        listGuestShipments(
          ctx.service,
          GuestShipmentsInput.parse({ teamId: args.teamId, fullTextQuery: args.fullTextQuery ?? undefined }),
          { ip: ctx.reply.request.ip },
        ),
    },
  },
};
