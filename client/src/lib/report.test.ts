// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../app/error-boundary";
import {
  type ClientReport,
  installGlobalErrorReporting,
  MAX_REPORTS_PER_PAGE,
  reportCrash,
  reportError,
  reportProblem,
  setReportTransport,
} from "./report";
import { createRequest, RequestError } from "./request";

// Decision 0069: the crash screen says the team was notified, so crashes and unexpected
// failures really go to POST /client-errors, with the failed request's id.

let bodies: Record<string, unknown>[];
let restore: () => void;

beforeEach(() => {
  bodies = [];
  restore = setReportTransport(async (body) => {
    bodies.push(JSON.parse(body));
  });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

describe("reportError", () => {
  it("sends the kind, message, stack and request id in the server's report shape", () => {
    reportError({ kind: "request", message: "boom", stack: "at x", requestId: "req-12345678" });
    expect(bodies).toEqual([
      { kind: "request", message: "boom", stack: "at x", requestId: "req-12345678", url: "" },
    ]);
  });

  it("sends the same problem once and stops after a page's worth of reports", () => {
    reportError({ kind: "crash", message: "same" });
    reportError({ kind: "crash", message: "same" });
    expect(bodies).toHaveLength(1);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) reportError({ kind: "crash", message: `m${i}` });
    expect(bodies).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it("cuts long texts to the server's limits and drops a malformed request id", () => {
    reportError({ kind: "crash", message: "x".repeat(5000), stack: "y".repeat(9000), requestId: "a b" });
    const [body] = bodies;
    expect(String(body?.message)).toHaveLength(2000);
    expect(String(body?.stack)).toHaveLength(8000);
    expect(body).not.toHaveProperty("requestId");
  });

  it("never throws when the report cannot be sent", async () => {
    setReportTransport(() => Promise.reject(new Error("offline")));
    expect(() => reportError({ kind: "crash", message: "lost" })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("sends a handled problem's message but keeps its details (addresses, targets) local", () => {
    reportProblem("Ignored a redirect to another origin", { target: "https://evil.example/?token=abc" });
    expect(bodies).toEqual([{ kind: "problem", message: "Ignored a redirect to another origin", url: "" }]);
  });
});

describe("crash reports", () => {
  it("an error boundary reports what it caught, with the component stack and the request id", () => {
    const boundary = new ErrorBoundary({ children: null });
    boundary.setState = () => {};
    const error = new TypeError("Cannot read properties of undefined (reading 'eta')", {
      cause: new RequestError("server issue", 500, true, { requestId: "abcdef12-3456" }),
    });
    boundary.componentDidCatch(error, { componentStack: "\n    at ShipmentRow" });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      kind: "crash",
      message: "TypeError: Cannot read properties of undefined (reading 'eta')",
      requestId: "abcdef12-3456",
    });
    expect(String(bodies[0]?.stack)).toContain("at ShipmentRow");
  });

  it("reportCrash works without a component stack", () => {
    reportCrash(new Error("plain"));
    expect(bodies[0]).toMatchObject({ kind: "crash", message: "Error: plain" });
  });
});

describe("unhandled errors", () => {
  it("reports errors and rejections nothing caught", () => {
    const target = new EventTarget();
    installGlobalErrorReporting(target as unknown as Window);
    const errorEvent = Object.assign(new Event("error"), { error: new Error("in a handler"), message: "" });
    target.dispatchEvent(errorEvent);
    const rejection = Object.assign(new Event("unhandledrejection"), { reason: new Error("not awaited") });
    target.dispatchEvent(rejection);
    expect(bodies.map((b) => [b.kind, b.message])).toEqual([
      ["unhandled", "in a handler"],
      ["unhandled", "Error: not awaited"],
    ]);
  });
});

describe("the request layer", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const id = req.url?.startsWith("/down") ? "srv-req-0001" : "srv-req-0002";
      const status = req.url?.startsWith("/down") ? 503 : 403;
      res.writeHead(status, { "content-type": "application/json", "x-request-id": id });
      res.end(JSON.stringify({ error: true, code: "PERMISSION_DENIED", message: "denied" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function makeRequest(reports: ClientReport[]) {
    return createRequest({
      getLanguage: () => "en",
      serverIssueMessage: () => "server issue",
      timeoutMs: 5000,
      maxAttempts: 3,
      backoffMs: () => 0,
      fetch: (input, init) => globalThis.fetch(input, init),
      report: (r) => reports.push(r),
    });
  }

  it("reports a request that failed after every attempt, with the server's request id and no query", async () => {
    const reports: ClientReport[] = [];
    const error = await makeRequest(reports)(`${base}/down/trpc/x?input=secret`).catch((e: unknown) => e);
    expect((error as RequestError).requestId).toBe("srv-req-0001");
    expect(reports).toEqual([
      { kind: "request", message: "/down/trpc/x: HTTP 503", requestId: "srv-req-0001" },
    ]);
  });

  it("does not report an expected refusal, but keeps its request id on the error", async () => {
    const reports: ClientReport[] = [];
    const error = await makeRequest(reports)(`${base}/denied`).catch((e: unknown) => e);
    expect((error as RequestError).code).toBe("PERMISSION_DENIED");
    expect((error as RequestError).requestId).toBe("srv-req-0002");
    expect(reports).toEqual([]);
  });
});
