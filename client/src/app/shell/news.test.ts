// @vitest-environment node
import { describe, expect, it } from "vitest";
import { NEWS_SHOWN } from "../../../../shared/constants";
import {
  formatNewsDate,
  latestNews,
  loadReadSlugs,
  type NewsItem,
  newsTitle,
  unreadSlugs,
  withAllRead,
} from "./news";

const item = (slug: string, publishDate: string): NewsItem => ({
  slug,
  publishDate,
  title: { ja: `ja ${slug}`, "en-US": `en ${slug}` },
});

describe("news", () => {
  const list = [
    item("a", "2026-01-01"),
    item("d", "2026-04-01"),
    item("b", "2026-02-01"),
    item("c", "2026-03-01"),
  ];

  it("keeps the newest NEWS_SHOWN items, newest first, and drops malformed entries", () => {
    const latest = latestNews([...list, { slug: "broken" }, null]);
    expect(latest.map((n) => n.slug)).toEqual(["d", "c", "b"].slice(0, NEWS_SHOWN));
    expect(() => latestNews({ items: [] })).toThrow();
  });

  it("counts nothing unread on the first visit, then what is not in the read list", () => {
    const shown = latestNews(list);
    expect(unreadSlugs(shown, null)).toEqual([]);
    expect(unreadSlugs(shown, ["d"])).toEqual(["c", "b"]);
    expect(unreadSlugs(shown, withAllRead(shown, ["a"]))).toEqual([]);
    expect(withAllRead(shown, ["a", "d"]).sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("reads a missing, broken or valid read list", () => {
    expect(loadReadSlugs({ getItem: () => null })).toBeNull();
    expect(loadReadSlugs({ getItem: () => "{not json" })).toEqual([]);
    expect(loadReadSlugs({ getItem: () => '["x", 3]' })).toEqual(["x"]);
  });

  it("shows the title and date in the user's language", () => {
    const news = item("z", "2026-11-18");
    expect(newsTitle(news, "ja")).toBe("ja z");
    expect(newsTitle(news, "en")).toBe("en z");
    expect(formatNewsDate(news, "en")).toBe("Nov 18, 2026");
    expect(formatNewsDate(news, "ja")).toBe("2026/11/18");
  });
});
