import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../components/ui/button";
import { BellIcon } from "../../components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { currentLanguage } from "../../lib/i18n";
import { formatNewsDate, newsTitle } from "./news";
import { useNews } from "./use-news";

export function NotificationsBell() {
  const { t } = useTranslation();
  const { items, unread, markAllRead } = useNews();
  const language = currentLanguage();
  const count = unread.length;

  return (
    <Popover onOpenChange={(open) => (open ? undefined : markAllRead())}>
      <PopoverTrigger
        aria-label={count > 0 ? t("news.bellUnread", { count }) : t("news.bell")}
        className={buttonClasses("ghost", "icon", "relative")}
      >
        <BellIcon className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white ring-2 ring-white"
          >
            {count}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent align="end" aria-label={t("news.title")} className="w-80 max-w-[calc(100vw-1rem)]">
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
          {t("news.title")}
        </h2>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{t("news.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const isUnread = unread.includes(item.slug);
              return (
                <li key={item.slug} className="flex gap-3 px-4 py-3">
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${isUnread ? "bg-blue-600" : "bg-transparent"}`}
                  />
                  <div className="min-w-0">
                    <p className="text-sm leading-snug text-slate-800">
                      {isUnread ? <span className="sr-only">{`${t("news.unread")}: `}</span> : null}
                      {newsTitle(item, language)}
                    </p>
                    <time dateTime={item.publishDate} className="mt-1 block text-xs text-slate-500">
                      {formatNewsDate(item, language)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
