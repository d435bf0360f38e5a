import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { getJson } from "../../lib/request";
import { latestNews, loadReadSlugs, type NewsItem, saveReadSlugs, unreadSlugs, withAllRead } from "./news";

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

export interface NewsState {
  items: NewsItem[];
  unread: string[];
  markAllRead: () => void;
}

export function useNews(): NewsState {
  const query = useQuery({
    queryKey: ["news-list"],
    queryFn: async () => latestNews(await getJson<unknown>("/news-list.json")),
    staleTime: 10 * 60 * 1000,
  });
  const [read, setRead] = useState<string[] | null>(() => loadReadSlugs(storage()));
  const items = query.data ?? [];

  useEffect(() => {
    // Spec 01 §2: news is a courtesy; a failure is logged for us and never shown to the user.
    if (query.error) console.error("Loading news failed", query.error);
  }, [query.error]);

  const markAllRead = useCallback(() => {
    if (items.length === 0) return;
    const next = withAllRead(items, read);
    if (read && next.length === read.length) return;
    saveReadSlugs(storage(), next);
    setRead(next);
  }, [items, read]);

  useEffect(() => {
    // A first visit starts with nothing unread, so a new user is not greeted by old news.
    if (read === null && items.length > 0) markAllRead();
  }, [read, items, markAllRead]);

  return { items, unread: unreadSlugs(items, read), markAllRead };
}
