import type { GraphqlModule } from "../../graphql/module";
import { listShippingLines } from "./carriers.service";

export const carriersGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type ShippingLine {
      code: String!
      label: String!
      beta: Boolean!
    }
    extend type Query {
      shippingLines: [ShippingLine!]!
    }
  `,
  resolvers: {
    Query: {
      shippingLines: (_root, _args, ctx) => listShippingLines(ctx.service),
    },
  },
};
