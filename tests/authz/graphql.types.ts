import type { Rule } from "./procedures.types";
import type { World } from "./world";

/**
 * Who may call each GraphQL Query and Mutation field. Every root field of the schema must have a
 * case (the GraphQL matrix test enumerates the built schema), in a file per area:
 * tests/authz/graphql.<area>.ts exporting a Record<string, GraphqlCase> keyed "Query.viewer",
 * "Mutation.createShipment", merged in tests/authz/graphql.ts.
 */
export interface GraphqlCase {
  rule: Rule;
  /** The whole operation document, selecting a few scalar fields. */
  query: string;
  /** Variables aimed at the world's company; `self` is the caller's user id, if any. */
  variables?: (world: World, self: string | null) => Record<string, unknown>;
  /** A domain rule that refuses this call although authorization allows it. */
  domainRefusal?: string;
}
