export const SECOND_MS_CLIENT = 1000;
export const DAY_MS_CLIENT = 24 * 60 * 60 * 1000;

/** The local calendar day of `date` as YYYY-MM-DD: "once a day" follows the user's own midnight. */
export function localDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}
