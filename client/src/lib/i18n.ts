import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCAL_STORAGE_KEYS } from "../../../shared/constants";
import type { Language } from "../../../shared/enums";
import { isLanguage, resources } from "../../../shared/i18n";

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: "en",
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
  await i18n.changeLanguage(language);
  reflectOnDocument(language);
}
