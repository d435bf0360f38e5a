import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/constants";
import { type Config, loadConfig } from "../../config";
import type { Clock } from "../../core/clock";
import type { Db } from "../../db/client";
import { attachments, type Shipment, type User } from "../../db/schema";
import { storageRoutes } from "./storage/storage.routes";

// Test helpers of the attachments module: real file contents by type, and a local store in a
// temporary DATA_DIR with its /storage routes mounted on a bare Fastify app.

const PNG_1X1 = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b5f60000000049454e44ae426082",
  "hex",
);

/** A PDF of exactly `size` bytes (header, padding in a comment, trailer). */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from("%PDF-1.4\n%");
  const tail = Buffer.from("\n%%EOF\n");
  if (size < head.length + tail.length) throw new Error("too small for a PDF");
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail]);
}

export function png(): Buffer {
  return Buffer.from(PNG_1X1);
}

export function gif(): Buffer {
  return Buffer.from("474946383961010001000000002c00000000010001000002003b", "hex");
}

export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
    Buffer.alloc(64),
    Buffer.from("ffd9", "hex"),
  ]);
}

export function tiff(): Buffer {
  return Buffer.concat([Buffer.from("49492a0008000000", "hex"), Buffer.alloc(128)]);
}

/** A local store in its own temporary DATA_DIR, its routes served by `app` (inject only). */
export function setupLocalStorage(clock: Clock) {
  let dir = "";
  let config: Config | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "attachments-"));
    config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      APP_URL: "http://files.test",
      LOG_LEVEL: "silent",
    });
    app = Fastify();
    await app.register(storageRoutes, { config, clock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get config(): Config {
      if (!config) throw new Error("read it inside a test");
      return config;
    },
    get app(): FastifyInstance {
      if (!app) throw new Error("read it inside a test");
      return app;
    },
    get dir(): string {
      return dir;
    },
  };
}

/** The path and query of a signed address (the store's own host is not listening). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** PUTs `body` to a signed upload address the way the console does. */
export async function put(
  app: FastifyInstance,
  ticket: { uploadUrl: string; headers: Record<string, string> },
  body: Buffer,
) {
  return app.inject({ method: "PUT", url: pathOf(ticket.uploadUrl), headers: ticket.headers, payload: body });
}

/**
 * Stored files on `shipment` taking `bytes` in all (at most 5 MiB each, as every file), finished
 * long ago; uploaded by `guest` through the share page when given, else with no uploader.
 */
export async function fillAttachments(db: Db, shipment: Shipment, bytes: number, guest?: User) {
  const rows = [];
  for (let left = bytes; left > 0; left -= ATTACHMENT_MAX_BYTES) {
    rows.push({
      companyId: shipment.companyId,
      shipmentId: shipment.id,
      filename: "filler.pdf",
      contentType: "application/pdf" as const,
      fileSizeBytes: Math.min(left, ATTACHMENT_MAX_BYTES),
      storageKey: randomUUID(),
      uploadedByUserId: guest?.id ?? null,
      uploadedByGuestEmail: guest?.email ?? null,
      uploadedAt: new Date("2026-01-01T00:00:00Z"),
    });
  }
  await db.insert(attachments).values(rows);
}
