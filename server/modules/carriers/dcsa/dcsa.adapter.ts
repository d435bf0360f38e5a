import type { TrackingType } from "../../../../shared/enums";
import type { CarrierEndpoint } from "../carrier-config";
import type { FetchTrackingOptions, TrackingFailure, TrackingResult } from "../carriers.types";
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
async function errorDetail(res: Response): Promise<string> {
  try {
    const body = (await res.text()).slice(0, 2000);
    const json = JSON.parse(body) as { errors?: { message?: unknown }[]; message?: unknown };
    const message = json.errors?.[0]?.message ?? json.message;
    return typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

async function statusFailure(res: Response, now: Date): Promise<{ ok: false; failure: TrackingFailure }> {
  const detail = await errorDetail(res);
  const s = res.status;
  if (s === 404 || s === 410)
    return fail("NOT_FOUND", `The carrier does not know this number (HTTP ${s})${detail}`);
  if (s === 400) return fail("INVALID_NUMBER", `The carrier refused the number (HTTP 400)${detail}`);
  if (s === 429) {
    const retry = retryAfterSeconds(res.headers.get("retry-after"), now);
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

async function getPage(
  url: string,
  endpoint: CarrierEndpoint,
  opts: FetchTrackingOptions,
): Promise<Outcome<{ json: unknown; next: string | null }>> {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: "application/json", "API-Version": DCSA_API_VERSION };
  if (endpoint.apiKey) headers[endpoint.apiKeyHeader] = endpoint.apiKey;
  let res: Response;
  let text: string;
  try {
    res = await doFetch(url, { method: "GET", headers, signal, redirect: "error" });
    if (!res.ok) return await statusFailure(res, (opts.now ?? (() => new Date()))());
    if (Number(res.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
      return fail("BAD_PAYLOAD", "The carrier's answer is too large");
    }
    text = await res.text();
  } catch (err) {
    if (timeout.aborted)
      return fail("CARRIER_UNAVAILABLE", `The carrier did not answer within ${timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return fail("CARRIER_UNAVAILABLE", `Could not reach the carrier (${cause})`);
  }
  if (text.length > MAX_BODY_BYTES) return fail("BAD_PAYLOAD", "The carrier's answer is too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("BAD_PAYLOAD", "The carrier's answer is not JSON");
  }
  const header = res.headers.get("next-page")?.trim();
  if (!header) return { ok: true, value: { json, next: null } };
  const next = nextPageUrl(header, endpoint.baseUrl);
  if (!next) return fail("BAD_PAYLOAD", "The carrier's Next-Page points to another host");
  return { ok: true, value: { json, next } };
}

/** Every page of events for one reference, validated; `raw` is the pages' events as received. */
export async function fetchDcsaEvents(
  endpoint: CarrierEndpoint,
  trackingType: TrackingType,
  reference: string,
  opts: FetchTrackingOptions = {},
): Promise<Outcome<{ events: DcsaEvent[]; raw: unknown[] }>> {
  const query = new URLSearchParams({
    [QUERY_PARAMETER[trackingType]]: reference,
    limit: String(PAGE_LIMIT),
  });
  let url: string | null = `${endpoint.baseUrl}/v2/events?${query}`;
  const seen = new Set<string>();
  const events: DcsaEvent[] = [];
  const raw: unknown[] = [];
  while (url) {
    if (seen.has(url)) return fail("BAD_PAYLOAD", "The carrier's paging repeats a page");
    if (seen.size >= MAX_PAGES)
      return fail("BAD_PAYLOAD", `The carrier's answer runs past ${MAX_PAGES} pages`);
    seen.add(url);
    const page = await getPage(url, endpoint, opts);
    if (!page.ok) return page;
    const parsed = parseEventsPage(page.value.json);
    if (!parsed.ok) return fail("BAD_PAYLOAD", parsed.message);
    events.push(...parsed.events);
    raw.push(...(page.value.json as unknown[]));
    url = parsed.events.length ? page.value.next : null;
  }
  return { ok: true, value: { events, raw } };
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
