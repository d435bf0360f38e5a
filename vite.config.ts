import path from "node:path";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const server = "http://localhost:3000";
const proxied = ["/trpc", "/graphql", "/auth", "/news-list.json", "/ml", "/sso"];

/**
 * Where the console is built. The build empties this folder first, so one that is the project or
 * holds it (CLIENT_DIST_DIR set but empty, ".", "..") is refused instead of wiping the checkout.
 */
function clientOutDir(): string {
  const outDir = path.resolve(import.meta.dirname, process.env.CLIENT_DIST_DIR || "dist/client");
  const fromOut = path.relative(outDir, import.meta.dirname);
  if (fromOut === "" || !fromOut.startsWith(".."))
    throw new Error(`CLIENT_DIST_DIR must be a folder outside the project's own files, not ${outDir}`);
  return outDir;
}

export default defineConfig({
  root: "client",
  plugins: [
    react(),
    tailwindcss(),
    // Every asset is compressed once, at build time, at the highest levels; the server sends the
    // variant the browser accepts (@fastify/static preCompressed) instead of compressing per request.
    compression({
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|txt|map)$/,
      logLevel: "silent",
    }),
  ],
  build: {
    // CLIENT_DIST_DIR (relative to the project) lets parallel test runs build into their own folders.
    outDir: clientOutDir(),
    emptyOutDir: true,
    // Libraries change less often than the app: the ones every page runs (React, the router, i18n,
    // the query client) form a chunk that stays cached across releases. Any other library goes with
    // the pages that use it, so the sign-in page does not download the list's table or the forms'
    // libraries. The offline map's libraries (d3-geo, world-atlas) load only when a map is asked for.
    rolldownOptions: {
      // shared/csv-file.ts serves both sides; only the server's Shift JIS encoder (the sample files)
      // uses encoding-japanese. The package is CommonJS, so the bundler cannot see that importing
      // it does nothing else: said here, the browser bundle drops it (the browser decodes Shift JIS
      // with TextDecoder).
      treeshake: {
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]encoding-japanese[\\/]/.test(id) ? false : undefined,
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Zod with the setting that keeps it from probing for eval (lib/zod-config.ts): in one
              // chunk, the setting is applied as zod loads, before any module of another chunk
              // builds a schema. Apart, a chunk of schemas could load first and trip the CSP.
              name: "zod",
              test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
              priority: 4,
            },
            {
              name: "map",
              test: /node_modules[\\/](d3-geo|d3-array|world-atlas|topojson-client)[\\/]/,
              priority: 3,
            },
            {
              // The app's own modules that most pages use (buttons, states, the request and tRPC
              // clients, schemas) in one chunk rather than a dozen tiny ones: on a slow network each
              // request costs a round trip and its headers.
              name: "common",
              // (Not the messages, loaded per language, nor the primitives built on Radix, which
              // stay with the pages that open a dialog, menu or popover.)
              test: /[\\/](client[\\/]src|shared)[\\/](?!i18n[\\/]|components[\\/]ui[\\/](dialog|menu|popover|sheet)\.)/,
              minShareCount: 6,
              priority: 1,
            },
            {
              name: "vendor",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@trpc[\\/]client|@trpc[\\/]react-query|@trpc[\\/]server)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((path) => [path, server])) },
});
