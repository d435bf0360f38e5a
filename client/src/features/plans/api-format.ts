import { type DateLike, LOCALES, toDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";

/** A moment in the viewer's own time zone, in their language: "Jan 15, 2026, 9:30 AM". */
export function apiDateTime(value: DateLike): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}

/** Copies text; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
