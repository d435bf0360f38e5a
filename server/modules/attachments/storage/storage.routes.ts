import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import contentDisposition from "content-disposition";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorMessage } from "../../../../shared/i18n";
import type { Config } from "../../../config";
import type { Clock } from "../../../core/clock";
import { requestLanguage } from "../../../core/request-context";
import { LOCAL_STORAGE_PREFIX, localPath, localRoot, verifyGet, verifyPut } from "./storage.local";

// The local store's two doors: PUT writes the bytes of a signed upload, GET serves a signed
// download as a file to save (never rendered in the page). Both answer 403 to an altered or
// expired address. Only served when the local driver is configured.

type Params = { key: string };
type Query = Record<string, string | undefined>;

function refuse(req: FastifyRequest, reply: FastifyReply, status: number) {
  const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : "PERMISSION_DENIED";
  return reply.status(status).send({ error: true, code, message: errorMessage(requestLanguage(req), code) });
}

class TooLarge extends Error {}

/** Counts the bytes as they pass and stops the stream past `max`. */
function limitTo(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

export async function storageRoutes(
  app: FastifyInstance,
  options: { config: Config; clock: Clock },
): Promise<void> {
  const { config, clock } = options;
  if (config.STORAGE_DRIVER !== "local") return;
  // The body is the file itself, streamed to disk: no parser may buffer or interpret it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));

  app.put<{ Params: Params; Querystring: Query }>(`${LOCAL_STORAGE_PREFIX}/:key`, async (req, reply) => {
    const signed = verifyPut(config, req.params.key, req.query, clock.now());
    if (!signed || (req.headers["content-type"] ?? "") !== signed.contentType) return refuse(req, reply, 403);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > signed.size) return refuse(req, reply, 413);
    const target = localPath(config, signed.key);
    await mkdir(localRoot(config), { recursive: true });
    const partial = path.join(localRoot(config), `.${randomUUID()}.part`);
    try {
      await pipeline(req.raw, limitTo(signed.size), createWriteStream(partial, { flags: "wx" }));
      // A link, not a rename: an address still valid after its file was checked cannot replace it.
      await link(partial, target);
    } catch (err) {
      if (err instanceof TooLarge) return refuse(req, reply, 413);
      if ((err as NodeJS.ErrnoException).code === "EEXIST") return refuse(req, reply, 403);
      throw err;
    } finally {
      await rm(partial, { force: true });
    }
    return reply.status(200).send();
  });

  app.get<{ Params: Params; Querystring: Query }>(`${LOCAL_STORAGE_PREFIX}/:key`, async (req, reply) => {
    const signed = verifyGet(config, req.params.key, req.query, clock.now());
    if (!signed) return refuse(req, reply, 403);
    const file = localPath(config, signed.key);
    const stream = createReadStream(file);
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
    } catch {
      return refuse(req, reply, 404);
    }
    return reply
      .header("content-type", signed.contentType || "application/octet-stream")
      .header("content-disposition", contentDisposition(signed.filename, { type: "attachment" }))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cache-control", "private, no-store")
      .send(stream);
  });
}
