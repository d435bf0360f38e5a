import { useTranslation } from "react-i18next";
import { type DateLike, formatDateTime, timeAgo, toDate } from "./time-format";
import { useLanguage } from "./use-language";
import { useNow } from "./use-now";

/** 'Updated {time ago}' from lastScrapedAt; the exact time is in the tooltip and the <time> element. */
export function UpdatedAgo({ at, className = "" }: { at: DateLike; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const date = toDate(at);
  if (!date) return <span className={className}>{t("shipmentDetail.common.notUpdatedYet")}</span>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, language)} className={className}>
      {t("shipmentDetail.common.updated", {
        time: timeAgo(date, now, language, t("shipmentDetail.common.justNow")),
      })}
    </time>
  );
}

/** "3 hours ago" alone, for ages (an AIS position, a comment). */
export function TimeAgo({ at, className = "" }: { at: DateLike; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const date = toDate(at);
  if (!date) return null;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, language)} className={className}>
      {timeAgo(date, now, language, t("shipmentDetail.common.justNow"))}
    </time>
  );
}
