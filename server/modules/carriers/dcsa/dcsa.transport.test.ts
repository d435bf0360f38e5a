import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fetchDcsaTracking, joinPages, nextPageUrl, retryAfterSeconds } from "./dcsa.adapter";
import {
  carrierPeer,
  MAERSK_A,
  type Peer,
  sendJson,
  setupCarrierPeer,
  snapshotOf,
  testEndpoint,
  transport,
  vesselCall,
} from "./dcsa.fixtures";

// The DCSA adapter's transport against a real HTTP peer on loopback: paging, malformed answers as
// BAD_PAYLOAD, and every HTTP status and network failure the adapter must type.

const peers = setupCarrierPeer();
let peer: Peer | null = null;

describe("paging", () => {
  const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
  const pod = vesselCall("tc-2", "NLRTM", MAERSK_A, { imp: "612W" });
  const page1 = [transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol)];
  const page2 = [transport("ARRI", "EST", "2026-02-26T14:00:00+01:00", pod)];

  it("follows a Next-Page cursor through the cursor parameter", async () => {
    peer = await peers.start((_req, res, url) => {
      if (url.searchParams.get("cursor") === "c2") sendJson(res, 200, page2);
      else sendJson(res, 200, page1, { "Next-Page": "c2" });
    });
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345"));
    expect([s.departureTimeStatus, s.arrivalTime]).toEqual(["ACTUAL", "2026-02-26T14:00:00+01:00"]);
    expect(peer.requests).toHaveLength(2);
    expect(peer.requests[1]?.headers["x-carrier-key"]).toBe("k-123");
  });

  it("follows a Next-Page link on the carrier's host", async () => {
    peer = await peers.start((_req, res, url) => {
      if (url.searchParams.get("page") === "2") sendJson(res, 200, page2);
      else sendJson(res, 200, page1, { "Next-Page": `${(peer as Peer).url}/v2/events?page=2` });
    });
    const s = snapshotOf(await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345"));
    expect(s.vessels[0]?.arrivalTime).toBe("2026-02-26T14:00:00+01:00");
  });

  it("never follows a Next-Page link to another host (the key would go with it)", () => {
    expect(nextPageUrl("https://elsewhere.example/v2/events?p=2", "http://127.0.0.1:9/api")).toBeNull();
    expect(nextPageUrl("/api/v2/events?p=2", "http://127.0.0.1:9/api")).toBe(
      "http://127.0.0.1:9/api/v2/events?p=2",
    );
    expect(nextPageUrl("abc=", "http://127.0.0.1:9/api")).toBe(
      "http://127.0.0.1:9/api/v2/events?cursor=abc%3D",
    );
  });

  it("a carrier whose paging repeats itself is a BAD_PAYLOAD, not an endless loop", async () => {
    peer = await peers.start((_req, res) => sendJson(res, 200, page1, { "Next-Page": "same" }));
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe("BAD_PAYLOAD");
  });
});

describe("malformed answers are BAD_PAYLOAD failures", () => {
  const good = transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", vesselCall("tc", "CNSGH", MAERSK_A));
  it.each([
    ["a wrong enum value", [{ ...good, transportEventTypeCode: "LEFT" }]],
    ["a wrong classifier", [{ ...good, eventClassifierCode: "GUESS" }]],
    ["a broken date-time", [{ ...good, eventDateTime: "2026-02-30T10:00:00+01:00" }]],
    ["a date-time without an offset", [{ ...good, eventDateTime: "2026-02-03T10:00:00" }]],
    ["a missing transport call", [{ ...good, transportCall: undefined }]],
    ["an unknown event type", [{ ...good, eventType: "WEATHER" }]],
    ["an object instead of a list", { events: [good] }],
    ["a bad UN/LOCODE", [{ ...good, transportCall: vesselCall("tc", "shanghai", MAERSK_A) }]],
  ])("%s", async (_name, body) => {
    const { url } = await peers.serve(body);
    const result = await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe("BAD_PAYLOAD");
  });

  it("an answer that is not JSON", async () => {
    peer = await peers.start((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    });
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(result).toEqual({
      ok: false,
      failure: { kind: "BAD_PAYLOAD", message: "The carrier's answer is not JSON" },
    });
  });
});

describe("HTTP status and network failures", () => {
  const dcsaError = (message: string) => ({ statusCode: 0, errors: [{ reason: "x", message }] });
  it.each([
    [404, "NOT_FOUND"],
    [410, "NOT_FOUND"],
    [400, "INVALID_NUMBER"],
    [401, "CARRIER_UNAVAILABLE"],
    [500, "CARRIER_UNAVAILABLE"],
    [502, "CARRIER_UNAVAILABLE"],
    [503, "CARRIER_UNAVAILABLE"],
  ])("HTTP %i is %s", async (status, kind) => {
    const { url } = await peers.serve(dcsaError("carrier says no"), status);
    const result = await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe(kind);
  });

  it("400 carries the carrier's explanation", async () => {
    const { url } = await peers.serve(dcsaError("transportDocumentReference is too long"), 400);
    const result = await fetchDcsaTracking(testEndpoint(url), "BILL_OF_LADING_NUMBER", "X");
    expect(result.ok ? "" : result.failure.message).toContain("transportDocumentReference is too long");
  });

  it("429 with Retry-After in seconds is RATE_LIMITED with the wait", async () => {
    const { url } = await peers.serve(dcsaError("slow down"), 429, { "Retry-After": "120" });
    const result = await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure).toMatchObject({ kind: "RATE_LIMITED", retryAfterSeconds: 120 });
  });

  it("429 with Retry-After as a date counts from the given clock", async () => {
    const now = new Date("2026-03-01T10:00:00Z");
    const { url } = await peers.serve(dcsaError("slow down"), 429, {
      "Retry-After": "Sun, 01 Mar 2026 10:05:00 GMT",
    });
    const result = await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345", {
      now: () => now,
    });
    expect(result.ok ? null : result.failure.retryAfterSeconds).toBe(300);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });

  it("an empty list (DCSA's answer for an unknown reference) is NOT_FOUND", async () => {
    const { url } = await peers.serve([]);
    const result = await fetchDcsaTracking(testEndpoint(url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe("NOT_FOUND");
  });

  it("a refused connection is CARRIER_UNAVAILABLE", async () => {
    const closed = await carrierPeer(() => {});
    await closed.close();
    const result = await fetchDcsaTracking(testEndpoint(closed.url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? null : result.failure.kind).toBe("CARRIER_UNAVAILABLE");
    expect(result.ok ? "" : result.failure.message).toContain("ECONNREFUSED");
  });

  it("a carrier that never answers times out as CARRIER_UNAVAILABLE", async () => {
    peer = await peers.start(() => {});
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345", {
      timeoutMs: 200,
    });
    expect(result).toEqual({
      ok: false,
      failure: { kind: "CARRIER_UNAVAILABLE", message: "The carrier did not answer within 200 ms" },
    });
  });
});

describe("the carrier's answer as it was sent", () => {
  const pol = vesselCall("tc-1", "CNSGH", MAERSK_A, { exp: "612W" });
  const pod = vesselCall("tc-2", "NLRTM", MAERSK_A, { imp: "612W" });
  const events = [
    transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", pol),
    { ...transport("ARRI", "EST", "2026-02-26T14:00:00+01:00", pod), changeRemark: '港の混雑 "berth" 😀' },
  ];

  it("keeps the JSON text of a one-page answer byte for byte, spacing, key order and escapes included", async () => {
    const body = `[\n  ${JSON.stringify(events[0], null, 1)} ,\t${JSON.stringify(events[1]).replace("港", "\\u6e2f")}\n]\n`;
    peer = await peers.start((_req, res) => sendJson(res, 200, body));
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(result.ok ? result.raw : null).toBe(body);
  });

  it("joins the event lists of several pages into one list", async () => {
    peer = await peers.start((_req, res, url) => {
      const page = url.searchParams.get("cursor");
      if (page === "c3") sendJson(res, 200, " [ ] ");
      else if (page === "c2") sendJson(res, 200, [events[1]], { "Next-Page": "c3" });
      else sendJson(res, 200, `\n[${JSON.stringify(events[0])}]`, { "Next-Page": "c2" });
    });
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(JSON.parse(result.ok ? (result.raw ?? "") : "null")).toEqual(events);
    expect(joinPages(["[1]", "[]", " [2,3] "])).toBe("[1,2,3]");
  });

  it("reads an answer compressed with gzip, and one that starts with a byte order mark", async () => {
    const body = JSON.stringify(events);
    peer = await peers.start((req, res) => {
      if (req.url?.includes("bom")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`\ufeff${body}`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(body));
    });
    const gzipped = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(gzipped.ok ? gzipped.raw : null).toBe(body);
    const withBom = await fetchDcsaTracking(testEndpoint(`${peer.url}/bom`), "BOOKING_NUMBER", "240512345");
    expect(withBom.ok ? withBom.raw : null).toBe(body);
  });

  it("reads answers compressed with br or deflate, and a compressed error's explanation", async () => {
    const body = JSON.stringify(events);
    peer = await peers.start((req, res) => {
      if (req.url?.includes("error")) {
        res.writeHead(400, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end(
          gzipSync(JSON.stringify({ errors: [{ reason: "x", message: "equipmentReference is unknown" }] })),
        );
        return;
      }
      const br = req.url?.includes("br");
      res.writeHead(200, { "content-type": "application/json", "content-encoding": br ? "br" : "deflate" });
      res.end(br ? brotliCompressSync(body) : deflateSync(body));
    });
    for (const base of [`${peer.url}/br`, `${peer.url}/deflate`]) {
      const result = await fetchDcsaTracking(testEndpoint(base), "BOOKING_NUMBER", "240512345");
      expect(result.ok ? result.raw : null).toBe(body);
    }
    const refused = await fetchDcsaTracking(testEndpoint(`${peer.url}/error`), "BOOKING_NUMBER", "240512345");
    expect(refused.ok ? null : refused.failure).toMatchObject({ kind: "INVALID_NUMBER" });
    expect(refused.ok ? "" : refused.failure.message).toContain("equipmentReference is unknown");
  });
});

describe("connections", () => {
  const body = [transport("DEPA", "ACT", "2026-01-21T02:30:00+08:00", vesselCall("tc", "CNSGH", MAERSK_A))];

  it("keeps the connection to a carrier open from one request to the next", async () => {
    const sockets = new Set<unknown>();
    peer = await peers.start((req, res) => {
      sockets.add(req.socket);
      sendJson(res, 200, body);
    });
    for (let i = 0; i < 3; i += 1) {
      const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
      expect(result.ok).toBe(true);
    }
    expect(peer.requests).toHaveLength(3);
    expect(sockets.size).toBe(1);
  });

  it("sends a request again on a new connection when the kept one was closed under it", async () => {
    const served = new Map<unknown, number>();
    peer = await peers.start((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      // The second request on a connection finds it closed, as after a carrier's idle timeout.
      if (count === 2) req.socket.destroy();
      else sendJson(res, 200, body);
    });
    const first = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    const second = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(served.size).toBe(2);
  });

  it("a redirect is CARRIER_UNAVAILABLE: the key is never sent where the carrier points", async () => {
    const target = await carrierPeer((_req, res) => sendJson(res, 200, body));
    try {
      peer = await peers.start((_req, res) => {
        res.writeHead(302, { location: `${target.url}/v2/events` });
        res.end();
      });
      const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
      expect(result.ok ? null : result.failure.kind).toBe("CARRIER_UNAVAILABLE");
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("an answer past 10 MiB is BAD_PAYLOAD, whether it says its length or not", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    peer = await peers.start((req, res) => {
      const declared = req.url?.includes("declared");
      res.writeHead(200, {
        "content-type": "application/json",
        ...(declared ? { "content-length": String(11 * chunk.length) } : {}),
      });
      for (let i = 0; i < 11; i += 1) res.write(chunk);
      res.end();
    });
    for (const base of [peer.url, `${peer.url}/declared`]) {
      const result = await fetchDcsaTracking(testEndpoint(base), "BOOKING_NUMBER", "240512345");
      expect(result).toEqual({
        ok: false,
        failure: { kind: "BAD_PAYLOAD", message: "The carrier's answer is too large" },
      });
    }
  });

  it("a small compressed answer that decodes past 10 MiB is BAD_PAYLOAD; a compressed error past it keeps its status", async () => {
    const bomb = gzipSync(Buffer.alloc(11 * 1024 * 1024, 0x20));
    peer = await peers.start((req, res) => {
      res.writeHead(req.url?.includes("error") ? 400 : 200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
      });
      res.end(bomb);
    });
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345");
    expect(result).toEqual({
      ok: false,
      failure: { kind: "BAD_PAYLOAD", message: "The carrier's answer is too large" },
    });
    const refused = await fetchDcsaTracking(testEndpoint(`${peer.url}/error`), "BOOKING_NUMBER", "240512345");
    expect(refused.ok ? null : refused.failure.kind).toBe("INVALID_NUMBER");
  });

  it("reads an answer compressed twice (gzip, then br) and raw deflate", async () => {
    const text = JSON.stringify(body);
    peer = await peers.start((req, res) => {
      const raw = req.url?.includes("raw");
      res.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": raw ? "deflate" : "gzip, br",
      });
      res.end(raw ? deflateRawSync(text) : brotliCompressSync(gzipSync(text)));
    });
    for (const base of [peer.url, `${peer.url}/raw`]) {
      const result = await fetchDcsaTracking(testEndpoint(base), "BOOKING_NUMBER", "240512345");
      expect(result.ok ? result.raw : null).toBe(text);
    }
  });

  it("an outside abort ends the request as CARRIER_UNAVAILABLE", async () => {
    peer = await peers.start(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await fetchDcsaTracking(testEndpoint(peer.url), "BOOKING_NUMBER", "240512345", {
      signal: controller.signal,
    });
    expect(result.ok ? null : result.failure.kind).toBe("CARRIER_UNAVAILABLE");
  });
});
