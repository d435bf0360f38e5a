import { HEADQUARTER_TEAM_ID } from "../../../../shared/enums";
import { translate } from "../../../../shared/i18n";
import { ApiShipmentsV2Input, ShipmentsV2Input } from "../../../../shared/schemas/list";
import { SearchSuggestionInput } from "../../../../shared/schemas/search";
import {
  CreateCommentInput,
  CreateShipmentInput,
  ShipmentIdInput,
  UpdateShipmentInput,
} from "../../../../shared/schemas/shipments";
import type { FieldLoader, GraphqlContext, GraphqlModule } from "../../../graphql/module";
import { createFavorite, deleteFavorite, subscribe, unsubscribe } from "../collaboration.service";
import { createComment, markAllCommentsAsRead } from "../comments.service";
import { createShipment } from "../create.service";
import { listShipments } from "../list/list.service";
import { searchSuggestions } from "../list/search-suggestion.service";
import { deleteShipment, getShipment } from "../shipments.service";
import { requestRefresh, updateShipmentPosition } from "../tracking-requests.service";
import { updateShipment } from "../update.service";
import {
  activityFieldResolvers,
  shipmentFieldLoaders,
  shipmentFieldResolvers,
  shipmentNestedResolvers,
} from "./shipments.graphql.fields";
import { historyFieldLoaders, latestHistory, legFieldsAsked } from "./shipments.graphql.history";
import { shipmentOperationsTypeDefs } from "./shipments.graphql.operations.sdl";
import { searchValueScalar } from "./shipments.graphql.scalars";
import { shipmentsTypeDefs } from "./shipments.graphql.sdl";
import { teamShipmentCountsOf } from "./team-counts.loaders";

// The shipments operations of the API (spec 01 §7). Each resolver maps its arguments onto the
// shared zod schema and calls the service function the console's tRPC procedure calls.

type Args = Record<string, unknown>;

/** GraphQL sends an omitted optional argument as absent and a written `null` as null; zod's optionals take neither null. */
function present(args: Args): Args {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
}

/** In an update, null clears a text or a date; on the fields that cannot be cleared it means "unchanged". */
const NOT_CLEARABLE = new Set(["shippingLine", "trackingType", "trackingNumber", "isArchived", "teamId"]);
function updateFields(input: Args): Args {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => !(v === null && NOT_CLEARABLE.has(k))));
}

/** teamId null, absent or HEADQUARTER: the headquarters view. */
const teamOrHeadquarters = (teamId: unknown) =>
  teamId === undefined || teamId === null || teamId === HEADQUARTER_TEAM_ID ? null : teamId;

const onShipment = (args: Args) => ShipmentIdInput.parse({ shipmentId: args.shipmentId }).shipmentId;

/** The failing check's filters as a list tab: favorites, archived, ongoing, or every tab. */
function tabOf(args: Args) {
  if (args.isFavorite === true) return "FAVORITES";
  if (args.isArchived === true) return "ARCHIVED";
  if (args.isArchived === false) return "ONGOING";
  return "ALL";
}

export const shipmentsGraphql: GraphqlModule = {
  typeDefs: shipmentsTypeDefs + shipmentOperationsTypeDefs,
  resolvers: {
    // Type resolvers take their own parent types, which mercurius's IResolvers cannot express.
    ...({
      SearchValue: searchValueScalar,
      Shipment: { ...shipmentFieldResolvers, ...shipmentNestedResolvers, latestHistory },
      ShipmentActivity: activityFieldResolvers,
      CreatedShipment: {
        shipment: (created: { id: string }, _args: Args, ctx: GraphqlContext) =>
          getShipment(ctx.service, created.id),
      },
    } as GraphqlModule["resolvers"]),
    Query: {
      // Query.shipment answers by id or by share token, so it lives in share.graphql.ts, which sits
      // above this module (server/modules/README.md).
      shipments_v2: (_root, args: Args, ctx, info) => {
        const input = ApiShipmentsV2Input.parse({
          ...present(args),
          teamId: teamOrHeadquarters(args.teamId),
        });
        // A page showing its latest histories' legs reads them with its rows (the fields it shows):
        // one statement, not two.
        return listShipments(ctx.service, input, "api", { legs: legFieldsAsked(info) ?? false });
      },
      shipments: async (_root, args: Args, ctx) => {
        const input = ShipmentsV2Input.parse({
          teamId: teamOrHeadquarters(args.teamIdForSearch),
          tab: tabOf(args),
          searchInputs: [{ field: "isFailing", operator: "IS", value: true }],
          ...(args.searchTerm == null ? {} : { fullTextQuery: args.searchTerm }),
        });
        return (await listShipments(ctx.service, input)).items;
      },
      shipmentSearchSuggestion: (_root, args: Args, ctx) =>
        searchSuggestions(
          ctx.service,
          SearchSuggestionInput.parse({
            field: args.field,
            query: args.query ?? "",
            teamId: teamOrHeadquarters(args.teamId),
          }),
        ),
    },
    Mutation: {
      createShipment: async (_root, args: Args, ctx) => {
        const input = CreateShipmentInput.parse({ teamId: args.teamId, input: present(args.input as Args) });
        const created = await createShipment(ctx.service, input);
        return {
          id: created.id,
          warnings: created.warnings.map((key) => ({
            code: key.slice("tracking.warnings.".length),
            message: translate(ctx.service.lang, key),
          })),
        };
      },
      updateShipment: (_root, args: Args, ctx) =>
        updateShipment(
          ctx.service,
          UpdateShipmentInput.parse({ shipmentId: args.shipmentId, input: updateFields(args.input as Args) }),
        ),
      deleteShipment: (_root, args: Args, ctx) => deleteShipment(ctx.service, onShipment(args)),
      updateAis: (_root, args: Args, ctx) =>
        updateShipmentPosition(ctx.service, { shipmentId: onShipment(args) }),
      runShipmentScrapingManually: (_root, args: Args, ctx) =>
        requestRefresh(ctx.service, { shipmentId: onShipment(args) }),
      subscribe: (_root, args: Args, ctx) => subscribe(ctx.service, onShipment(args)),
      unsubscribe: (_root, args: Args, ctx) => unsubscribe(ctx.service, onShipment(args)),
      createFavorite: (_root, args: Args, ctx) => createFavorite(ctx.service, onShipment(args)),
      deleteFavorite: (_root, args: Args, ctx) => deleteFavorite(ctx.service, onShipment(args)),
      createComment: (_root, args: Args, ctx) =>
        createComment(
          ctx.service,
          CreateCommentInput.parse({
            shipmentId: args.shipmentId,
            content: (args.input as Args | null)?.content,
          }),
        ),
      markAllCommentsAsRead: (_root, args: Args, ctx) => markAllCommentsAsRead(ctx.service, onShipment(args)),
    },
  },
  loaders: {
    ...shipmentFieldLoaders,
    ...historyFieldLoaders,
    // The Team type is teams'; its shipment count is this module's (teams sits below shipments).
    Team: {
      shipmentCount: {
        key: (team) => team.id,
        batch: teamShipmentCountsOf,
        missing: null,
      } satisfies FieldLoader<{ id: string }, number>,
    },
  },
};
