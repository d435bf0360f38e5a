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

// One language's messages per page load (each is ~100 KB of source): the other is fetched only
// when the user switches. Each is its own chunk; the server keeps both (shared/i18n).
const loaders: Record<Language, () => Promise<Messages>> = {
  en: () => import("../../../shared/i18n/en").then((m) => m.en),
  ja: () => import("../../../shared/i18n/ja").then((m) => m.ja),
};

export const i18n = i18next.createInstance();

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  i18n.addResourceBundle(language, "translation", await loaders[language]());
}

const firstLanguage = initialLanguage();
await i18n.use(initReactI18next).init({
  resources: { [firstLanguage]: { translation: await loaders[firstLanguage]() } },
  partialBundledLanguages: true,
  lng: firstLanguage,
  // Both catalogues have every key (shared/i18n/types.ts), so nothing falls back to another language.
  fallbackLng: false,
  supportedLngs: ["en", "ja"],
  initAsync: false,
  interpolation: { escapeValue: false },
});
reflectOnDocument(currentLanguage());

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
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  reflectOnDocument(language);
}
