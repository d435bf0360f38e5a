import { DrizzleQueryError } from "drizzle-orm/errors";
import { type LoggerOptions, stdSerializers } from "pino";

// What every log line of the web and the worker may hold. A failed query's parameters are user
// data (password hashes, e-mail addresses, tokens' hashes), so they never reach a log; the URL's
// query string carries one-time tokens, so requests are logged by path only.

/**
 * Secrets by field name, wherever a log call passes them (at the top level or one level down).
 * Pino replaces the values with "[Redacted]".
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "token",
  "accessToken",
  "googleAccessToken",
  "firebaseToken",
  "idToken",
  "secret",
  "secretHash",
  "totpSecret",
  "apiToken",
  "cyberportLoginPassword",
  "cyberportClientSecret",
];

export const LOG_REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

/** Postgres error fields that describe the failure without quoting the row's values (`detail` does). */
const SAFE_POSTGRES_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema_name",
  "table_name",
  "column_name",
  "constraint_name",
];

function withMessage(original: Error, message: string, cause: unknown): Error {
  const copy = new Error(message);
  copy.name = original.name;
  // The stack's first line repeats the message: keep the frames, never the original text.
  copy.stack = original.stack?.replace(original.message, message) ?? message;
  if (cause !== undefined) copy.cause = cause;
  return copy;
}

/**
 * A copy of `err` (and its causes) fit for a log: a failed query keeps its SQL text but not its
 * parameters, and a Postgres error keeps its code and names but not its detail.
 */
export function scrubError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return err;
  const cause = err.cause === undefined ? undefined : scrubError(err.cause, depth + 1);
  if (err instanceof DrizzleQueryError) {
    return withMessage(err, `Failed query: ${err.query}`, cause);
  }
  if (err.name === "PostgresError") {
    const copy = withMessage(err, err.message, cause);
    const fields = err as unknown as Record<string, unknown>;
    for (const field of SAFE_POSTGRES_FIELDS) {
      if (fields[field] !== undefined) Object.assign(copy, { [field]: fields[field] });
    }
    return copy;
  }
  if (cause === err.cause) return err;
  const copy = Object.assign(withMessage(err, err.message, cause), { ...err, cause });
  return copy;
}

/**
 * Console pages whose last path segment is a bearer token: a share link (/app/share/{shareToken}),
 * an invitation (/app/invitations/{token}, /app/auth/invitations/{token}, /app/auth/signup/{token})
 * and an e-mail verification link (/app/auth/email-verification/{token}).
 */
const TOKEN_PATHS =
  /\/app\/(share|invitations|auth\/invitations|auth\/signup|auth\/email-verification)\/[^/]+/;

/** A calendar feed's address (/calendar/{token}.ics): the token is the feed's whole authority. */
const CALENDAR_FEED_PATH = /\/calendar\/[^/]+/;

/** A URL's path only: its query string and fragment may carry one-time tokens, and so may the path. */
const pathOnly = (url: string) =>
  (url.split(/[?#]/, 1)[0] ?? "")
    .replace(TOKEN_PATHS, "/app/$1/[redacted]")
    .replace(CALENDAR_FEED_PATH, "/calendar/[redacted]");

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request fields, with the path but never the query string (reset and verify tokens). */
function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : pathOnly(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

// Anything else logged under `err` (a plain object already scrubbed below) passes through as is.
const serializeError = (err: unknown): SerializedError =>
  err instanceof Error ? stdSerializers.err(scrubError(err) as Error) : (err as SerializedError);

export const logSerializers = { err: serializeError, error: serializeError, req: requestSerializer };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Errors logged under any other key, or one level down (`{ context: { err } }`), are scrubbed too,
 * and any `url` field (a page a browser reported, a link) keeps its path only.
 */
function scrubLogObject(object: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (depth === 0 && key in logSerializers && !isPlainObject(value)) out[key] = value;
    else if (value instanceof Error) out[key] = serializeError(value);
    else if (key === "url" && typeof value === "string") out[key] = pathOnly(value);
    else if (depth < 2 && isPlainObject(value)) out[key] = scrubLogObject(value, depth + 1);
    else out[key] = value;
  }
  return out;
}

/** Spread into every pino (and Fastify logger) configuration of the product. */
export const safeLoggerOptions = {
  redact: LOG_REDACT_PATHS,
  serializers: logSerializers,
  formatters: { log: (object: Record<string, unknown>) => scrubLogObject(object) },
} satisfies Pick<LoggerOptions, "redact" | "serializers" | "formatters">;
