import { createInstance, type i18n as I18n } from "i18next";
import { LANGUAGES, type Language } from "../enums";
import type { ErrorCode } from "../errors";
import { en } from "./en";
import { ja } from "./ja";

export const resources = { en: { translation: en }, ja: { translation: ja } } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks en or ja from an Accept-Language header (first supported tag wins), default en. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return "en";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (isLanguage(tag)) return tag;
  }
  return "en";
}

let serverI18n: I18n | undefined;

function instance(): I18n {
  if (!serverI18n) {
    serverI18n = createInstance();
    void serverI18n.init({
      resources,
      lng: "en",
      fallbackLng: "en",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  }
  return serverI18n;
}

/** Translates outside React (server messages, e-mails). */
export function translate(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  return instance().getFixedT(lang)(key, params) as string;
}

export function errorMessage(lang: Language, code: ErrorCode, params: Record<string, unknown> = {}): string {
  return translate(lang, `errors.${code}`, params);
}
