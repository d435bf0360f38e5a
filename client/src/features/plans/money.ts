import { currentLanguage } from "../../lib/i18n";

/** A price as people read it in the language: "$380" / "¥38,000" (whole units, no decimals). */
export function money(amount: number, currency: "USD" | "JPY"): string {
  return new Intl.NumberFormat(currentLanguage() === "ja" ? "ja-JP" : "en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}
