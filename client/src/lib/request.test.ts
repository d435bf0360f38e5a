// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ja } from "../../../shared/i18n/ja";
import { changeLanguage } from "./i18n";
import { createRequest, RequestError, type RequestOptions, request } from "./request";

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

let server: Server;
let base: string;
let handler: Handler;
let hits: IncomingMessage[];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req);
    handler(req, res, hits.length);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
  // The layer logs what it gave up on; that is expected here and only clutters the output.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const seenInits: RequestInit[] = [];
function makeRequest(overrides: Partial<RequestOptions> = {}) {
  return createRequest({
    getLanguage: () => "ja",
    serverIssueMessage: () => "server issue",
    timeoutMs: 5000,
    maxAttempts: 3,
    backoffMs: () => 0,
    fetch: (input, init) => {
      if (init) seenInits.push(init);
      return globalThis.fetch(input, init);
    },
    ...overrides,
  });
}

describe("request layer", () => {
  it("retries a 500 and returns the later success", async () => {
    handler = (_req, res, hit) =>
      hit < 3 ? json(res, 500, { error: true, message: "boom" }) : json(res, 200, { ok: 1 });
    const response = await makeRequest()(`${base}/x`);
    expect(await response.json()).toEqual({ ok: 1 });
    expect(hits).toHaveLength(3);
  });

  it("retries a dropped connection", async () => {
    handler = (req, res, hit) => (hit === 1 ? req.socket.destroy() : json(res, 200, { ok: 2 }));
    const response = await makeRequest()(`${base}/x`);
    expect(await response.json()).toEqual({ ok: 2 });
    expect(hits).toHaveLength(2);
  });

  it("gives up after three attempts with the server-issue message", async () => {
    handler = (_req, res) => json(res, 503, { error: true, message: "down" });
    const error = await makeRequest()(`${base}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toBe("server issue");
    expect((error as RequestError).exhausted).toBe(true);
    expect(hits).toHaveLength(3);
  });

  it("does not retry a 400 and surfaces the server message", async () => {
    handler = (_req, res) => json(res, 400, { error: true, message: "Please input correct email." });
    await expect(makeRequest()(`${base}/x`)).rejects.toThrow("Please input correct email.");
    expect(hits).toHaveLength(1);
  });

  it("returns other 4xx responses untouched so tRPC can read its own error body", async () => {
    handler = (_req, res) => json(res, 401, { error: { message: "no", code: -32001 } });
    const response = await makeRequest()(`${base}/x`);
    expect(response.status).toBe(401);
    expect(hits).toHaveLength(1);
  });

  it("times out a silent server and retries", async () => {
    handler = (_req, res, hit) => {
      if (hit > 1) json(res, 200, { ok: 3 });
    };
    const response = await makeRequest({ timeoutMs: 300 })(`${base}/x`);
    expect(await response.json()).toEqual({ ok: 3 });
    expect(hits).toHaveLength(2);
  });

  it("fails with the server-issue message when every attempt times out", async () => {
    handler = () => {};
    await expect(makeRequest({ timeoutMs: 200 })(`${base}/x`)).rejects.toThrow("server issue");
    expect(hits).toHaveLength(3);
  });

  it("sends the language, keeps caller headers and includes credentials", async () => {
    handler = (_req, res) => json(res, 200, {});
    seenInits.length = 0;
    await makeRequest()(`${base}/x`, { method: "POST", body: "{}", headers: { "x-test": "1" } });
    expect(hits[0]?.headers["accept-language"]).toBe("ja");
    expect(hits[0]?.headers["x-test"]).toBe("1");
    expect(hits[0]?.method).toBe("POST");
    expect(seenInits[0]?.credentials).toBe("include");
  });

  it("does not retry when the caller aborts", async () => {
    handler = () => {};
    const controller = new AbortController();
    const pending = makeRequest()(`${base}/x`, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(hits).toHaveLength(1);
  });

  it("the app's request sends the current language and translates the give-up message", async () => {
    await changeLanguage("ja");
    handler = (req, res) => json(res, 500, { error: true, message: String(req.headers["accept-language"]) });
    await expect(request(`${base}/x`)).rejects.toThrow(ja.errors.SERVER_ISSUE);
    expect(hits.map((h) => h.headers["accept-language"])).toEqual(["ja", "ja", "ja"]);
    await changeLanguage("en");
  });
});
