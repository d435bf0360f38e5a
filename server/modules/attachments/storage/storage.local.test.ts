import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TestClock } from "../../../core/clock";
import { pathOf, pdfOfSize, put, setupLocalStorage } from "../attachments.testkit";
import { storageFor } from "./storage";

// The local store's signed addresses: what was signed is what is accepted, and nothing else.

const clock = new TestClock("2026-01-15T00:00:00Z");
const s = setupLocalStorage(clock);

async function signedUpload(key: string, size: number, contentType = "application/pdf") {
  const ticket = await storageFor(s.config).signUpload({
    key,
    contentType,
    sizeBytes: size,
    expiresInSeconds: 900,
    now: clock.now(),
  });
  return { uploadUrl: ticket.url, headers: ticket.headers };
}

function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

const key = () => crypto.randomUUID();

describe("signed upload addresses (PUT)", () => {
  it("store exactly the bytes sent, with the signed content type", async () => {
    const k = key();
    const body = pdfOfSize(2000);
    const res = await put(s.app, await signedUpload(k, body.length), body);
    expect(res.statusCode).toBe(200);
    expect(await readFile(path.join(s.dir, "attachments", k))).toEqual(body);
    expect(await storageFor(s.config).size(k)).toBe(2000);
    const inspected = await storageFor(s.config).inspect(k, 8);
    expect(inspected?.size).toBe(2000);
    expect(inspected?.start.toString()).toBe("%PDF-1.4");
    expect(
      await storageFor(s.config).finalize(k, inspected ?? { size: 0, start: Buffer.alloc(0), version: null }),
    ).toBe(k);
  });

  it.each([
    ["content type", "ct", "image/png"],
    ["size", "size", "999999"],
    ["expiry", "exp", String(Math.floor(clock.now().getTime() / 1000) + 86_400)],
    ["signature", "sig", "AAAA"],
  ])("refuse a changed %s with 403 and store nothing", async (_name, param, value) => {
    const k = key();
    const body = pdfOfSize(100);
    const ticket = await signedUpload(k, body.length);
    const res = await put(s.app, { ...ticket, uploadUrl: withParam(ticket.uploadUrl, param, value) }, body);
    expect(res.statusCode).toBe(403);
    expect(await storageFor(s.config).size(k)).toBeNull();
  });

  it("refuse another key under the same signature", async () => {
    const ticket = await signedUpload(key(), 100);
    const other = key();
    const url = ticket.uploadUrl.replace(/attachments\/[0-9a-f-]{36}/, `attachments/${other}`);
    expect((await put(s.app, { ...ticket, uploadUrl: url }, pdfOfSize(100))).statusCode).toBe(403);
    expect(await storageFor(s.config).size(other)).toBeNull();
  });

  it("refuse a PUT whose Content-Type is not the signed one", async () => {
    const k = key();
    const ticket = await signedUpload(k, 100);
    const res = await put(s.app, { ...ticket, headers: { "content-type": "image/png" } }, pdfOfSize(100));
    expect(res.statusCode).toBe(403);
  });

  it("refuse an expired address", async () => {
    const k = key();
    const ticket = await signedUpload(k, 100);
    clock.advance(901_000);
    try {
      expect((await put(s.app, ticket, pdfOfSize(100))).statusCode).toBe(403);
    } finally {
      clock.advance(-901_000);
    }
    expect(await storageFor(s.config).size(k)).toBeNull();
  });

  it("refuse a body longer than the signed size with 413", async () => {
    const k = key();
    const ticket = await signedUpload(k, 100);
    const res = await put(s.app, ticket, pdfOfSize(101));
    expect(res.statusCode).toBe(413);
    expect(await storageFor(s.config).size(k)).toBeNull();
  });

  it("cannot replace a file once stored, even while the address is valid", async () => {
    const k = key();
    const first = pdfOfSize(100);
    const ticket = await signedUpload(k, 100);
    expect((await put(s.app, ticket, first)).statusCode).toBe(200);
    expect((await put(s.app, ticket, pdfOfSize(100).fill(0x42, 20, 40))).statusCode).toBe(403);
    expect(await readFile(path.join(s.dir, "attachments", k))).toEqual(first);
  });
});

describe("signed download addresses (GET)", () => {
  async function stored(body: Buffer) {
    const k = key();
    await writeFile(path.join(s.dir, "attachments", k), body);
    return k;
  }

  async function signedDownload(k: string, filename = "a.pdf") {
    const ticket = await storageFor(s.config).signDownload({
      key: k,
      filename,
      contentType: "application/pdf",
      expiresInSeconds: 300,
      now: clock.now(),
    });
    return ticket.url;
  }

  it("serve the file to save, with the original Japanese filename encoded, never sniffed", async () => {
    const body = pdfOfSize(300);
    const k = await stored(body);
    const url = await signedDownload(k, "船荷証券 2026年1月.pdf");
    const res = await s.app.inject({ method: "GET", url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="???? 2026?1?.pdf"; filename*=UTF-8''${encodeURIComponent("船荷証券 2026年1月.pdf")}`,
    );
  });

  it("neutralise quotes and line breaks in a filename", async () => {
    const k = await stored(pdfOfSize(100));
    const url = await signedDownload(k, 'a"b\r\nSet-Cookie: x=1.pdf');
    const res = await s.app.inject({ method: "GET", url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["content-disposition"]).not.toMatch(/[\r\n]/);
  });

  it("refuse a changed filename, content type or expiry, and an expired address", async () => {
    const k = await stored(pdfOfSize(100));
    const url = await signedDownload(k);
    for (const [param, value] of [
      ["fn", "a.html"],
      ["ct", "text/html"],
      ["exp", "99999999999"],
    ] as const) {
      expect(
        (await s.app.inject({ method: "GET", url: pathOf(withParam(url, param, value)) })).statusCode,
      ).toBe(403);
    }
    clock.advance(301_000);
    try {
      expect((await s.app.inject({ method: "GET", url: pathOf(url) })).statusCode).toBe(403);
    } finally {
      clock.advance(-301_000);
    }
  });

  it("answer 404 for a deleted file and refuse keys that are not ids", async () => {
    const k = await stored(pdfOfSize(100));
    const url = await signedDownload(k);
    await storageFor(s.config).delete(k);
    await storageFor(s.config).delete(k);
    expect((await s.app.inject({ method: "GET", url: pathOf(url) })).statusCode).toBe(404);
    const res = await s.app.inject({
      method: "GET",
      url: "/storage/attachments/..%2F..%2Fetc%2Fpasswd?sig=x",
    });
    expect(res.statusCode).toBe(403);
  });
});
