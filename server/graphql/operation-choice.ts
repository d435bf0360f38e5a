import type { DocumentNode } from "graphql";
import type { GraphqlContext } from "./module";

// mercurius compiles a document with graphql-jit for the operation the compiling request named,
// keeps the compiled form by the document's text, and then runs it for every later request of that
// text, whatever operation the request names. So a document of two operations answered the first
// one compiled for every name (a GET naming a query could run a mutation compiled from a POST), and
// a name the document does not hold ran the operation it does hold.
//
// A request whose document can mean something else than its compiled form runs interpreted:
// mercurius skips the compiled form when a preExecution hook hands back a document, so this hook
// hands back the same one. graphql-js then picks the named operation, or answers that there is no
// such operation, as it does before compiling. A document of one operation asked without a name or
// by its own name keeps its compiled form.

/** An anonymous operation: no name a request sends is its name. */
const ANONYMOUS = Symbol("anonymous operation");

/** The name of a document's only operation, or null when it has several (or none). */
const onlyOperations = new WeakMap<DocumentNode, string | typeof ANONYMOUS | null>();

function onlyOperation(document: DocumentNode): string | typeof ANONYMOUS | null {
  let only = onlyOperations.get(document);
  if (only === undefined) {
    const operations = document.definitions.filter((d) => d.kind === "OperationDefinition");
    only = operations.length === 1 ? (operations[0]?.name?.value ?? ANONYMOUS) : null;
    onlyOperations.set(document, only);
  }
  return only;
}

/** The operation name a request sends, from a POST's body or a GET's query string (null when none). */
export function requestedOperationName(request: { body?: unknown; query?: unknown }): unknown {
  const body = request.body as { operationName?: unknown } | undefined;
  const query = request.query as { operationName?: unknown } | undefined;
  return body?.operationName ?? query?.operationName ?? null;
}

/** A mercurius preExecution hook. */
export function runTheNamedOperation(_schema: unknown, document: DocumentNode, context: GraphqlContext) {
  const only = onlyOperation(document);
  const name = requestedOperationName(context.reply.request);
  if (only !== null && (name === null || name === only)) return undefined;
  return { document };
}
