import { readFile } from "node:fs/promises";
import { z } from "zod";

export const NewsItem = z.object({
  slug: z.string().min(1),
  title: z.object({ ja: z.string(), "en-US": z.string() }),
  publishDate: z.iso.date(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** The static news list (spec 01 §2), newest first; validated so a bad edit fails loudly. */
export async function loadNews(file: string): Promise<NewsItem[]> {
  const items = z.array(NewsItem).parse(JSON.parse(await readFile(file, "utf8")));
  return items.sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}
