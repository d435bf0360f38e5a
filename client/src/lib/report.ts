/**
 * The one place the console reports problems (spec 01 §8): crashes, requests that failed after
 * every retry, unhandled errors and ignored redirects go to the server's POST /client-errors,
 * which logs them with the failed request's id so a report and the server's own log line meet.
 */

export type ReportKind = "crash" | "request" | "unhandled" | "redirect" | "problem";

export interface ClientReport {
  kind: ReportKind;
  message: string;
  stack?: string | undefined;
  /** x-request-id of the request that failed, when there was an answer. */
  requestId?: string | undefined;
}

/** The server's limits (telemetry.service.ts ClientErrorReport); longer texts are cut, not refused. */
const MAX_MESSAGE = 2000;
const MAX_STACK = 8000;
/** A render loop or a flapping connection must not turn one page into a flood of reports. */
export const MAX_REPORTS_PER_PAGE = 10;
const REQUEST_ID = /^[\w-]{8,64}$/;

type Send = (body: string) => Promise<unknown>;

const sendToServer: Send = (body) =>
  // Straight to fetch, not through the retrying request layer: a failed report must never cause
  // another report. keepalive lets it finish while the page unloads (Reload on the crash screen).
  fetch("/client-errors", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    credentials: "same-origin",
    keepalive: true,
  });

let send: Send = sendToServer;
let sent = 0;
const seen = new Set<string>();

/** Tests swap the transport; returns a function that restores the real one and the counters. */
export function setReportTransport(transport: Send): () => void {
  send = transport;
  sent = 0;
  seen.clear();
  return () => {
    send = sendToServer;
    sent = 0;
    seen.clear();
  };
}

/** The page's path only: query strings carry one-time tokens (reset, verification links). */
function currentPath(): string {
  if (typeof window === "undefined") return "";
  return window.location.pathname.slice(0, 2000);
}

export function reportError(report: ClientReport): void {
  const key = `${report.kind}:${report.message}:${report.requestId ?? ""}`;
  if (seen.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  sent += 1;
  const body = JSON.stringify({
    kind: report.kind,
    message: report.message.slice(0, MAX_MESSAGE) || "(no message)",
    ...(report.stack ? { stack: report.stack.slice(0, MAX_STACK) } : {}),
    ...(report.requestId && REQUEST_ID.test(report.requestId) ? { requestId: report.requestId } : {}),
    url: currentPath(),
  });
  // Reporting is best effort: a failure here has nowhere better to go than the browser console.
  send(body).catch((error: unknown) => console.warn("Could not send an error report", error));
}

/** The request id carried by an error or one of its causes (RequestError sets it). */
export function requestIdOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const id = (current as { requestId?: unknown }).requestId;
    if (typeof id === "string") return id;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A crash caught by an error boundary, with React's component stack after the error's own. */
export function reportCrash(error: Error, componentStack?: string | null): void {
  const stack = [error.stack, componentStack?.trim()].filter(Boolean).join("\n\n");
  reportError({
    kind: "crash",
    message: `${error.name}: ${error.message}`,
    stack,
    requestId: requestIdOf(error),
  });
}

/**
 * Problems the console handled but the team should know about (an ignored redirect, a Google
 * account other than the invited one). Only the message travels: details may hold addresses or
 * tokens, so they stay in this browser's console.
 */
export function reportProblem(message: string, details?: Record<string, unknown>): void {
  console.warn(`[report] ${message}`, details ?? {});
  reportError({ kind: "problem", message });
}

/** Errors nothing caught: thrown in an event handler or a promise no one awaited. */
export function installGlobalErrorReporting(target: Window = window): void {
  target.addEventListener("error", (event) => {
    const error = event.error instanceof Error ? event.error : undefined;
    reportError({ kind: "unhandled", message: error?.message ?? event.message, stack: error?.stack });
  });
  target.addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason;
    const error = reason instanceof Error ? reason : undefined;
    reportError({
      kind: "unhandled",
      message: error ? `${error.name}: ${error.message}` : String(reason),
      stack: error?.stack,
      requestId: requestIdOf(reason),
    });
  });
}
