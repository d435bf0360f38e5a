import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../../../../tests/setup/context";
import { setupDatabase } from "../../../../tests/setup/db";
import { type Config, loadConfig } from "../../../config";
import { TestClock } from "../../../core/clock";
import { contentSecurityPolicy } from "../../../core/security-headers";
import { storageUploadOrigin } from "../../../core/storage-origin";
import { codeOf } from "../../shipments/shipments.testkit";
import { completeUpload, generateUploadUrl } from "../attachments.service";
import { pdfOfSize, png } from "../attachments.testkit";
import { FAKE_S3_KEY, type FakeS3, startFakeS3 } from "./s3-fake.testkit";
import { type AttachmentStorage, storageFor } from "./storage";

// The S3 driver against a local S3 (s3rver) whose presigned addresses are checked as S3 checks
// them: the content type, the length and `x-amz-server-side-encryption: AES256` are inside the
// signature, so leaving one out or changing it is refused.

let fake: FakeS3;
let config: Config;
let storage: AttachmentStorage;
beforeAll(async () => {
  fake = await startFakeS3();
  config = loadConfig({
    NODE_ENV: "test",
    STORAGE_DRIVER: "s3",
    S3_BUCKET: fake.bucket,
    S3_ENDPOINT: fake.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: FAKE_S3_KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: FAKE_S3_KEY.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  storage = storageFor(config);
});
afterAll(() => fake?.close());

const key = () => crypto.randomUUID();

async function sign(k: string, body: Buffer, now = new Date()) {
  return storage.signUpload({
    key: k,
    contentType: "application/pdf",
    sizeBytes: body.length,
    expiresInSeconds: 900,
    now,
  });
}

function send(url: string, headers: Record<string, string>, body: Buffer) {
  return fetch(url, { method: "PUT", headers, body: new Uint8Array(body) });
}

describe("the presigned PUT", () => {
  it("signs the content type, the length and the encryption header, which stays out of the query", async () => {
    const ticket = await sign(key(), pdfOfSize(500));
    const url = new URL(ticket.url);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe(
      "content-length;content-type;host;x-amz-server-side-encryption",
    );
    expect(url.searchParams.has("x-amz-server-side-encryption")).toBe(false);
    expect(ticket.headers).toEqual({
      "content-type": "application/pdf",
      "x-amz-server-side-encryption": "AES256",
    });
  });

  it("is accepted with exactly the signed headers, and the object can be inspected", async () => {
    const k = key();
    const body = pdfOfSize(500);
    const ticket = await sign(k, body);
    const res = await send(ticket.url, ticket.headers, body);
    expect(res.status).toBe(200);
    expect(fake.verdicts.at(-1)?.verdict).toEqual({ ok: true });
    expect(await storage.size(k)).toBe(500);
    const inspected = await storage.inspect(k, 8);
    expect(inspected).toMatchObject({ size: 500, version: expect.any(String) });
    expect(inspected?.start.toString()).toBe("%PDF-1.4");
    // The checked version moves to a new key; the upload address no longer reaches it.
    const kept = (inspected && (await storage.finalize(k, inspected))) ?? "";
    expect(kept).not.toBe(k);
    expect(await storage.inspect(k, 8)).toBeNull();
    expect(await storage.size(kept)).toBe(500);
    expect((await send(ticket.url, ticket.headers, pdfOfSize(500))).status).toBe(200);
    const download = await storage.signDownload({
      key: kept,
      filename: "a.pdf",
      contentType: "application/pdf",
      expiresInSeconds: 60,
      now: new Date(),
    });
    expect(Buffer.from(await (await fetch(download.url)).arrayBuffer())).toEqual(body);
  });

  it.each([
    ["without the encryption header", { "content-type": "application/pdf" }, 500],
    [
      "with another encryption",
      { "content-type": "application/pdf", "x-amz-server-side-encryption": "aws:kms" },
      500,
    ],
    [
      "with another content type",
      { "content-type": "text/html", "x-amz-server-side-encryption": "AES256" },
      500,
    ],
    [
      "with another length",
      { "content-type": "application/pdf", "x-amz-server-side-encryption": "AES256" },
      501,
    ],
  ])("is refused by signature mismatch %s", async (_name, headers, length) => {
    const k = key();
    const ticket = await sign(k, pdfOfSize(500));
    const res = await send(ticket.url, headers, pdfOfSize(length));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("SignatureDoesNotMatch");
    expect(await storage.size(k)).toBeNull();
  });

  it("is refused once expired", async () => {
    const k = key();
    const body = pdfOfSize(100);
    const ticket = await sign(k, body, new Date(Date.now() - 3_600_000));
    const res = await send(ticket.url, ticket.headers, body);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("AccessDenied");
  });
});

describe("download and delete", () => {
  it("a presigned GET gives the file as an attachment with its Japanese name; delete removes it", async () => {
    const k = key();
    const body = pdfOfSize(700);
    const ticket = await sign(k, body);
    expect((await send(ticket.url, ticket.headers, body)).status).toBe(200);
    const inspected = await storage.inspect(k, 8);
    const kept = (inspected && (await storage.finalize(k, inspected))) ?? "";
    const download = await storage.signDownload({
      key: kept,
      filename: "請求書.pdf",
      contentType: "application/pdf",
      expiresInSeconds: 300,
      now: new Date(),
    });
    const res = await fetch(download.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="???.pdf"; filename*=UTF-8''${encodeURIComponent("請求書.pdf")}`,
    );
    const listed: string[] = [];
    for await (const object of storage.list()) listed.push(object.key);
    expect(listed).toContain(kept);
    expect(listed).not.toContain(k);
    await storage.delete(kept);
    expect(await storage.size(kept)).toBeNull();
    await storage.delete(kept);
  });
});

describe("the upload service on S3", () => {
  const clock = new TestClock(new Date());
  const t = setupDatabase(clock.now());

  it("checks what arrived by content and deletes a refused object", async () => {
    const { team, user } = await t.f.companyWith("OPERATOR", { company: { isConnectEnabled: true } });
    const shipment = await t.f.shipment(team);
    const ctx = contextFor(t.db, user, { clock });
    const up = async (filename: string, body: Buffer) => {
      const ticket = await generateUploadUrl(ctx, storage, {
        shipmentId: shipment.id,
        filename,
        contentType: "application/pdf",
        fileSizeBytes: body.length,
      });
      expect((await send(ticket.uploadUrl, ticket.headers, body)).status).toBe(200);
      return { ticket, done: completeUpload(ctx, storage, ticket.attachmentId) };
    };
    const good = await up("bl.pdf", pdfOfSize(1234));
    expect((await good.done).fileSizeBytes).toBe(1234);
    const bad = await up("photo.pdf", png());
    expect(await codeOf(bad.done)).toBe("ATTACHMENT_CONTENT_MISMATCH");
    const badKey = new URL(bad.ticket.uploadUrl).pathname.split("/").pop() ?? "";
    expect(await storage.size(badKey)).toBeNull();
  });
});

describe("the bucket's origin for the Content-Security-Policy", () => {
  it.each([
    { S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" },
    { S3_ENDPOINT: "https://r2.example.com" },
    {},
    { S3_REGION: "ap-northeast-1" },
    { S3_REGION: "ap-northeast-1", S3_BUCKET: "files.tracking.example" },
  ])("is where the presigned PUT goes (%o)", async (env) => {
    const c = loadConfig({
      NODE_ENV: "test",
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "tracking-files",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      ...env,
    });
    const ticket = await storageFor(c).signUpload({
      key: key(),
      contentType: "application/pdf",
      sizeBytes: 10,
      expiresInSeconds: 60,
      now: new Date(),
    });
    expect(storageUploadOrigin(c)).toBe(new URL(ticket.url).origin);
  });

  it("is none for the local store", () => {
    expect(storageUploadOrigin(loadConfig({ NODE_ENV: "test" }))).toBeNull();
  });

  it("is allowed by the console's connect-src", () => {
    expect(contentSecurityPolicy(config).directives.connectSrc).toContain(new URL(fake.endpoint).origin);
    expect(contentSecurityPolicy(loadConfig({ NODE_ENV: "test" })).directives.connectSrc).not.toContain(
      new URL(fake.endpoint).origin,
    );
  });
});
