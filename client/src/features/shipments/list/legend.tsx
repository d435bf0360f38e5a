import { useTranslation } from "react-i18next";
import { DateMark } from "./date-mark";
import { BAR_CLASSES } from "./timeline-bar";

/** What the marks and colours mean (spec 01 §2: actual versus estimated dates; bar colours). */
export function Legend({ bars }: { bars: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("shipmentList.legend.label")}
      className="flex flex-wrap items-center gap-x-5 gap-y-2 text-xs text-slate-600"
    >
      <span className="inline-flex items-center gap-1.5">
        <DateMark actual />
        <span aria-hidden="true">{t("shipmentList.legend.actual")}</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <DateMark actual={false} />
        <span aria-hidden="true">{t("shipmentList.legend.estimated")}</span>
      </span>
      {bars
        ? (["arrived", "departed", "notDeparted", "unscheduled"] as const).map((tone) => (
            <span key={tone} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block h-2.5 w-6 rounded-sm ${BAR_CLASSES[tone]}`} />
              {t(`shipmentList.legend.${tone}`)}
            </span>
          ))
        : null}
    </section>
  );
}
