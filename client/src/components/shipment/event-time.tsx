import { useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { type DateLike, displayedStatus, formatDateTime, toDate } from "./time-format";
import { useLanguage } from "./use-language";

export interface EventPlace {
  name: string | null;
  locode: string | null;
  timeZone: string | null;
}

/** The ACTUAL / ESTIMATED mark: solid for what happened, outlined for what is announced. */
export function TimeStatusMark({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const shown = displayedStatus(status);
  return shown === "ACTUAL" ? (
    <span className="inline-flex items-center rounded bg-emerald-700 px-1.5 py-px text-[0.65rem] font-semibold tracking-wide text-white uppercase">
      {t("shipmentDetail.common.actual")}
    </span>
  ) : (
    <span className="inline-flex items-center rounded border border-slate-400 px-1.5 py-px text-[0.65rem] font-semibold tracking-wide text-slate-600 uppercase">
      {t("shipmentDetail.common.estimated")}
    </span>
  );
}

/**
 * A schedule time in the viewer's zone with its ACTUAL/ESTIMATED mark. Where the port's zone is
 * known, the port's local time shows on hover and on keyboard focus; screen readers hear it as the
 * time's description.
 */
export function EventTime({
  value,
  status,
  place,
  showStatus = true,
}: {
  value: DateLike;
  status?: string | null | undefined;
  place?: EventPlace | null | undefined;
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = toDate(value);
  if (!date) return <span className="text-slate-400">{t("shipmentDetail.overview.notAnnounced")}</span>;
  const shown = formatDateTime(date, language);
  const zone = place?.timeZone ?? null;
  const local = zone ? formatDateTime(date, language, { timeZone: zone, zoneName: true }) : "";
  const placeName = place?.name ?? place?.locode ?? "";
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {local ? (
        <LocalTimeTip
          date={date}
          shown={shown}
          tip={t("shipmentDetail.common.localTime", { place: placeName, time: local })}
        />
      ) : (
        <time dateTime={date.toISOString()} className="tabular-nums">
          {shown}
        </time>
      )}
      {showStatus ? <TimeStatusMark status={status} /> : null}
    </span>
  );
}

/**
 * The time with its port-local tooltip. The tooltip is drawn in a portal at a fixed position, so
 * tables that scroll sideways (which clip what overflows them) cannot cut it off.
 */
function LocalTimeTip({ date, shown, tip }: { date: Date; shown: string; tip: string }) {
  const id = useId();
  const anchor = useRef<HTMLTimeElement | null>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const open = () => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setAt({ left: rect.left, top: rect.top - 6 });
  };
  const close = () => setAt(null);
  return (
    <>
      <time
        ref={anchor}
        dateTime={date.toISOString()}
        // Focusable so keyboard users reach the port's local time as mouse users do (the
        // WAI-ARIA tooltip pattern needs a focusable trigger).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        aria-describedby={id}
        onMouseEnter={open}
        onMouseLeave={close}
        onFocus={open}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className="cursor-help rounded tabular-nums underline decoration-slate-300 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {shown}
      </time>
      <span id={id} className="sr-only">
        {tip}
      </span>
      {at
        ? createPortal(
            <span
              role="tooltip"
              aria-hidden="true"
              style={{ left: at.left, top: at.top }}
              className="pointer-events-none fixed z-[70] w-max max-w-72 -translate-y-full rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
            >
              {tip}
            </span>,
            document.body,
          )
        : null}
    </>
  );
}
