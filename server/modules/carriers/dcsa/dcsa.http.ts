import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { Agent, type Dispatcher } from "undici";

// The adapter's HTTP GET. A worker refreshes hundreds of shipments at once, and WHATWG fetch costs
// about three times the CPU of a plain request per call (Response, web streams and abort signals
// for every call), so the carriers are reached through undici's `request()` (the client under
// Node's own fetch, without the fetch layer) on one keep-alive dispatcher shared by the process;
// a `fetch` given in the options (tests, Fastify's inject) is used as is instead. Both answer the
// same shape, and the adapter types every failure the same way. See the decision record on the
// carrier side of a refresh's CPU.

export interface HttpAnswer {
  status: number;
  header(name: string): string | null;
  /** The body as UTF-8 text (a leading BOM dropped, as fetch's text() does). */
  text: string;
}

/** Why a request got no answer; `message` names the cause the way fetch's errors did. */
export class HttpFailure extends Error {
  constructor(
    readonly reason: "timeout" | "too-large" | "network",
    message: string,
  ) {
    super(message);
  }
}

export interface HttpGetOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Connections per carrier host, kept open: enough for every job of a line's batches at once (two
 * loops of 25 by default), and a bound on the simulator, whose lines share one host. Without the
 * bound, a wave of hundreds of requests opened as many connections and closed most of them again,
 * which cost more CPU than the requests. Requests beyond it wait in the pool for a connection;
 * their timeout runs meanwhile, as it ran from the call with fetch.
 * Idle connections are dropped after 4 s, whatever the carrier's Keep-Alive hint, before carriers
 * typically close theirs (5 s and up), so a request rarely meets a connection the peer already
 * closed; when it does, it is sent again once (see viaUndici).
 */
export const MAX_SOCKETS_PER_HOST = 128;
const IDLE_MS = 4_000;
let dispatcher: Dispatcher | undefined;

function sharedDispatcher(): Dispatcher {
  // No redirect interceptor: a redirect is refused (the key would go where it points). No
  // decompress interceptor either: the body is read whole anyway, and decoded in one call at its
  // end (see decodeBody), without a stream per answer or the interceptor's experimental warning.
  dispatcher ??= new Agent({
    connections: MAX_SOCKETS_PER_HOST,
    keepAliveTimeout: IDLE_MS,
    keepAliveMaxTimeout: IDLE_MS,
  });
  return dispatcher;
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function httpGet(url: string, options: HttpGetOptions): Promise<HttpAnswer> {
  return options.fetch ? viaFetch(options.fetch, url, options) : viaUndici(url, options);
}

/** The adapter's historical path over WHATWG fetch, for an injected fetch. */
async function viaFetch(doFetch: typeof fetch, url: string, o: HttpGetOptions): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  try {
    const res = await doFetch(url, { method: "GET", headers: o.headers, signal, redirect: "error" });
    const header = (name: string) => res.headers.get(name);
    if (!res.ok) {
      // An error's body only explains it: an unreadable one is no reason to lose the status.
      const text = await res.text().catch(() => "");
      return { status: res.status, header, text };
    }
    if (Number(res.headers.get("content-length") ?? 0) > o.maxBytes)
      throw new HttpFailure("too-large", "too large");
    const text = await res.text();
    if (text.length > o.maxBytes) throw new HttpFailure("too-large", "too large");
    return { status: res.status, header, text };
  } catch (err) {
    if (err instanceof HttpFailure) throw err;
    if (timeout.aborted) throw new HttpFailure("timeout", "timeout");
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new HttpFailure("network", cause);
  }
}

/** The connection was closed under the request before any answer came (a kept one the peer closed). */
const closedUnder = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE";
};

const discard = (body: Dispatcher.ResponseData["body"]) => {
  body.on("error", () => {});
  body.destroy();
};

async function viaUndici(href: string, o: HttpGetOptions): Promise<HttpAnswer> {
  if (o.signal?.aborted) throw new HttpFailure("network", "aborted");
  const url = new URL(href);
  // One timer for the whole call (waiting for a connection, the answer and its body), which aborts
  // the request with the failure as its reason; undici rejects with, or fails the body with, it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new HttpFailure("timeout", "timeout")), o.timeoutMs);
  const onAbort = () => controller.abort(new HttpFailure("network", "aborted"));
  o.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    let res: Dispatcher.ResponseData;
    try {
      res = await sendOnce(url, o, controller.signal);
    } catch (err) {
      // A GET is safe to repeat: sent again, once, when the connection closed before any answer.
      // (undici's retry interceptor would also retry statuses and resume a broken body with Range
      // requests, and costs a handler and an error object per answer; only this case is wanted.)
      if (!closedUnder(err) || controller.signal.aborted) throw err;
      res = await sendOnce(url, o, controller.signal);
    }
    return await readAnswer(res, o.maxBytes);
  } catch (err) {
    if (err instanceof HttpFailure) throw err;
    if (controller.signal.reason instanceof HttpFailure) throw controller.signal.reason;
    const e = err as Error & { code?: string };
    throw new HttpFailure("network", e.code ?? e.message);
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", onAbort);
  }
}

function sendOnce(url: URL, o: HttpGetOptions, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  return sharedDispatcher().request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: "GET",
    headers: o.headers,
    signal,
  });
}

/** The answer's content codings, the last applied first, lower case (`gzip, br` → br then gzip). */
function codings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== "" && c !== "identity")
    .reverse();
}

/** Thrown by decodeBody when the decoded answer would pass the size limit. */
class TooLarge extends Error {}

/**
 * The body's bytes decoded from its content codings, at most `maxBytes` of them (a small compressed
 * answer may decode to gigabytes): gzip, deflate (zlib-wrapped, or raw as some servers send it) and
 * br. An unknown coding is left as it is, and the JSON check then refuses the answer.
 */
function decodeBody(bytes: Buffer, encodings: string[], maxBytes: number): Buffer {
  const limit = { maxOutputLength: maxBytes };
  try {
    for (const coding of encodings) {
      if (coding === "gzip" || coding === "x-gzip") bytes = gunzipSync(bytes, limit);
      else if (coding === "br") bytes = brotliDecompressSync(bytes, limit);
      else if (coding === "deflate") bytes = inflateDeflate(bytes, limit);
    }
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new TooLarge();
    throw err;
  }
  return bytes;
}

function inflateDeflate(bytes: Buffer, limit: { maxOutputLength: number }): Buffer {
  try {
    return inflateSync(bytes, limit);
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw err;
    return inflateRawSync(bytes, limit);
  }
}

const concat = (chunks: Buffer[], size: number) =>
  chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
const decode = (bytes: Buffer) => stripBom(bytes.toString("utf8"));

function readAnswer(res: Dispatcher.ResponseData, maxBytes: number): Promise<HttpAnswer> {
  const { statusCode: status, headers, body } = res;
  // fetch with redirect "error" refused these; a carrier's API has no business redirecting.
  if (status >= 300 && status < 400) {
    discard(body);
    throw new HttpFailure("network", `redirected with HTTP ${status}`);
  }
  const ok = status >= 200 && status < 300;
  if (ok && Number(headers["content-length"] ?? 0) > maxBytes) {
    discard(body);
    throw new HttpFailure("too-large", "too large");
  }
  const header = (name: string) => {
    const v = headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  };
  const encodings = codings(headers["content-encoding"]);
  /** The text of the bytes received; an error's explanation is cut short or dropped rather than failing it. */
  const textOf = (bytes: Buffer): string => {
    if (encodings.length === 0) return decode(bytes);
    try {
      return decode(decodeBody(bytes, encodings, maxBytes));
    } catch (err) {
      if (ok) throw err instanceof TooLarge ? new HttpFailure("too-large", "too large") : err;
      return "";
    }
  };
  return new Promise<HttpAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const answer = (text: string) => {
      done = true;
      resolve({ status, header, text });
    };
    body.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        // Counted as it comes, whether the answer declared its length or not (and once decoded, at
        // its end). An error's explanation is cut short rather than lost.
        // A compressed one's cut-short bytes do not decode.
        if (ok) {
          done = true;
          reject(new HttpFailure("too-large", "too large"));
        } else answer(encodings.length > 0 ? "" : decode(concat(chunks, size - chunk.length)));
        discard(body);
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => {
      if (done) return;
      done = true;
      let text: string;
      try {
        text = textOf(concat(chunks, size));
      } catch (err) {
        const e = err as Error & { code?: string };
        reject(err instanceof HttpFailure ? err : new HttpFailure("network", e.code ?? e.message));
        return;
      }
      // undici hands a connection back to its pool one event-loop turn after the answer ended (it
      // checks meanwhile that the peer did not close it); answering after that turn lets the
      // caller's next request (the next page, the next shipment) reuse it rather than open another.
      setImmediate(() => resolve({ status, header, text }));
    });
    body.on("error", (err: Error & { code?: string }) => {
      if (done) return;
      // A timeout or an outside abort ends any answer; an error's unreadable body only loses its text.
      if (ok || err instanceof HttpFailure) {
        done = true;
        reject(err instanceof HttpFailure ? err : new HttpFailure("network", err.code ?? err.message));
      } else answer("");
    });
  });
}
