import { PRICE_LIST, type PriceCurrency, type PriceItem } from "../../../../shared/constants";
import { currentLanguage } from "../../lib/i18n";

/** The one currency a language shows every price in: yen in Japanese, dollars otherwise. */
export function currencyFor(language: string): PriceCurrency {
  return language === "ja" ? "JPY" : "USD";
}

/** A price as people read it in the language: "$380" / "¥38,000" (whole units, no decimals). */
export function money(amount: number, currency: PriceCurrency, language: string = currentLanguage()): string {
  return new Intl.NumberFormat(language === "ja" ? "ja-JP" : "en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A price of the list in the language's own currency (shared/constants PRICE_LIST). */
export function price(item: PriceItem, language: string = currentLanguage()): string {
  const currency = currencyFor(language);
  return money(PRICE_LIST[currency][item], currency, language);
}
