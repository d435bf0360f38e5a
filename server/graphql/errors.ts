import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { GraphQLError } from "graphql";
import { ZodError } from "zod";
import type { Language } from "../../shared/enums";
import type { ErrorCode } from "../../shared/errors";
import { errorMessage, translate } from "../../shared/i18n";
import { issueMessage } from "../../shared/schemas";
import { CONTROL_CHARACTERS_KEY } from "../../shared/schemas/control-characters";
import { isAppError } from "../core/app-error";
import { toSafeError } from "../core/errors-map";
import { isControlCharactersRefusal } from "./control-characters";
import { isListSizeRefusal, isTokenLimitError, LIMIT_EXTENSION } from "./limits";
import { isGraphqlRequestShapeError } from "./request-shape";

// How a GraphQL failure is answered. Mistakes in the request (syntax, unknown field, limits,
// batches, CSRF refusal) are the client's: 400 with their own code, logged at info. Only what
// the server got wrong is INTERNAL, logged at error by toSafeError.

export interface GraphqlErrorJson {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: ErrorCode; detail?: string };
}

interface ClientFailure {
  code: ErrorCode;
  status: number;
  /** A message key said instead of the code's catalogue message (the control-character rule's). */
  messageKey?: string;
  /**
   * A well-formed request whose document failed to parse or validate (GraphQL over HTTP's
   * "request error"): answered 200 to application/json clients, `status` to the others.
   */
  requestError?: boolean;
  /** graphql-js's own text (English, generated from the document and the schema). */
  details: { message: string; locations?: readonly { line: number; column: number }[] }[];
}

interface FrameworkError extends Error {
  code?: string;
  statusCode?: number;
  errors?: unknown[];
}

const SYNTAX = /^Syntax Error: /;

function innerErrors(original: FrameworkError): { message: string; locations?: GraphQLError["locations"] }[] {
  const list = Array.isArray(original.errors) ? original.errors : [original];
  return list.map((e) => {
    const error = e as Partial<GraphQLError> & { message?: string };
    return {
      message: String(error.message ?? ""),
      ...(error.locations ? { locations: error.locations } : {}),
    };
  });
}

function codeForInner(errors: unknown[]): ErrorCode {
  const all = errors as (Partial<GraphQLError> & { message?: string })[];
  if (all.some((e) => e.extensions?.[LIMIT_EXTENSION] || isTokenLimitError(String(e.message))))
    return "GRAPHQL_QUERY_TOO_COMPLEX";
  if (all.some((e) => SYNTAX.test(String(e.message)))) return "GRAPHQL_SYNTAX_ERROR";
  return "GRAPHQL_VALIDATION_FAILED";
}

/** The client's mistake this error stands for, or null when it is the server's (or a service's). */
export function classifyClientFailure(error: GraphQLError, req: FastifyRequest): ClientFailure | null {
  const original = error.originalError as FrameworkError | undefined;
  if (!original) {
    // graphql-js's own errors: without a path they concern the request (e.g. a required variable
    // not given), with one they come from executing a field (e.g. null for a non-null field).
    return error.path
      ? null
      : {
          code: "GRAPHQL_VALIDATION_FAILED",
          status: 400,
          requestError: true,
          details: [{ message: error.message, ...(error.locations ? { locations: error.locations } : {}) }],
        };
  }
  if (isAppError(original)) return null;
  if (isGraphqlRequestShapeError(original)) {
    return { code: original.errorCode, status: 400, details: [{ message: original.message }] };
  }
  if (isListSizeRefusal(original)) {
    return {
      code: "GRAPHQL_QUERY_TOO_COMPLEX",
      status: 400,
      requestError: true,
      details: [{ message: original.message }],
    };
  }
  if (isControlCharactersRefusal(original)) {
    return {
      code: "VALIDATION_FAILED",
      status: 400,
      messageKey: CONTROL_CHARACTERS_KEY,
      details: [{ message: `Control characters are not accepted in ${original.field}.` }],
    };
  }
  const code = original.code ?? "";
  const status = typeof original.statusCode === "number" ? original.statusCode : 500;
  if (code === "MER_ERR_GQL_CSRF_PREVENTION") {
    return { code: "GRAPHQL_CSRF_REJECTED", status: 400, details: [] };
  }
  // Automatic persisted queries: the client's link resends the document on these two codes.
  if (code === "MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND") {
    return { code: "PERSISTED_QUERY_NOT_FOUND", status: 400, details: [] };
  }
  if (code === "MER_ERR_GQL_PERSISTED_QUERY_NOT_SUPPORTED") {
    return { code: "PERSISTED_QUERY_NOT_SUPPORTED", status: 400, details: [] };
  }
  if (code === "MER_ERR_GQL_VALIDATION") {
    // A JSON array is a batch; with batching off the body schema refuses it before parsing.
    if (Array.isArray(req.body)) return { code: "GRAPHQL_BATCH_NOT_SUPPORTED", status: 400, details: [] };
    const inner = Array.isArray(original.errors) ? original.errors : [];
    return { code: codeForInner(inner), status: 400, requestError: true, details: innerErrors(original) };
  }
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return { code: "GRAPHQL_QUERY_TOO_COMPLEX", status, details: [] };
  if (code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return { code: "GRAPHQL_REQUEST_MALFORMED", status: 400, details: [{ message: "body is empty" }] };
  }
  if (code === "FST_ERR_CTP_INVALID_JSON" || code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return { code: "GRAPHQL_REQUEST_MALFORMED", status: 400, details: [{ message: "body is not JSON" }] };
  }
  // Any other framework refusal in the 4xx range (a mutation over GET, an unsupported media type).
  if ((code.startsWith("MER_ERR_") || code.startsWith("FST_ERR_")) && status >= 400 && status < 500) {
    return { code: "GRAPHQL_VALIDATION_FAILED", status, details: innerErrors(original) };
  }
  return null;
}

/** Without introspection, graphql-js's "Did you mean …?" hints would disclose the schema anyway. */
function withoutSuggestions(message: string, introspection: boolean): string {
  return introspection ? message : message.replace(/\s*Did you mean .*$/, "");
}

export function clientFailureJson(
  failure: ClientFailure,
  lang: Language,
  introspection: boolean,
): GraphqlErrorJson[] {
  const message = failure.messageKey ? translate(lang, failure.messageKey) : errorMessage(lang, failure.code);
  if (failure.details.length === 0) return [{ message, extensions: { code: failure.code } }];
  return failure.details.map((d) => ({
    message,
    ...(d.locations ? { locations: d.locations } : {}),
    extensions: { code: failure.code, detail: withoutSuggestions(d.message, introspection) },
  }));
}

/** A resolver's failure: an AppError's code and message, anything else hidden as INTERNAL. */
export function serviceFailureJson(error: GraphQLError, lang: Language, log: FastifyBaseLogger) {
  // A GraphQLError a resolver threw on purpose carries a text meant for the client.
  if (error.originalError?.name === "GraphQLError") {
    const json = error.toJSON();
    return { ...json, extensions: { code: "GRAPHQL_VALIDATION_FAILED" as ErrorCode, ...json.extensions } };
  }
  // Arguments the shared zod schema refused: the client's mistake, with the schema's messages.
  if (error.originalError instanceof ZodError) {
    return {
      message: errorMessage(lang, "VALIDATION_FAILED"),
      locations: error.locations,
      path: error.path,
      extensions: { code: "VALIDATION_FAILED" as ErrorCode, issues: zodIssues(error.originalError, lang) },
    };
  }
  // No original error while executing a field: the schema's promise broken (null for a non-null
  // field) — the server's fault, logged and hidden like any other.
  const safe = toSafeError(error.originalError ?? new Error(error.message), lang, log);
  return {
    message: safe.message,
    locations: error.locations,
    path: error.path,
    extensions: { code: safe.code },
  };
}

/**
 * Every resolver failure of one execution. A failed batch (server/graphql/loaders.ts) fails the
 * field of every item of a list with the same error: it is logged once, not once per item.
 */
export function serviceFailuresJson(errors: readonly GraphQLError[], lang: Language, log: FastifyBaseLogger) {
  const logged = new Set<unknown>();
  const quiet = log.child({}, { level: "silent" });
  return errors.map((e) => {
    const cause = e.originalError ?? e;
    const first = !logged.has(cause);
    logged.add(cause);
    return serviceFailureJson(e, lang, first ? log : quiet);
  });
}

/** Each issue's path and its message in the request's language (schema messages are i18n keys). */
function zodIssues(error: ZodError, lang: Language) {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: issueMessage(issue, (key, params) => translate(lang, key, params)),
  }));
}

export function logClientFailure(log: FastifyBaseLogger, failure: ClientFailure) {
  // The code and status only: details can quote variable values the client sent.
  log.info({ graphql: { code: failure.code, status: failure.status } }, "graphql request refused");
}
