import { REQUEST_MAX_ATTEMPTS, REQUEST_TIMEOUT_MS } from "../../../shared/constants";
import { currentLanguage, i18n } from "./i18n";
import { type ClientReport, reportError } from "./report";

/**
 * Thrown by the request layer. `exhausted` marks failures that were already retried here, so
 * callers with their own retry (the QueryClient) do not multiply the attempts.
 */
export class RequestError extends Error {
  override name = "RequestError";
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly exhausted: boolean,
    options?: { cause?: unknown; code?: string; requestId?: string | undefined },
  ) {
    super(message, options);
    this.code = options?.code;
    this.requestId = options?.requestId;
  }
  /** The server's error code ("UnableToGetUserSession", "RATE_LIMITED", ...), when it sent one. */
  readonly code: string | undefined;
  /** The server's x-request-id for the last attempt, when it answered: what support searches logs for. */
  readonly requestId: string | undefined;
}

export interface RequestOptions {
  getLanguage: () => string;
  serverIssueMessage: () => string;
  timeoutMs: number;
  maxAttempts: number;
  /** Pause before attempt n (n >= 2); short because the user is waiting. */
  backoffMs: (attempt: number) => number;
  fetch: typeof globalThis.fetch;
  /** Told about a request that failed after every attempt (an unexpected failure, spec 01 §8). */
  report?: (report: ClientReport) => void;
}

export type RequestFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

class RetryableFailure extends Error {
  constructor(
    message: string,
    options: { cause?: unknown },
    readonly requestId?: string | undefined,
  ) {
    super(message, options);
  }
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

interface ServerFailure {
  message: string;
  code: string | undefined;
}

/** The `{ error: true, code, message }` body of a failed response, if that is what it carries. */
async function serverFailure(response: Response): Promise<ServerFailure | undefined> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== "object" || body === null) return undefined;
    const { error, message, code } = body as { error?: unknown; message?: unknown; code?: unknown };
    if (error !== true || typeof message !== "string") return undefined;
    return { message, code: typeof code === "string" ? code : undefined };
  } catch {
    return undefined;
  }
}

/** AbortSignal.any where the browser has it (not Safari < 17.4); the same thing by hand elsewhere. */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) both.abort(signal.reason);
    else signal.addEventListener("abort", () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}

function withLanguage(headers: HeadersInit | undefined, language: string): Headers {
  const merged = new Headers(headers);
  merged.set("Accept-Language", language);
  return merged;
}

export function createRequest(options: RequestOptions): RequestFn {
  async function attempt(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException("Fetch request timed out", "TimeoutError")),
      options.timeoutMs,
    );
    const signal = init?.signal ? eitherSignal(init.signal, timeout.signal) : timeout.signal;
    try {
      const response = await options.fetch(input instanceof Request ? input.clone() : input, {
        ...init,
        credentials: "include",
        headers: withLanguage(
          init?.headers ?? (input instanceof Request ? input.headers : undefined),
          options.getLanguage(),
        ),
        signal,
      });
      if (response.status >= 500) {
        const failure = await serverFailure(response);
        throw new RetryableFailure(
          `HTTP ${response.status}`,
          { cause: failure?.message },
          response.headers.get("x-request-id") ?? undefined,
        );
      }
      if (!response.ok) {
        const failure = await serverFailure(response);
        if (failure) {
          throw new RequestError(failure.message, response.status, false, {
            code: failure.code,
            requestId: response.headers.get("x-request-id") ?? undefined,
          });
        }
      }
      return response;
    } catch (error) {
      if (error instanceof RequestError || error instanceof RetryableFailure) throw error;
      // The caller's own abort is a decision, not a failure: never retry it.
      if (init?.signal?.aborted) throw init.signal.reason ?? error;
      throw new RetryableFailure(error instanceof Error ? error.message : String(error), { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  return async function request(input, init) {
    let lastFailure: unknown;
    for (let n = 1; n <= options.maxAttempts; n++) {
      if (n > 1) await sleep(options.backoffMs(n), init?.signal);
      try {
        return await attempt(input, init);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        lastFailure = error;
      }
    }
    const requestId = lastFailure instanceof RetryableFailure ? lastFailure.requestId : undefined;
    const message = lastFailure instanceof Error ? lastFailure.message : String(lastFailure);
    // The path only: query strings can carry tokens and search terms.
    options.report?.({ kind: "request", message: `${requestPath(input)}: ${message}`, requestId });
    throw new RequestError(options.serverIssueMessage(), undefined, true, { cause: lastFailure, requestId });
  };
}

function requestPath(input: RequestInfo | URL): string {
  const raw = input instanceof Request ? input.url : String(input);
  try {
    return new URL(raw, "http://local").pathname;
  } catch {
    return raw.split("?")[0] ?? "";
  }
}

/** The app's fetch: credentials, language, time-out and retry of spec 01 §7. Usable as tRPC's fetch. */
export const request: RequestFn = createRequest({
  getLanguage: currentLanguage,
  serverIssueMessage: () => i18n.t("errors.SERVER_ISSUE"),
  timeoutMs: REQUEST_TIMEOUT_MS,
  maxAttempts: REQUEST_MAX_ATTEMPTS,
  backoffMs: (n) => 250 * (n - 1),
  fetch: (input, init) => globalThis.fetch(input, init),
  report: reportError,
});

/** GET a JSON document through the request layer. */
export async function getJson<T>(url: string, fetchFn: RequestFn = request): Promise<T> {
  const response = await fetchFn(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new RequestError(`HTTP ${response.status}`, response.status, false);
  return (await response.json()) as T;
}
