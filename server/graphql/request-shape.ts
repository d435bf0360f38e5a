import type { FastifyRequest } from "fastify";

// The shape of a GraphQL-over-HTTP request, checked before mercurius reads it: its body schema
// coerces types (5 becomes "5", true becomes "true") and takes a non-string `query` for a parsed
// document, which ends in an unhandled error instead of the client's 400.

/** Thrown by the check; the error formatter answers it as GRAPHQL_VALIDATION_FAILED with this detail. */
export class GraphqlRequestShapeError extends Error {
  readonly statusCode = 400;
  constructor(
    detail: string,
    /** Without a document nor a persisted query's hash there is no GraphQL request at all. */
    readonly errorCode:
      | "GRAPHQL_VALIDATION_FAILED"
      | "GRAPHQL_REQUEST_MALFORMED" = "GRAPHQL_VALIDATION_FAILED",
  ) {
    super(detail);
    this.name = "GraphqlRequestShapeError";
  }
}

export function isGraphqlRequestShapeError(error: unknown): error is GraphqlRequestShapeError {
  return error instanceof GraphqlRequestShapeError;
}

type Kind = "string" | "object";

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** What each parameter may be when given (null counts as not given). */
const POST_PARAMETERS: Record<string, Kind> = {
  query: "string",
  operationName: "string",
  variables: "object",
  extensions: "object",
};

function check(where: string, params: Record<string, unknown>, kinds: Record<string, Kind>) {
  for (const [name, kind] of Object.entries(kinds)) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    const ok = kind === "string" ? typeof value === "string" : isObject(value);
    if (!ok)
      throw new GraphqlRequestShapeError(
        `${where}/${name} must be ${kind === "string" ? "a string" : "an object"}`,
      );
  }
}

/** A mercurius route preValidation hook: runs after the body is parsed, before its schema coerces it. */
export async function checkGraphqlRequestShape(req: FastifyRequest) {
  if (req.method === "POST") {
    const body = req.body;
    // A JSON array is a batch, answered by the formatter as GRAPHQL_BATCH_NOT_SUPPORTED.
    if (Array.isArray(body) || body === undefined) return;
    if (!isObject(body)) throw new GraphqlRequestShapeError("body must be a JSON object");
    const params = body as Record<string, unknown>;
    check("body", params, POST_PARAMETERS);
    // GraphQL over HTTP: a null parameter is as if not given; mercurius's body schema refuses it.
    for (const name of Object.keys(POST_PARAMETERS)) if (params[name] === null) delete params[name];
    requireDocument("body", params.query, params.extensions);
    return;
  }
  // In a URL every parameter is a string (variables and extensions as JSON), unless repeated.
  const query = (req.query ?? {}) as Record<string, unknown>;
  check("querystring", query, {
    query: "string",
    operationName: "string",
    variables: "string",
    extensions: "string",
  });
  requireDocument("querystring", query.query, query.extensions);
}

/** A request carries a document, or an automatic persisted query's hash in its extensions. */
function requireDocument(where: string, query: unknown, extensions: unknown) {
  if (typeof query === "string" && query !== "") return;
  const persisted =
    typeof extensions === "string"
      ? extensions.includes("persistedQuery")
      : isObject(extensions) && "persistedQuery" in (extensions as object);
  if (!persisted)
    throw new GraphqlRequestShapeError(`${where}/query is required`, "GRAPHQL_REQUEST_MALFORMED");
}
