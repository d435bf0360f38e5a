import { useTranslation } from "react-i18next";
import type { Language } from "../../../../shared/enums";

/** The console's language as the formatters take it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language === "ja" ? "ja" : "en";
}
