import type { FastifyInstance } from "fastify";
import { SHIPPING_LINE_CODES, type ShippingLine, type TrackingType } from "../../../shared/enums";
import type { Clock } from "../../core/clock";
import { QUERY_PARAMETER } from "./dcsa.adapter";
import { isTransientFailure, simulatedEvents, simulatorLookup } from "./simulator";

// The carrier simulator as a DCSA T&T 2.2 server: GET /<LINE>/v2/events under the prefix it is
// mounted at (/sim/dcsa). It answers from the shared clock, so moving a test clock moves every
// simulated voyage.

export interface CarrierSimulatorOptions {
  clock: Clock;
  /** Share of (number, hour) pairs answered 503, like a carrier's bad moments; 0 turns it off. Default 0.02. */
  transientFailureRate?: number;
  /** Events per page when the client asks for no limit (the spec's default is 100). */
  defaultPageSize?: number;
}

export const SIMULATOR_API_VERSION = "2.2.0";

interface Cursor {
  t: TrackingType;
  n: string;
  o: number;
  l: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof c.n !== "string" || typeof c.o !== "number" || typeof c.l !== "number") return null;
    if (!c.t || !(c.t in QUERY_PARAMETER)) return null;
    return c as Cursor;
  } catch {
    return null;
  }
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  503: "Service Unavailable",
};

/** The spec's error body. */
function failure(url: string, status: number, reason: string, message: string, now: Date): Answer {
  const body = {
    httpMethod: "GET",
    requestUri: url,
    statusCode: status,
    statusCodeText: STATUS_TEXT[status] ?? "Error",
    errorDateTime: now.toISOString(),
    errors: [{ reason, message }],
  };
  return { status, body, headers: { "API-Version": SIMULATOR_API_VERSION } };
}

type Query = Record<string, string | undefined>;

/** The tracked reference from the query (or the cursor, which carries it). */
function readRequest(query: Query, pageSize: number): Cursor | "BAD_CURSOR" | null {
  if (query.cursor) return decodeCursor(query.cursor) ?? "BAD_CURSOR";
  const type = (Object.keys(QUERY_PARAMETER) as TrackingType[]).find((t) => query[QUERY_PARAMETER[t]]);
  if (!type) return null;
  const limit = Number(query.limit ?? pageSize);
  const l = Number.isInteger(limit) && limit >= 1 ? Math.min(limit, 1000) : pageSize;
  return { t: type, n: (query[QUERY_PARAMETER[type]] ?? "").trim().toUpperCase(), o: 0, l };
}

/** What the simulated carrier answers to GET /<line>/v2/events at `now`. */
function answer(
  lineParam: string,
  query: Query,
  url: string,
  now: Date,
  options: CarrierSimulatorOptions,
): Answer {
  const line = lineParam.toUpperCase() as ShippingLine;
  if (!SHIPPING_LINE_CODES.includes(line)) return failure(url, 404, "notFound", "Unknown carrier", now);
  const request = readRequest(query, options.defaultPageSize ?? 100);
  if (request === "BAD_CURSOR") return failure(url, 400, "invalidCursor", "The cursor is not valid", now);
  if (!request) {
    const message =
      "One of carrierBookingReference, transportDocumentReference or equipmentReference is required";
    return failure(url, 400, "invalidQuery", message, now);
  }
  const lookup = simulatorLookup(line, request.t, request.n);
  if (lookup === "INVALID")
    return failure(url, 400, "invalidParameter", `${request.n} is not a valid reference`, now);
  if (lookup === "UNKNOWN") return failure(url, 404, "notFound", `No shipment found for ${request.n}`, now);
  if (isTransientFailure(line, request.n, now, options.transientFailureRate ?? 0.02)) {
    return failure(url, 503, "serviceUnavailable", "Temporarily unavailable, please retry", now);
  }
  const events = simulatedEvents({ line, type: request.t, number: request.n }, now);
  const headers: Record<string, string> = {
    "API-Version": SIMULATOR_API_VERSION,
    "Current-Page": encodeCursor(request),
  };
  if (request.o + request.l < events.length)
    headers["Next-Page"] = encodeCursor({ ...request, o: request.o + request.l });
  return { status: 200, body: events.slice(request.o, request.o + request.l), headers };
}

export async function carrierSimulatorRoutes(app: FastifyInstance, options: CarrierSimulatorOptions) {
  app.get<{ Params: { line: string }; Querystring: Query }>("/:line/v2/events", async (req, reply) => {
    const { status, body, headers } = answer(
      req.params.line,
      req.query,
      req.url,
      options.clock.now(),
      options,
    );
    return reply.status(status).headers(headers).send(body);
  });
}
