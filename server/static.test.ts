import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../tests/setup/app";

// The built console (made by the test setup into CLIENT_DIST_DIR) served as a CDN would, and API
// answers compressed. The console is copied, so that the "rebuilt" case can change it underneath
// a running server without touching the build other test files use.

const built = path.resolve(process.env.CLIENT_DIST_DIR ?? "dist/client");
let dist: string;
let t: TestApp;
let entryScript: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "static-test-"));
  await cp(built, dist, { recursive: true });
  t = await createTestApp({ env: { CLIENT_DIST_DIR: dist } });
  const html = await readFile(path.join(dist, "index.html"), "utf8");
  const match = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!match?.[1]) throw new Error("the built index.html names no entry script");
  entryScript = match[1];
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe("built console files", () => {
  it("the build made a brotli and a gzip file for every script and style sheet", async () => {
    const files = await readdir(path.join(dist, "assets"));
    // A file of a few hundred bytes may not get smaller; the server sends it as it is.
    const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(dist, "assets", f))).size));
    const code = files.filter((f, i) => /\.(js|css)$/.test(f) && (sizes[i] ?? 0) > 1024);
    expect(code.length).toBeGreaterThan(5);
    for (const file of code) {
      expect(files, file).toContain(`${file}.br`);
      expect(files, file).toContain(`${file}.gz`);
    }
  });

  it("sends a hashed asset brotli-encoded, cached for a year as immutable", async () => {
    const original = await readFile(path.join(dist, entryScript));
    const res = await get(entryScript, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(res.rawPayload).equals(original)).toBe(true);
    // Document-only security headers stay on the HTML; what applies to a script stays here too.
    expect(res.headers["content-security-policy"]).toBeUndefined();
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("sends gzip to a client without brotli and the file itself to one that accepts neither", async () => {
    const original = await readFile(path.join(dist, entryScript));
    const gzip = await get(entryScript, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);
    const plain = await get(entryScript, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the HTML of a console page with no-cache and validators, and 304 when unchanged", async () => {
    const first = await get("/app/auth/signin", { "accept-encoding": "br" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain(entryScript);
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    expect(first.headers["last-modified"]).toEqual(expect.any(String));
    expect(first.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(first.headers["x-frame-options"]).toBe("DENY");

    const again = await get("/app/console", { "accept-encoding": "br", "if-none-match": String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("a share page's HTML stays out of search indexes", async () => {
    const res = await get("/app/share/some-token");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("a rebuilt console is served at once: new HTML (new ETag) and new asset names, no restart", async () => {
    const before = await get("/app/console");
    const html = (await readFile(path.join(dist, "index.html"), "utf8")).replace(
      "</head>",
      '<script type="module" src="/assets/rebuilt-Zx81.js"></script></head>',
    );
    // As a rebuild does: every variant of the HTML rewritten, a new hashed asset added.
    await rm(path.join(dist, "index.html.br"), { force: true });
    await rm(path.join(dist, "index.html.gz"), { force: true });
    await writeFile(path.join(dist, "index.html"), html);
    await writeFile(path.join(dist, "assets", "rebuilt-Zx81.js"), "export const rebuilt = true;\n");

    const after = await get("/app/console", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("/assets/rebuilt-Zx81.js");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const asset = await get("/assets/rebuilt-Zx81.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("export const rebuilt = true;\n");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("a missing asset is a 404, not the HTML", async () => {
    const res = await get("/assets/missing-0000.js");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
  });
});

describe("API answers", () => {
  it("a tRPC answer above 1 KiB is compressed as the client accepts", async () => {
    const url = "/trpc/carriers.shippingLines";
    const plain = await get(url, { "accept-encoding": "identity" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("a small answer goes out as it is", async () => {
    const res = await get("/healthz", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });
});
