import path from "node:path";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const server = "http://localhost:3000";
const proxied = ["/trpc", "/graphql", "/auth", "/news-list.json", "/ml", "/sso"];

/**
 * The modules the console's start (main.tsx) and the sign-in page import, directly or through
 * others, without a dynamic import(): what the sign-in page cannot paint without. Worked out once
 * per build from the module graph.
 */
let signInModules: Set<string> | undefined;
function signInPath(ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) {
  if (signInModules) return signInModules;
  const seen = new Set<string>();
  const roots = ["client/src/main.tsx", "client/src/features/auth/signin-page.tsx"];
  const queue = roots.map((file) => path.resolve(import.meta.dirname, file));
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  signInModules = seen;
  return seen;
}

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
  resolve: {
    // Zod, configured for the console's CSP before any schema is built (see lib/zod-config.ts),
    // wherever it is imported from: the console's modules and shared/schemas alike.
    alias: [
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "client/src/lib/zod-config.ts") },
    ],
  },
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
              // Zod, configured for the CSP (lib/zod-config.ts, which the alias above puts in front
              // of every import of zod).
              name: "zod",
              test: /node_modules[\\/]zod[\\/]|client[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
              priority: 7,
            },
            {
              name: "map",
              test: /node_modules[\\/](d3-geo|d3-array|world-atlas|topojson-client)[\\/]/,
              priority: 6,
            },
            {
              // The app's own modules that most pages use (buttons, states, the request and tRPC
              // clients) in two chunks rather than dozens of tiny ones (on a slow network each
              // request costs a round trip and its headers): "boot", what the start and the
              // sign-in page need, and "common", what only the pages further in use.
              name: (id, ctx) => (signInPath(ctx).has(id) ? "boot" : "common"),
              debugName: "boot or common",
              // (Not the messages, loaded per language, nor the primitives built on Radix, which
              // stay with the pages that open a dialog, menu or popover.)
              // Nor the schemas, which need zod: the sign-in page paints without either (it loads
              // its schema as the form is filled in); their message helpers (schemas/issues.ts)
              // need only zod's types and stay.
              test: /[\\/](client[\\/]src|shared)[\\/](?!i18n[\\/]|components[\\/]ui[\\/](dialog|menu|popover|sheet)\.|schemas[\\/](?!issues\.))/,
              minShareCount: 6,
              priority: 4,
            },
            {
              // The shared schemas in one chunk beside zod's, for the pages and forms that validate.
              // Ranked below "common", which takes what the schemas share with the sign-in page
              // (a group also takes the modules its own modules import, unless a higher one has them).
              name: "schemas",
              test: /[\\/]shared[\\/]schemas[\\/]/,
              priority: 3,
            },
            {
              // The sign-in screens' shared parts (the page's own code is its chunk): one request.
              name: "auth",
              test: /client[\\/]src[\\/](features[\\/]auth[\\/](finish-sign-in|google-sign-in|firebase-auth|firebase-sign-in|accept-invitation|pending-invitations)|lib[\\/]pending-company)\./,
              priority: 2,
            },
            {
              name: "vendor",
              priority: 5,
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@trpc[\\/]client|@trpc[\\/]react-query|@trpc[\\/]server)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((path) => [path, server])) },
});
