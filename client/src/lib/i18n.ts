import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCAL_STORAGE_KEYS } from "../../../shared/constants";
import type { Language } from "../../../shared/enums";
import { isLanguage } from "../../../shared/i18n";
import type { Messages } from "../../../shared/i18n/types";

function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LOCAL_STORAGE_KEYS.language);
    return isLanguage(value) ? value : undefined;
  } catch {
    // Storage can throw (privacy mode, sandboxed iframes); the browser language still applies.
    return undefined;
  }
}

function browserLanguage(): Language {
  const tags = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ""];
  return tags[0]?.toLowerCase().startsWith("ja") ? "ja" : "en";
}

export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}

function reflectOnDocument(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

// One language's messages per page load, and of those only what the page needs: the sign-in
// screens and the gates get the "core" part at start; every other page waits for the "console"
// part as its code loads (loadConsoleMessages, in the route loaders). The other language is fetched
// only when the user switches. The server keeps every message of both (shared/i18n).
type Part = "core" | "console";
type Catalogue = Partial<Messages>;
const loaders: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
  en: {
    core: () => import("./messages/en-core").then((m) => m.messages),
    console: () => import("./messages/en-console").then((m) => m.messages),
  },
  ja: {
    core: () => import("./messages/ja-core").then((m) => m.messages),
    console: () => import("./messages/ja-console").then((m) => m.messages),
  },
};

export const i18n = i18next.createInstance();

/** The parts every language switched to must have: what the pages seen so far needed. */
const partsInUse = new Set<Part>(["core"]);
const loaded = new Map<string, Promise<void>>();

function ensureLoaded(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = loaders[language][part]().then((messages) => {
      i18n.addResourceBundle(language, "translation", messages, true, true);
    });
    // A failed download may be retried by the next page that asks.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** The console's messages in the current language; route loaders wait for it with the page's code. */
export function loadConsoleMessages(): Promise<void> {
  partsInUse.add("console");
  return ensureLoaded(currentLanguage(), "console");
}

const firstLanguage = initialLanguage();
void i18n.use(initReactI18next).init({
  partialBundledLanguages: true,
  resources: {},
  lng: firstLanguage,
  // Both catalogues have every key (shared/i18n/types.ts), so nothing falls back to another language.
  fallbackLng: false,
  supportedLngs: ["en", "ja"],
  initAsync: false,
  interpolation: { escapeValue: false },
});
// Unit tests render any component straight away, without the route loaders that fetch the rest.
// A page beyond the sign-in screens will ask for the rest at once: fetch both parts together.
const signInScreen = /^\/app\/auth\//.test(globalThis.location?.pathname ?? "");
if (import.meta.env.MODE === "test" || !signInScreen) partsInUse.add("console");

/**
 * The first language's messages are in: main.tsx renders then. It is not awaited here, so the page's
 * own code starts loading at the same time rather than after (main.tsx, app/routes.tsx).
 */
export const i18nReady: Promise<void> = Promise.all(
  [...partsInUse].map((part) => ensureLoaded(firstLanguage, part)),
).then(async () => {
  await i18n.changeLanguage(firstLanguage);
  reflectOnDocument(currentLanguage());
});
if (import.meta.env.MODE === "test") await i18nReady;

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : "en";
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LOCAL_STORAGE_KEYS.language, language);
  } catch {
    // Not persisting is acceptable: the choice still applies to this page.
  }
  await Promise.all([...partsInUse].map((part) => ensureLoaded(language, part)));
  await i18n.changeLanguage(language);
  reflectOnDocument(language);
}
