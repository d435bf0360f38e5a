import type { DocumentNode } from "graphql";
import { findControlCharacters } from "../../shared/schemas/control-characters";
import type { GraphqlContext } from "./module";

// The GraphQL side of the one rule for every string (shared/schemas/control-characters.ts): the
// document's string literals (escapes such as "\u0000" are decoded by then), the variables and the
// operation name, checked once before any resolver runs. A raw control character in the document's
// text is already a syntax error to graphql-js.

/** Thrown by the check; the error formatter answers it as VALIDATION_FAILED with the rule's message. */
export class ControlCharactersRefusal extends Error {
  readonly statusCode = 400;
  constructor(readonly field: string) {
    super(`control characters in ${field}`);
    this.name = "ControlCharactersRefusal";
  }
}

export function isControlCharactersRefusal(error: unknown): error is ControlCharactersRefusal {
  return error instanceof ControlCharactersRefusal;
}

/**
 * Whether a document's literals hold a control character, by document: mercurius keeps a parsed
 * document for each query text it has seen and hands the same object over again, so a document
 * sent again (every request of a client's list page) is walked once, not on every request.
 */
const documentVerdicts = new WeakMap<DocumentNode, boolean>();

function documentHasControlCharacters(document: DocumentNode): boolean {
  let verdict = documentVerdicts.get(document);
  if (verdict === undefined) {
    verdict = findControlCharacters(document.definitions) !== null;
    documentVerdicts.set(document, verdict);
  }
  return verdict;
}

/** A mercurius preExecution hook. */
export function refuseControlCharacters(
  _schema: unknown,
  document: DocumentNode,
  context: GraphqlContext,
  variables: Record<string, unknown> | undefined,
) {
  // Location objects are class instances and are not walked; literals are plain nodes' `value`s.
  if (documentHasControlCharacters(document)) throw new ControlCharactersRefusal("query");
  const inVariables = findControlCharacters(variables ?? null);
  if (inVariables) throw new ControlCharactersRefusal(["variables", ...inVariables].join("."));
  const body = context.reply.request.body as { operationName?: unknown } | undefined;
  const query = context.reply.request.query as { operationName?: unknown } | undefined;
  if (findControlCharacters([body?.operationName ?? null, query?.operationName ?? null])) {
    throw new ControlCharactersRefusal("operationName");
  }
}
