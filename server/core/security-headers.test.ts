import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/app";

// Decision 0066: a strict CSP the console passes, HSTS only on an https APP_URL, and no-store on
// every API answer (tRPC, GraphQL, /auth) because they carry personal data.

let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  [plain, secure] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { APP_URL: "https://tracking.example" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close()]);
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("security headers", () => {
  it("sends a CSP that allows only same-origin scripts, with no inline script", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/app/console" });
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toContain("'self'");
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("serves a console page with no inline script for the CSP to block", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/app/console" });
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\//);
      expect(body?.trim()).toBe("");
    }
    expect(res.body).not.toMatch(/\son[a-z]+="/);
  });

  it("sends HSTS only when APP_URL is https", async () => {
    const http = await plain.app.inject({ method: "GET", url: "/healthz" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    const https = await secure.app.inject({ method: "GET", url: "/healthz" });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const csp = directives(https.headers["content-security-policy"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });

  it("keeps the referrer policy, nosniff and no framing", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/app/auth/password-reset?token=abc" });
    expect(res.headers["referrer-policy"]).toBe("strict-origin");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it.each([
    ["GET", "/trpc/account.viewer"],
    ["GET", "/auth/me"],
    ["POST", "/graphql"],
  ])("answers %s %s with Cache-Control: no-store", async (method, url) => {
    const res = await plain.app.inject({
      method: method as "GET" | "POST",
      url,
      ...(method === "POST" ? { payload: { query: "{ _version }" } } : {}),
    });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the console's static files cacheable", async () => {
    const page = await plain.app.inject({ method: "GET", url: "/app/console" });
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(asset).toBeDefined();
    const res = await plain.app.inject({ method: "GET", url: asset ?? "" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).not.toBe("no-store");
  });
});
