import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorMessage } from "../shared/i18n";
import type { Config } from "./config";
import { requestLanguage } from "./core/request-context";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Vite names every file under assets/ by its content hash: a changed file is a new name. */
const HASHED_ASSETS_CACHE = "public, max-age=31536000, immutable";
/** The HTML names the current assets, so it is checked with the server (ETag) on every load. */
const REVALIDATE = "no-cache";

/**
 * Compresses API answers (tRPC, GraphQL, REST) above the threshold with brotli or gzip, as the
 * client accepts. Registered before any route: the plugin attaches itself to routes as they are
 * declared. Built console files carry their own pre-compressed variants (see registerClient).
 */
export async function registerCompression(app: FastifyInstance) {
  // Only answers are compressed; request bodies are taken as sent (a compressed body would be
  // inflated past the size the body limits were set for).
  app.addHook("onRoute", (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
  });
}

/**
 * Serves the built console as a CDN would: the brotli or gzip file made at build time (by the
 * Vite config) when the browser accepts it, hashed assets cached for a year as immutable, and the
 * HTML revalidated on every load (ETag and Last-Modified, 304 when unchanged); an asset carries only
 * the security headers that apply to a subresource (core/security-headers.ts). Everything is read
 * from disk per request, so a rebuilt console is served at once, without a restart. Any unknown
 * GET under /app/ gets index.html so client routes work.
 */
export async function registerClient(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.CLIENT_DIST_DIR);
  const assets = path.join(root, "assets") + path.sep;
  const served = existsSync(root);
  if (served) {
    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header("cache-control", file.startsWith(assets) ? HASHED_ASSETS_CACHE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isPage = req.method === "GET" && (req.url === "/app" || req.url.startsWith("/app/"));
    if (isPage && served && existsSync(path.join(root, "index.html"))) {
      // A share page is public to whoever holds its link; it must not end up in a search index.
      if (req.url.startsWith("/app/share/")) reply.header("x-robots-tag", "noindex, nofollow");
      return reply.sendFile("index.html");
    }
    return reply
      .status(404)
      .send({ error: true, code: "NOT_FOUND", message: errorMessage(requestLanguage(req), "NOT_FOUND") });
  });
}
