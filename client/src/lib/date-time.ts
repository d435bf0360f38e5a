import { type DateLike, LOCALES, toDate } from "./format";
import { currentLanguage } from "./i18n";

/** A moment in the viewer's own time zone, in their language: "Jan 15, 2026, 9:30 AM". */
export function viewerDateTime(value: DateLike): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
