import type { TrackingType } from "../../../../shared/enums";
import type { CarrierEndpoint } from "../carrier-config";
import type { FetchTrackingOptions, TrackingFailure, TrackingResult } from "../carriers.types";
import { type HttpAnswer, HttpFailure, httpGet } from "./dcsa.http";
import { mapEventsToSnapshot } from "./dcsa.mapper";
import { type DcsaEvent, parseEventsPage } from "./dcsa.schema";

// DCSA Track & Trace 2.2 over HTTP: GET {base}/v2/events filtered by the tracked reference, pages
// followed through the Next-Page header, every outcome a result (a carrier's bad day must never
// crash a worker).

/** The spec: "if added it MUST only contain MAJOR version". */
export const DCSA_API_VERSION = "2";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const PAGE_LIMIT = 100;
/** A shipment has tens of events; this many pages means the carrier's paging is broken. */
export const MAX_PAGES = 50;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export const QUERY_PARAMETER: Record<TrackingType, string> = {
  BOOKING_NUMBER: "carrierBookingReference",
  BILL_OF_LADING_NUMBER: "transportDocumentReference",
  CONTAINER_NUMBER: "equipmentReference",
};

type Outcome<T> = { ok: true; value: T } | { ok: false; failure: TrackingFailure };
const fail = (kind: TrackingFailure["kind"], message: string, extra: Partial<TrackingFailure> = {}) => ({
  ok: false as const,
  failure: { kind, message, ...extra },
});

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The carrier's own explanation from a DCSA error body, when it sent one. */
function errorDetail(text: string): string {
  try {
    const json = JSON.parse(text.slice(0, 2000)) as { errors?: { message?: unknown }[]; message?: unknown };
    const message = json.errors?.[0]?.message ?? json.message;
    return typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

function statusFailure(res: HttpAnswer, now: Date): { ok: false; failure: TrackingFailure } {
  const detail = errorDetail(res.text);
  const s = res.status;
  if (s === 404 || s === 410)
    return fail("NOT_FOUND", `The carrier does not know this number (HTTP ${s})${detail}`);
  if (s === 400) return fail("INVALID_NUMBER", `The carrier refused the number (HTTP 400)${detail}`);
  if (s === 429) {
    const retry = retryAfterSeconds(res.header("retry-after"), now);
    return fail("RATE_LIMITED", `The carrier is rate limiting (HTTP 429)${detail}`, {
      ...(retry === undefined ? {} : { retryAfterSeconds: retry }),
    });
  }
  if (s === 401 || s === 403)
    return fail("CARRIER_UNAVAILABLE", `The carrier refused our credentials (HTTP ${s})`);
  return fail("CARRIER_UNAVAILABLE", `The carrier answered HTTP ${s}${detail}`);
}

/** Next-Page is "a link to the next page": a URL on the carrier's host, or a bare cursor token. */
export function nextPageUrl(header: string, base: string): string | null {
  const eventsUrl = `${base}/v2/events`;
  if (/^https?:\/\//i.test(header) || header.startsWith("/")) {
    const url = new URL(header, eventsUrl);
    // Never send the API key to another host because a response said so.
    return url.origin === new URL(eventsUrl).origin ? url.toString() : null;
  }
  if (header.startsWith("?")) return `${eventsUrl}${header}`;
  return `${eventsUrl}?cursor=${encodeURIComponent(header)}`;
}

/** The request headers of an endpoint, built once. */
const requestHeaders = new WeakMap<CarrierEndpoint, Record<string, string>>();
function headersFor(endpoint: CarrierEndpoint): Record<string, string> {
  let headers = requestHeaders.get(endpoint);
  if (!headers) {
    headers = { accept: "application/json", "API-Version": DCSA_API_VERSION };
    if (endpoint.apiKey) headers[endpoint.apiKeyHeader] = endpoint.apiKey;
    // A carrier across the internet sends less compressed (as fetch always asked); the simulator
    // answers on the same host or network, where compressing costs both sides more than it saves.
    if (!endpoint.simulated) headers["accept-encoding"] = "gzip, deflate, br";
    requestHeaders.set(endpoint, headers);
  }
  return headers;
}

async function getPage(
  url: string,
  endpoint: CarrierEndpoint,
  opts: FetchTrackingOptions,
): Promise<Outcome<{ text: string; json: unknown; next: string | null }>> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let res: HttpAnswer;
  try {
    res = await httpGet(url, {
      headers: headersFor(endpoint),
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  } catch (err) {
    if (!(err instanceof HttpFailure)) throw err;
    if (err.reason === "timeout")
      return fail("CARRIER_UNAVAILABLE", `The carrier did not answer within ${timeoutMs} ms`);
    if (err.reason === "too-large") return fail("BAD_PAYLOAD", "The carrier's answer is too large");
    return fail("CARRIER_UNAVAILABLE", `Could not reach the carrier (${err.message})`);
  }
  if (res.status < 200 || res.status > 299) return statusFailure(res, (opts.now ?? (() => new Date()))());
  const text = res.text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("BAD_PAYLOAD", "The carrier's answer is not JSON");
  }
  const header = res.header("next-page")?.trim();
  if (!header) return { ok: true, value: { text, json, next: null } };
  const next = nextPageUrl(header, endpoint.baseUrl);
  if (!next) return fail("BAD_PAYLOAD", "The carrier's Next-Page points to another host");
  return { ok: true, value: { text, json, next } };
}

/**
 * The events of every page as one JSON list, in the carrier's own text: an answer of one page is
 * kept byte for byte; the lists of several pages are joined (each page is a JSON array, checked).
 */
export function joinPages(pages: string[]): string {
  if (pages.length === 1) return pages[0] as string;
  const items = pages.map((p) => p.trim().slice(1, -1).trim()).filter((inner) => inner.length > 0);
  return `[${items.join(",")}]`;
}

/** Every page of events for one reference, validated; `raw` is the pages' events as received (JSON text). */
export async function fetchDcsaEvents(
  endpoint: CarrierEndpoint,
  trackingType: TrackingType,
  reference: string,
  opts: FetchTrackingOptions = {},
): Promise<Outcome<{ events: DcsaEvent[]; raw: string }>> {
  const query = new URLSearchParams({
    [QUERY_PARAMETER[trackingType]]: reference,
    limit: String(PAGE_LIMIT),
  });
  let url: string | null = `${endpoint.baseUrl}/v2/events?${query}`;
  const seen = new Set<string>();
  let events: DcsaEvent[] = [];
  const pages: string[] = [];
  while (url) {
    if (seen.has(url)) return fail("BAD_PAYLOAD", "The carrier's paging repeats a page");
    if (seen.size >= MAX_PAGES)
      return fail("BAD_PAYLOAD", `The carrier's answer runs past ${MAX_PAGES} pages`);
    seen.add(url);
    const page = await getPage(url, endpoint, opts);
    if (!page.ok) return page;
    const parsed = parseEventsPage(page.value.json);
    if (!parsed.ok) return fail("BAD_PAYLOAD", parsed.message);
    if (pages.length === 0) events = parsed.events;
    else events.push(...parsed.events);
    pages.push(page.value.text);
    url = parsed.events.length ? page.value.next : null;
  }
  return { ok: true, value: { events, raw: joinPages(pages) } };
}

/** The tracked reference as carriers file it: no surrounding space, upper case. */
export function normalizeReference(trackingNumber: string): string {
  return trackingNumber.trim().toUpperCase();
}

export async function fetchDcsaTracking(
  endpoint: CarrierEndpoint,
  trackingType: TrackingType,
  trackingNumber: string,
  opts: FetchTrackingOptions = {},
): Promise<TrackingResult> {
  const reference = normalizeReference(trackingNumber);
  if (!reference) return fail("INVALID_NUMBER", "The tracking number is empty");
  const fetched = await fetchDcsaEvents(endpoint, trackingType, reference, opts);
  if (!fetched.ok) return fetched;
  const { events, raw } = fetched.value;
  // DCSA answers an unknown reference with an empty list rather than 404.
  if (events.length === 0) return fail("NOT_FOUND", `The carrier has no events for ${reference}`);
  const snapshot = mapEventsToSnapshot(events);
  if (snapshot.cancelled) return fail("CANCELLED", `The carrier cancelled the booking for ${reference}`);
  return { ok: true, snapshot, raw };
}
