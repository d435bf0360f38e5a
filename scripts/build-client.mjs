// Builds the console with Vite when dist/client is missing or older than its sources.
// Used by `npm start` and by the test setup, so neither serves a stale console.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// CLIENT_DIST_DIR moves the build (as it moves what the server serves), e.g. for parallel test runs.
// Empty counts as unset: an empty CLIENT_DIST_DIR must never resolve to the project itself, which
// the build would empty (vite.config.ts refuses such a folder too).
const stamp = path.join(path.resolve(root, process.env.CLIENT_DIST_DIR || "dist/client"), ".build-stamp");
const sources = ["client", "shared", "vite.config.ts", "package-lock.json", "tsconfig.json"];

// A build for production (the caller runs with NODE_ENV=production, as the Dockerfile does) leaves
// out the development page /app/debug_info; any other build keeps it. The stamp records which
// flavour is on disk, so switching rebuilds.
const flavour = () => (process.env.NODE_ENV === "production" ? "production" : "development");
const stampText = () => `${flavour()}\n`;

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function clientIsStale() {
  if (!existsSync(stamp)) return true;
  if (readFileSync(stamp, "utf8").split("\n")[0] !== flavour()) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

export function buildClientIfStale({ quiet = false } = {}) {
  if (!clientIsStale()) return false;
  const viteBin = path.join(root, "node_modules/vite/bin/vite.js");
  if (!existsSync(viteBin)) {
    if (existsSync(stamp)) return false;
    throw new Error(
      "The console is not built and Vite is not installed: run `npm install` (with dev dependencies).",
    );
  }
  if (!quiet) console.log("Building the console (client/) with Vite…");
  const result = spawnSync(process.execPath, [viteBin, "build", "--logLevel", quiet ? "warn" : "info"], {
    cwd: root,
    stdio: "inherit",
    // Always a production bundle, even when started from the test runner (NODE_ENV=test).
    env: { ...process.env, NODE_ENV: "production", VITE_DEBUG_PAGE: String(flavour() !== "production") },
  });
  if (result.status !== 0) throw new Error("Vite build failed");
  writeFileSync(stamp, stampText());
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildClientIfStale();
