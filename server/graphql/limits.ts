import { createRequire } from "node:module";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLError as GraphQLErrorType,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationRule,
} from "graphql";
import { CALENDAR_TIMELINE_PAGE_SIZE, LIST_PAGE_SIZE } from "../../shared/constants";
import { requestedOperationName } from "./operation-choice";

// mercurius and graphql-armor load graphql's CommonJS build; an ESM import here would load the
// .mjs build, a second realm whose types and errors the validator refuses ("another realm").
const {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  getNamedType,
  isInterfaceType,
  isObjectType,
}: typeof import("graphql") = createRequire(import.meta.url)("graphql");

// What one GraphQL request may ask for, measured on the real schema (graphql-limits.schema.test.ts):
// a shipments_v2 page asking for every field of Shipment, its comments, activities, histories and
// latest history with every leg, container and place costs about 1,000 at depth 6, and a typical
// list page about 100. The limits admit a few of the former in one document and refuse more, and
// stop a document of thousands of aliases from building a 48 MB answer and stalling the event loop.
// A page's number of items is counted by refuseOversizedLists below, its statements bounded by batching.

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

// The size of a list page. The cost above counts a document's shape, not how many items a list
// answers; shipments_v2 takes up to 100,000 a page (the calendar and timeline, spec 01 §7). Its
// page size comes from a literal or a variable, and validation is cached per document without
// the variables, so this is counted once the variables are known, before anything runs.

/** The argument whose value is a list field's number of items. */
const PAGE_SIZE_ARGUMENT = "perPage";
/** What a page size without the argument is (the list's default page). */
const DEFAULT_PAGE_SIZE = LIST_PAGE_SIZE;

export const GRAPHQL_LIST_LIMITS = {
  /** Items of every sized list of one request together: one calendar's worth. */
  maxListItems: CALENDAR_TIMELINE_PAGE_SIZE,
  /** Each item's selection (scalars 1, objects 2) times its list's size: 100,000 items of 40 fields. */
  maxListCost: CALENDAR_TIMELINE_PAGE_SIZE * 40,
} as const;

/** Thrown by the check; the error formatter answers it as GRAPHQL_QUERY_TOO_COMPLEX. */
export class ListSizeRefusal extends Error {
  readonly statusCode = 400;
  constructor(detail: string) {
    super(detail);
    this.name = "ListSizeRefusal";
  }
}

export function isListSizeRefusal(error: unknown): error is ListSizeRefusal {
  return error instanceof ListSizeRefusal;
}

interface ListMeasure {
  items: number;
  cost: number;
}

function pageSize(field: FieldNode, variables: Record<string, unknown>): number | null {
  const arg = field.arguments?.find((a) => a.name.value === PAGE_SIZE_ARGUMENT);
  if (!arg) return null;
  const value = arg.value;
  const given =
    value.kind === "IntValue"
      ? Number(value.value)
      : value.kind === "Variable"
        ? variables[value.name.value]
        : undefined;
  // A size that is not a positive integer, or is over the largest page, is refused by the field's
  // own validation (with its own message) before that field runs.
  const valid =
    typeof given === "number" &&
    Number.isInteger(given) &&
    given > 0 &&
    given <= GRAPHQL_LIST_LIMITS.maxListItems;
  return valid ? given : DEFAULT_PAGE_SIZE;
}

function measure(
  selections: SelectionSetNode | undefined,
  parent: GraphQLNamedType,
  multiplier: number,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  schema: GraphQLSchema,
  seen: Set<string>,
): ListMeasure {
  const total = { items: 0, cost: 0 };
  if (!selections) return total;
  const add = (m: ListMeasure) => {
    total.items += m.items;
    total.cost += m.cost;
  };
  for (const selection of selections.selections) {
    if (selection.kind === "Field") {
      const def =
        isObjectType(parent) || isInterfaceType(parent)
          ? parent.getFields()[selection.name.value]
          : undefined;
      if (!def) continue;
      const type = getNamedType(def.type);
      const size = pageSize(selection, variables);
      const inner = size === null ? multiplier : multiplier * size;
      if (size !== null) total.items += inner;
      if (!selection.selectionSet) {
        total.cost += multiplier;
        continue;
      }
      total.cost += 2 * multiplier;
      add(measure(selection.selectionSet, type, inner, fragments, variables, schema, seen));
    } else if (selection.kind === "InlineFragment") {
      const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      add(
        measure(selection.selectionSet, condition ?? parent, multiplier, fragments, variables, schema, seen),
      );
    } else {
      const fragment = fragments.get(selection.name.value);
      // A fragment spread within itself is refused by validation; count each once per path.
      if (!fragment || seen.has(fragment.name.value)) continue;
      const condition = schema.getType(fragment.typeCondition.name.value) ?? parent;
      const nested = new Set(seen).add(fragment.name.value);
      add(measure(fragment.selectionSet, condition, multiplier, fragments, variables, schema, nested));
    }
  }
  return total;
}

/**
 * What a document's measure depends on besides its text: its fragments and operations, and the
 * variables that give a page size. Mercurius hands the same parsed document over for every request
 * with the same text, so a page sent again is measured once per operation and page sizes.
 */
interface DocumentSizes {
  fragments: Map<string, FragmentDefinitionNode>;
  operations: OperationDefinitionNode[];
  sizeVariables: string[];
  measured: Map<string, ListMeasure | null>;
}

const documentSizes = new WeakMap<DocumentNode, DocumentSizes>();
/** Measures kept per document (operation and page sizes); past it they start over. */
const MEASURES_KEPT = 64;

function sizesOf(document: DocumentNode): DocumentSizes {
  let sizes = documentSizes.get(document);
  if (sizes) return sizes;
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  const sizeVariables = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === "FragmentSpread") continue;
      if (selection.kind === "Field") {
        const arg = selection.arguments?.find((a) => a.name.value === PAGE_SIZE_ARGUMENT);
        if (arg?.value.kind === "Variable") sizeVariables.add(arg.value.name.value);
      }
      if (selection.selectionSet) collect(selection.selectionSet);
    }
  };
  for (const d of document.definitions) {
    if (d.kind === "FragmentDefinition") fragments.set(d.name.value, d);
    if (d.kind === "OperationDefinition") operations.push(d);
    if (d.kind === "FragmentDefinition" || d.kind === "OperationDefinition") collect(d.selectionSet);
  }
  sizes = { fragments, operations, sizeVariables: [...sizeVariables], measured: new Map() };
  documentSizes.set(document, sizes);
  return sizes;
}

/** A page size variable's part of the measure's key: the size pageSize takes from it. */
function sizeKey(value: unknown): string {
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value > 0 &&
    value <= GRAPHQL_LIST_LIMITS.maxListItems
    ? String(value)
    : "-";
}

/** A mercurius preExecution hook: refuses a request whose sized lists ask for too much. */
export function refuseOversizedLists(
  schema: GraphQLSchema,
  document: DocumentNode,
  context: { reply: { request: { body?: unknown; query?: unknown } } },
  variables: Record<string, unknown> | undefined,
) {
  const sizes = sizesOf(document);
  const { fragments, operations } = sizes;
  const name = requestedOperationName(context.reply.request);
  const given = variables ?? {};
  // The sizes first (digits or "-", a fixed number of them), the operation's name last: no two
  // requests that differ share a key, whatever name a client sends.
  let key = "";
  for (const variable of sizes.sizeVariables) key += `${sizeKey(given[variable])},`;
  key += operations.length === 1 ? "" : typeof name === "string" ? `=${name}` : "-";
  let measured = sizes.measured.get(key);
  if (measured === undefined) {
    const operation =
      operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === name);
    const root = operation ? schema.getRootType(operation.operation) : undefined;
    measured =
      operation && root
        ? measure(operation.selectionSet, root, 1, fragments, given, schema, new Set())
        : null;
    if (sizes.measured.size >= MEASURES_KEPT) sizes.measured.clear();
    sizes.measured.set(key, measured);
  }
  if (!measured) return;
  const { items, cost } = measured;
  if (items > GRAPHQL_LIST_LIMITS.maxListItems) {
    throw new ListSizeRefusal(
      `List items limit of ${GRAPHQL_LIST_LIMITS.maxListItems} exceeded, found ${items}.`,
    );
  }
  if (cost > GRAPHQL_LIST_LIMITS.maxListCost) {
    throw new ListSizeRefusal(
      `List cost limit of ${GRAPHQL_LIST_LIMITS.maxListCost} exceeded, found ${cost}.`,
    );
  }
}
