import { createRequire } from "node:module";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import type { GraphQLError as GraphQLErrorType, ValidationRule } from "graphql";

// mercurius and graphql-armor load graphql's CommonJS build; an ESM import here would load the
// .mjs build, a second realm whose types and errors the validator refuses ("another realm").
const { GraphQLError, NoSchemaIntrospectionCustomRule }: typeof import("graphql") = createRequire(
  import.meta.url,
)("graphql");

// What one GraphQL request may ask for, measured on the real schema (graphql-limits.schema.test.ts):
// a shipments_v2 page asking for every field of Shipment, its comments, activities, histories and
// latest history with every leg, container and place costs about 1,000 at depth 6, and a typical
// list page about 100. The limits admit a few of the former in one document and refuse more, and
// stop a document of thousands of aliases from building a 48 MB answer and stalling the event loop.
// The size of a page is bounded by its own argument (perPage ≤ 100) and its statements by batching.

export const GRAPHQL_LIMITS = {
  /** Lexer tokens per document; the parser stops counting (and parsing) past it. */
  maxTokens: 2000,
  maxAliases: 15,
  maxDepth: 8,
  /** graphql-armor's cost: objects 2, scalars 1, each level's children weighing 1.5 times more (its defaults). */
  maxCost: 3000,
} as const;

/** Marks an error as a limit refusal, so the formatter answers GRAPHQL_QUERY_TOO_COMPLEX. */
export const LIMIT_EXTENSION = "limitExceeded";

function reportLimit(
  context: { reportError(error: GraphQLErrorType): void } | null,
  error: GraphQLErrorType,
) {
  // graphql-armor prefixes its messages "Syntax Error: "; these are not syntax errors.
  const message = error.message.replace(/^Syntax Error: /, "");
  context?.reportError(new GraphQLError(message, { extensions: { [LIMIT_EXTENSION]: true } }));
}

// Reported through the validation context rather than thrown, so every refusal answers the same
// way as any other validation error (400, cached by mercurius as a known-bad document).
const armor = () => ({ exposeLimits: true, propagateOnRejection: false, onReject: [reportLimit] });

export function graphqlValidationRules(options: { introspection: boolean }): ValidationRule[] {
  const rules = [
    maxAliasesRule({ ...armor(), n: GRAPHQL_LIMITS.maxAliases }),
    maxDepthRule({ ...armor(), n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true }),
    costLimitRule({ ...armor(), maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true }),
  ] as unknown as ValidationRule[];
  return options.introspection ? rules : [...rules, NoSchemaIntrospectionCustomRule];
}

/** graphql-js's own token limit; its message is recognised by the formatter. */
export const graphqlParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens } as const;

export function isTokenLimitError(message: string): boolean {
  return /^Syntax Error: Document contains more th(?:an|at) \d+ tokens/.test(message);
}
