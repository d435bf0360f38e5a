import { ADMIN_OPERATIONS } from "./graphql.admin";
import { API_GRAPHQL } from "./graphql.api";
import { SPEC_OPERATIONS } from "./graphql.operations";
import { SHIPMENT_OPERATIONS } from "./graphql.shipments";
import type { GraphqlCase } from "./graphql.types";

export type { GraphqlCase } from "./graphql.types";

/**
 * Who may call each GraphQL Query and Mutation field; every root field of the built schema must be
 * listed (tests/authz/graphql-matrix.test.ts fails otherwise). An area adds its file with one line.
 */
export const GRAPHQL_OPERATIONS: Record<string, GraphqlCase> = {
  "Query._version": { rule: { kind: "public" }, query: "{ _version }" },
  "Query.shippingLines": { rule: { kind: "public" }, query: "{ shippingLines { code label } }" },
  ...ADMIN_OPERATIONS,
  ...API_GRAPHQL,
  ...SHIPMENT_OPERATIONS,
  ...SPEC_OPERATIONS,
};
