import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { TIMELINE_CELL_WIDTH } from "../../../../../shared/constants";
import type { ShipmentCalendarOutput } from "../../../../../shared/schemas/list";
import { useLanguage } from "../../../components/shipment/use-language";
import { Button } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { LOCALES } from "../../../lib/format";
import { TimelineBar } from "./timeline-bar";
import {
  barTone,
  latestEnd,
  legGeometry,
  legsOf,
  type TimelineShipment,
  type TimelineWindow,
  timelineWindow,
  windowDays,
} from "./timeline-layout";
import { shipmentPath } from "./title-cell";

const ROW_HEIGHT = 36;
const NAME_WIDTH = 240;
const HEADER_HEIGHT = 48;

function shipmentAt(data: ShipmentCalendarOutput, i: number): TimelineShipment {
  return {
    departureTime: data.departureTime[i] ?? null,
    departureTimeStatus: data.departureTimeStatus[i] ?? null,
    arrivalTime: data.arrivalTime[i] ?? null,
    arrivalTimeStatus: data.arrivalTimeStatus[i] ?? null,
    placeOfDeliveryEta: data.placeOfDeliveryEta[i] ?? null,
  };
}

const TimelineRow = memo(function TimelineRow({
  data,
  index,
  window,
  fallback,
  top,
  format,
}: {
  data: ShipmentCalendarOutput;
  index: number;
  window: TimelineWindow;
  fallback: number;
  top: number;
  format: (time: number) => string;
}) {
  const { t } = useTranslation();
  const s = shipmentAt(data, index);
  const tone = barTone(s);
  const name = data.title[index]?.trim() || data.trackingNumber[index] || "";
  const legs = legsOf(s, fallback);
  return (
    <tr className="absolute left-0 flex w-full border-b border-slate-100" style={{ top, height: ROW_HEIGHT }}>
      <th
        scope="row"
        className="sticky left-0 z-[5] flex shrink-0 items-center border-r border-slate-200 bg-white px-3 text-left text-sm font-normal"
        style={{ width: NAME_WIDTH }}
      >
        <Link
          href={shipmentPath(data.id[index] ?? "")}
          className="truncate text-slate-800 hover:text-blue-700 hover:underline"
          title={name}
        >
          {name}
        </Link>
      </th>
      <td className="relative shrink-0" style={{ width: window.days * TIMELINE_CELL_WIDTH }}>
        {legs.map((leg, i) => {
          const geometry = legGeometry(window, leg);
          if (!geometry) return null;
          const label =
            tone === "unscheduled"
              ? t("shipmentList.timeline.unscheduledBar", { name })
              : t("shipmentList.timeline.bar", { name, from: format(leg.start), to: format(leg.end) });
          return (
            <TimelineBar
              key={`${leg.start}-${leg.end}`}
              geometry={geometry}
              tone={tone}
              filled={leg.filled}
              startActual={i === 0 && s.departureTime !== null ? s.departureTimeStatus === "A" : null}
              endActual={i === 0 && s.arrivalTime !== null ? s.arrivalTimeStatus === "A" : null}
              label={label}
            />
          );
        })}
      </td>
    </tr>
  );
});

/**
 * The timeline (Gantt) view (spec 01 §2): a row per shipment with its bar, 7 days back and at least
 * 30 ahead of the anchor week, moved by 7-day steps; rows are virtualized for 100,000 shipments.
 */
export function TimelineView({ data }: { data: ShipmentCalendarOutput }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [steps, setSteps] = useState(0);
  const now = useMemo(() => Date.now(), []);
  const latest = useMemo(() => latestEnd(data.id.map((_, i) => shipmentAt(data, i))), [data]);
  const window = useMemo(() => timelineWindow({ now, steps, latestEnd: latest }), [now, steps, latest]);
  const days = useMemo(() => windowDays(window), [window]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: data.id.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(LOCALES[language], { day: "numeric" }), [language]);
  const monthFormat = useMemo(
    () => new Intl.DateTimeFormat(LOCALES[language], { month: "short" }),
    [language],
  );
  const rangeFormat = useMemo(
    () => new Intl.DateTimeFormat(LOCALES[language], { year: "numeric", month: "short", day: "numeric" }),
    [language],
  );
  const format = useMemo(() => (time: number) => rangeFormat.format(new Date(time)), [rangeFormat]);
  const width = window.days * TIMELINE_CELL_WIDTH;
  const lastDay = days[days.length - 1] ?? window.start;

  return (
    <section aria-label={t("shipmentList.timeline.label")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => setSteps((s) => s - 1)}
          aria-label={t("shipmentList.timeline.previous")}
        >
          <ChevronDownIcon className="size-4 rotate-90" />
        </Button>
        <Button size="sm" onClick={() => setSteps(0)}>
          {t("shipmentList.timeline.today")}
        </Button>
        <Button size="sm" onClick={() => setSteps((s) => s + 1)} aria-label={t("shipmentList.timeline.next")}>
          <ChevronDownIcon className="size-4 -rotate-90" />
        </Button>
        <h2 className="ml-2 text-sm font-medium text-slate-800" aria-live="polite">
          {rangeFormat.formatRange(window.start, lastDay)}
        </h2>
      </div>
      <div
        ref={scrollRef}
        className="relative overflow-auto rounded-lg border border-slate-200 bg-white"
        style={{ height: "max(24rem, calc(100dvh - 21rem))" }}
      >
        {window.todayIndex >= 0 ? (
          // Today's column, under the rows (it scrolls with them; the sticky names cover it).
          <div
            aria-hidden="true"
            className="pointer-events-none absolute z-0 bg-blue-100/50"
            style={{
              top: HEADER_HEIGHT,
              height: virtualizer.getTotalSize(),
              left: NAME_WIDTH + window.todayIndex * TIMELINE_CELL_WIDTH,
              width: TIMELINE_CELL_WIDTH,
            }}
          />
        ) : null}
        <table className="grid border-collapse" style={{ width: NAME_WIDTH + width }}>
          <caption className="sr-only">{t("shipmentList.timeline.label")}</caption>
          <thead className="sticky top-0 z-10 grid">
            <tr className="flex border-b border-slate-200 bg-slate-50" style={{ height: HEADER_HEIGHT }}>
              <th
                scope="col"
                className="sticky left-0 z-[6] flex shrink-0 items-end border-r border-slate-200 bg-slate-50 px-3 pb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase"
                style={{ width: NAME_WIDTH }}
              >
                {t("shipmentList.timeline.shipment")}
              </th>
              {days.map((day, i) => (
                <th
                  key={day.getTime()}
                  scope="col"
                  className={`flex shrink-0 flex-col items-center justify-end pb-1.5 text-xs tabular-nums ${
                    i === window.todayIndex ? "font-semibold text-blue-800" : "text-slate-600"
                  } ${day.getDay() === 0 || day.getDay() === 6 ? "bg-slate-100/70" : ""}`}
                  style={{ width: TIMELINE_CELL_WIDTH }}
                >
                  {day.getDate() === 1 || i === 0 ? (
                    <span className="text-[0.65rem]">{monthFormat.format(day)}</span>
                  ) : null}
                  <span>{dayFormat.format(day)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            className="relative grid"
            style={{
              height: virtualizer.getTotalSize(),
              // Day lines as a background: one element instead of a cell per day per row.
              backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent ${TIMELINE_CELL_WIDTH - 1}px, rgb(241 245 249) ${TIMELINE_CELL_WIDTH - 1}px, rgb(241 245 249) ${TIMELINE_CELL_WIDTH}px)`,
              backgroundPosition: `${NAME_WIDTH}px 0`,
            }}
          >
            {virtualizer.getVirtualItems().map((row) => (
              <TimelineRow
                key={data.id[row.index] ?? row.index}
                data={data}
                index={row.index}
                window={window}
                fallback={now}
                top={row.start}
                format={format}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
