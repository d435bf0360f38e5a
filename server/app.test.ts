import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_LINES } from "../shared/enums";
import { createTestApp, type TestApp } from "../tests/setup/app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("process and readiness", () => {
  it("answers /healthz", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("reports database and jobs ready on /readyz", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", checks: { database: true, jobs: true } });
  });

  it("echoes a request id on every answer", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "abc12345-test" },
    });
    expect(res.headers["x-request-id"]).toBe("abc12345-test");
    const generated = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("routes of the console", () => {
  it.each(["/", "/app", "/app/console/shipments"])("redirects %s to /app/console", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/app/console");
  });

  it.each(["/app/auth/signin", "/app/console", "/app/console/shipments/123"])(
    "serves the React app for %s",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain('<div id="root">');
    },
  );

  it("sends token-carrying pages with a strict referrer policy and no framing", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app/auth/password-reset?token=abc" });
    expect(res.headers["referrer-policy"]).toBe("strict-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps share pages out of search indexes, and only them", async () => {
    const share = await t.app.inject({ method: "GET", url: "/app/share/some-link" });
    expect(share.statusCode).toBe(200);
    expect(share.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const consolePage = await t.app.inject({ method: "GET", url: "/app/console" });
    expect(consolePage.headers["x-robots-tag"]).toBeUndefined();
  });

  it("answers unknown non-page paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, code: "NOT_FOUND", message: "Not found." });
    const ja = await t.app.inject({
      method: "GET",
      url: "/no-such-thing",
      headers: { "accept-language": "ja" },
    });
    expect(ja.json().message).toBe("見つかりませんでした。");
  });

  it("serves the news list newest first", async () => {
    const res = await t.app.inject({ method: "GET", url: "/news-list.json" });
    expect(res.statusCode).toBe(200);
    const items = res.json() as { slug: string; publishDate: string; title: Record<string, string> }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const dates = items.map((i) => i.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of items) expect(Object.keys(item.title).sort()).toEqual(["en-US", "ja"]);
  });
});

describe("tRPC", () => {
  it("lists the 46 shipping lines with labels and Beta flags", async () => {
    const res = await t.app.inject({ method: "GET", url: "/trpc/carriers.shippingLines" });
    expect(res.statusCode).toBe(200);
    const lines = res.json().result.data as { code: string; beta: boolean }[];
    expect(lines).toHaveLength(46);
    expect(lines.filter((l) => l.beta).map((l) => l.code)).toEqual(["EXPEDITORS", "HOEGH", "WALLENIUS"]);
  });

  it("answers an unknown procedure with NOT_FOUND", async () => {
    const res = await t.app.inject({ method: "GET", url: "/trpc/nope.nothing" });
    expect(res.statusCode).toBe(404);
  });
});

describe("GraphQL", () => {
  it("answers the shippingLines query", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json" },
      payload: { query: "{ shippingLines { code label beta } }" },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data.shippingLines as { code: string; label: string; beta: boolean }[];
    expect(lines).toHaveLength(SHIPPING_LINES.length);
    expect(lines.find((l) => l.code === "MAERSK")).toEqual({ code: "MAERSK", label: "Maersk", beta: false });
  });

  it("refuses a simple (CSRF-able) request without a preflight header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ query: "{ shippingLines { code } }" }),
    });
    expect(res.statusCode).toBe(400);
  });
});
