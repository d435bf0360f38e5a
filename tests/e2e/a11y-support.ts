import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { TestClock } from "../../server/core/clock";
import { LOCAL_STORAGE_KEYS } from "../../shared/constants";
import { en } from "../../shared/i18n/en";
import { ja } from "../../shared/i18n/ja";
import type { TestApp } from "../setup/app";
import { launchBrowser, type TestBrowser } from "../setup/browser";
import { startConsoleApp } from "./auth-support";

// axe-core run inside the page, as the browser tests' accessibility check: the WCAG 2.1 A and AA
// rules, and only what axe rates serious or critical fails a test (moderate and minor findings
// are advice, not regressions).

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

let axeSource: Promise<string> | undefined;
function loadAxe(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return axeSource;
}

export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Serious and critical axe violations on the page as it is now, labelled with `screen`; with
 * `within`, only in that part of the page (an open dialog).
 */
export async function axeViolations(page: Page, screen: string, within?: Locator): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => "axe" in globalThis);
  if (!hasAxe) await page.addScriptTag({ content: await loadAxe() });
  const scope = within ? await within.elementHandle() : null;
  const violations = await page.evaluate(
    async ([tags, root]) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
      const axe = (globalThis as any).axe;
      const result = await axe.run(root ?? document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return result.violations.map(
        (v: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }) => ({
          rule: v.id,
          impact: v.impact,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
          summary: v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ") ?? "",
        }),
      );
    },
    [AXE_TAGS, scope] as const,
  );
  await scope?.dispose();
  return (violations as Omit<AxeFinding, "screen">[])
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map((v) => ({ screen, ...v }));
}

export type Language = "en" | "ja";
export const LANGUAGES: Language[] = ["en", "ja"];
/** The console's messages per language, to find elements by the text each language shows. */
export const dictionaries = { en, ja };

/** A message with its `{{name}}` placeholders filled, as the console shows it. */
export const fill = (text: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((out, [k, v]) => out.replaceAll(`{{${k}}}`, String(v)), text);

/** Chooses the console language the way the language menu does (kept in local storage). */
export async function setLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key ?? "", value ?? ""),
    [LOCAL_STORAGE_KEYS.language, language],
  );
}

/** Lets lazy chunks, queries and fonts settle: the main heading is shown and nothing is busy. */
export async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor();
  await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * setupConsole of auth-support with a browser that lets axe's script tag past the product's CSP
 * (the CSP itself is tested elsewhere): one app and one Chromium for the file.
 */
export function setupA11yConsole() {
  let app: (TestApp & { clock: TestClock }) | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    app = await startConsoleApp();
    browser = await launchBrowser({ bypassCSP: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error("setupA11yConsole: read it inside a test");
      return app;
    },
    get browser() {
      if (!browser) throw new Error("setupA11yConsole: read it inside a test");
      return browser;
    },
    /** Opens the app's `path` in `language` and waits for the screen to settle. */
    async visit(page: Page, path: string, language: Language) {
      if (!app) throw new Error("setupA11yConsole: read it inside a test");
      await page.goto(`${app.url}${path}`);
      await setLanguage(page, language);
      await page.reload();
      await settled(page);
    },
  };
}
