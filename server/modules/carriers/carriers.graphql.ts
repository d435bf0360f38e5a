import type { GraphqlModule } from "../../graphql/module";
import { listShippingLines } from "./carriers.service";

export const carriersGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A shipping line the product tracks."
    type ShippingLine {
      "The line's code (a ShippingLineCode value)."
      code: String!
      "The line's name as shown."
      label: String!
      "Whether tracking on this line is in beta."
      beta: Boolean!
    }
    extend type Query {
      "The fixed list of shipping lines (reference data; anyone may ask)."
      shippingLines: [ShippingLine!]!
    }
  `,
  resolvers: {
    Query: {
      shippingLines: (_root, _args, ctx) => listShippingLines(ctx.service),
    },
  },
};
