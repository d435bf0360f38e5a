import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Debian's Chromium as root in a closed network: no sandbox, no GPU, and none of the background
// connections that would otherwise fail by the dozen at start.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface TestBrowser extends Pick<BrowserContext, "newPage" | "pages"> {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh, empty profile directory that is removed on close. */
export async function launchBrowser(
  options: { locale?: string; bypassCSP?: boolean } = {},
): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "tracking-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: options.locale ?? "en-US",
    viewport: { width: 1280, height: 800 },
    // Only for tests that inject a tool's script (axe-core) into pages served with the product's CSP.
    bypassCSP: options.bypassCSP ?? false,
  });
  return {
    context,
    newPage: () => context.newPage(),
    pages: () => context.pages(),
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
