import type { FastifyInstance } from "fastify";
import { SHIPPING_LINE_CODES, type ShippingLine, type TrackingType } from "../../../../shared/enums";
import type { Clock } from "../../../core/clock";
import { QUERY_PARAMETER } from "../dcsa/dcsa.adapter";
import { EQUIPMENT_EVENT_TYPE_CODES, TRANSPORT_EVENT_TYPE_CODES } from "../dcsa/dcsa.schema";
import { isTransientFailure, simulatedEvents, simulatorLookup } from "./index";

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

type Query = Record<string, string | undefined>;
type Json = Record<string, unknown>;

/** The filters and order of DCSA's GET /v2/events that the simulator honours. */
interface Selection {
  /** eventType: SHIPMENT, TRANSPORT, EQUIPMENT (OR-ed). */
  et?: string[];
  /** transportEventTypeCode: ARRI, DEPA; keeps only transport events with one of them. */
  tc?: string[];
  /** equipmentEventTypeCode; keeps only equipment events with one of them. */
  ec?: string[];
  /** sort: [field, "ASC" | "DESC"] pairs. */
  s?: [string, "ASC" | "DESC"][];
}

interface Cursor extends Selection {
  t: TrackingType;
  n: string;
  o: number;
  l: number;
}

const EVENT_TYPES = ["SHIPMENT", "TRANSPORT", "EQUIPMENT"] as const;
/** The event fields a client may sort by (the times, the type and the ids DCSA names). */
const SORT_FIELDS = ["eventDateTime", "eventCreatedDateTime", "eventType", "eventClassifierCode", "eventID"];
const MAX_LIMIT = 1000;

class QueryError extends Error {}

/** A comma-separated list of allowed values, or undefined when the parameter is absent. */
function listParam(query: Query, name: string, allowed: readonly string[]): string[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const values = raw.split(",").map((v) => v.trim());
  const wrong = values.find((v) => !allowed.includes(v));
  if (wrong !== undefined) throw new QueryError(`${name}: '${wrong}' is not one of ${allowed.join(", ")}`);
  return values;
}

function sortParam(query: Query): Selection["s"] {
  if (query.sort === undefined) return undefined;
  return query.sort.split(",").map((part) => {
    const [field = "", direction = "ASC", ...rest] = part.trim().split(":");
    const dir = direction.toUpperCase();
    if (!SORT_FIELDS.includes(field) || (dir !== "ASC" && dir !== "DESC") || rest.length > 0)
      throw new QueryError(`sort: '${part}' is not a field of ${SORT_FIELDS.join(", ")} with :ASC or :DESC`);
    return [field, dir] as [string, "ASC" | "DESC"];
  });
}

function limitParam(query: Query, pageSize: number): number {
  if (query.limit === undefined) return pageSize;
  const limit = Number(query.limit);
  if (!/^\d+$/.test(query.limit.trim()) || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new QueryError(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return limit;
}

function selected(events: Json[], sel: Selection): Json[] {
  const kept = events.filter((e) => {
    if (sel.et && !sel.et.includes(String(e.eventType))) return false;
    if (sel.tc && (e.eventType !== "TRANSPORT" || !sel.tc.includes(String(e.transportEventTypeCode))))
      return false;
    if (sel.ec && (e.eventType !== "EQUIPMENT" || !sel.ec.includes(String(e.equipmentEventTypeCode))))
      return false;
    return true;
  });
  const order = sel.s;
  if (!order) return kept;
  const value = (e: Json, field: string) => {
    const v = e[field];
    if (typeof v !== "string") return "";
    return field.endsWith("DateTime") ? new Date(v).toISOString() : v;
  };
  // Array.prototype.sort is stable: events equal on every sort field keep the carrier's order.
  return [...kept].sort((a, b) => {
    for (const [field, dir] of order) {
      const x = value(a, field);
      const y = value(b, field);
      if (x !== y) return (x < y ? -1 : 1) * (dir === "ASC" ? 1 : -1);
    }
    return 0;
  });
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof c.n !== "string" || typeof c.o !== "number" || typeof c.l !== "number") return null;
    if (!c.t || !(c.t in QUERY_PARAMETER)) return null;
    const lists = [c.et, c.tc, c.ec, c.s];
    if (lists.some((v) => v !== undefined && !Array.isArray(v))) return null;
    if (c.s?.some((pair) => !Array.isArray(pair) || !SORT_FIELDS.includes(String(pair[0])))) return null;
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

/**
 * The tracked reference, filters and page size from the query (or the cursor, which carries
 * them); a filter, order or limit DCSA does not allow throws QueryError.
 */
function readRequest(query: Query, pageSize: number): Cursor | "BAD_CURSOR" | null {
  if (query.cursor) return decodeCursor(query.cursor) ?? "BAD_CURSOR";
  const type = (Object.keys(QUERY_PARAMETER) as TrackingType[]).find((t) => query[QUERY_PARAMETER[t]]);
  const l = limitParam(query, pageSize);
  const selection: Selection = {
    et: listParam(query, "eventType", EVENT_TYPES),
    tc: listParam(query, "transportEventTypeCode", TRANSPORT_EVENT_TYPE_CODES),
    ec: listParam(query, "equipmentEventTypeCode", EQUIPMENT_EVENT_TYPE_CODES),
    s: sortParam(query),
  };
  if (!type) return null;
  return { t: type, n: (query[QUERY_PARAMETER[type]] ?? "").trim().toUpperCase(), o: 0, l, ...selection };
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
  let request: ReturnType<typeof readRequest>;
  try {
    request = readRequest(query, options.defaultPageSize ?? 100);
  } catch (err) {
    if (err instanceof QueryError) return failure(url, 400, "invalidQuery", err.message, now);
    throw err;
  }
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
  const events = selected(simulatedEvents({ line, type: request.t, number: request.n }, now), request);
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
