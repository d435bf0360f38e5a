import { NEWS_SHOWN } from "../../../../shared/constants";
import type { Language } from "../../../../shared/enums";

/** One entry of GET /news-list.json (spec 01 §3). */
export interface NewsItem {
  slug: string;
  title: { ja: string; "en-US": string };
  publishDate: string;
}

export const NEWS_READ_STORAGE_KEY = "newsReadSlugs";

function isNewsItem(value: unknown): value is NewsItem {
  const item = value as Partial<NewsItem> | null;
  return (
    typeof item?.slug === "string" &&
    typeof item.publishDate === "string" &&
    typeof item.title?.ja === "string" &&
    typeof item.title["en-US"] === "string"
  );
}

/** The newest NEWS_SHOWN items; malformed entries are dropped rather than breaking the bell. */
export function latestNews(list: unknown, count = NEWS_SHOWN): NewsItem[] {
  if (!Array.isArray(list)) throw new Error("news-list.json is not a list");
  return list
    .filter(isNewsItem)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate))
    .slice(0, count);
}

export function newsTitle(item: NewsItem, language: Language): string {
  return language === "ja" ? item.title.ja : item.title["en-US"];
}

export function formatNewsDate(item: NewsItem, language: Language): string {
  const date = new Date(`${item.publishDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return item.publishDate;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Slugs already read; null means the bell has never loaded news in this browser. */
export function loadReadSlugs(storage: Pick<Storage, "getItem"> | undefined): string[] | null {
  try {
    const raw = storage?.getItem(NEWS_READ_STORAGE_KEY);
    if (raw == null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

export function saveReadSlugs(storage: Pick<Storage, "setItem"> | undefined, slugs: string[]): void {
  try {
    storage?.setItem(NEWS_READ_STORAGE_KEY, JSON.stringify(slugs));
  } catch (error) {
    console.error("Could not store the news read list", error);
  }
}

export function unreadSlugs(items: NewsItem[], read: string[] | null): string[] {
  if (read === null) return [];
  return items.filter((item) => !read.includes(item.slug)).map((item) => item.slug);
}

export function withAllRead(items: NewsItem[], read: string[] | null): string[] {
  return [...new Set([...(read ?? []), ...items.map((item) => item.slug)])];
}
