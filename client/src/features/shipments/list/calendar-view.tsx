import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { ShipmentCalendarOutput } from "../../../../../shared/schemas/list";
import { useLanguage } from "../../../components/shipment/use-language";
import { Button } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover";
import { LOCALES } from "../../../lib/format";
import {
  type CalendarCell,
  type CalendarEvent,
  eventsByDay,
  monthGrid,
  monthOf,
  shiftMonth,
} from "./calendar-layout";
import { DateMark } from "./date-mark";
import { shipmentPath } from "./title-cell";

const SHOWN_PER_DAY = 3;
/** A day's popover lists this many; a day busier than that is a sign to narrow the search. */
const POPOVER_CAP = 200;
const NO_EVENTS: readonly CalendarEvent[] = [];

function EventLink({ data, event }: { data: ShipmentCalendarOutput; event: CalendarEvent }) {
  const { t } = useTranslation();
  const name = data.title[event.index]?.trim() || data.trackingNumber[event.index] || "";
  const kind =
    event.kind === "departure" ? t("shipmentList.calendar.departure") : t("shipmentList.calendar.arrival");
  return (
    <Link
      href={shipmentPath(data.id[event.index] ?? "")}
      title={`${kind} · ${name}`}
      className={`flex min-w-0 items-center gap-1 rounded px-1 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 ${
        event.kind === "departure" ? "text-blue-900" : "text-emerald-800"
      }`}
    >
      <DateMark actual={event.actual} />
      <span className="shrink-0 font-semibold">{kind}</span>
      <span className="truncate text-slate-700">{name}</span>
    </Link>
  );
}

const DayCell = memo(function DayCell({
  cell,
  events,
  data,
  dateLabel,
}: {
  cell: CalendarCell;
  events: readonly CalendarEvent[];
  data: ShipmentCalendarOutput;
  dateLabel: string;
}) {
  const { t } = useTranslation();
  const hidden = events.length - SHOWN_PER_DAY;
  return (
    <td
      className={`h-28 min-w-0 border-r align-top border-b border-slate-200 p-1.5 ${cell.inMonth ? "bg-white" : "bg-slate-50"}`}
    >
      <div
        className={`mb-1 flex size-6 items-center justify-center rounded-full text-xs tabular-nums ${
          cell.isToday
            ? "bg-blue-700 font-semibold text-white"
            : cell.inMonth
              ? "text-slate-800"
              : "text-slate-600"
        }`}
      >
        <span aria-hidden="true">{cell.day}</span>
        <span className="sr-only">{dateLabel}</span>
      </div>
      <ul className="space-y-0.5">
        {events.slice(0, SHOWN_PER_DAY).map((event) => (
          <li key={`${event.index}-${event.kind}`}>
            <EventLink data={data} event={event} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              className="mt-0.5 rounded px-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
            >
              {t("shipmentList.calendar.more", { count: hidden })}
            </button>
          </PopoverTrigger>
          <PopoverContent className="w-72 p-3">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">
              {t("shipmentList.calendar.dayEvents", { date: dateLabel })}
            </h3>
            <ul className="max-h-72 space-y-0.5 overflow-y-auto">
              {events.slice(0, POPOVER_CAP).map((event) => (
                <li key={`${event.index}-${event.kind}`}>
                  <EventLink data={data} event={event} />
                </li>
              ))}
            </ul>
          </PopoverContent>
        </Popover>
      ) : null}
    </td>
  );
});

/**
 * The calendar view (spec 01 §2): each shipment's departure and arrival on its day, a month at a
 * time with a Today button; other months' days are greyed by the split-at-15 rule.
 */
export function CalendarView({ data }: { data: ShipmentCalendarOutput }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useMemo(() => Date.now(), []);
  const [month, setMonth] = useState(() => monthOf(now));
  const grid = useMemo(() => monthGrid(month, now), [month, now]);
  const events = useMemo(() => eventsByDay(data, grid), [data, grid]);
  const monthTitle = new Intl.DateTimeFormat(LOCALES[language], { year: "numeric", month: "long" }).format(
    new Date(month.year, month.month, 1),
  );
  const weekday = new Intl.DateTimeFormat(LOCALES[language], { weekday: "short" });
  const fullDate = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long" });

  return (
    <section aria-label={t("shipmentList.calendar.label")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
          aria-label={t("shipmentList.calendar.previous")}
        >
          <ChevronDownIcon className="size-4 rotate-90" />
        </Button>
        <Button size="sm" onClick={() => setMonth(monthOf(Date.now()))}>
          {t("shipmentList.calendar.today")}
        </Button>
        <Button
          size="sm"
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          aria-label={t("shipmentList.calendar.next")}
        >
          <ChevronDownIcon className="size-4 -rotate-90" />
        </Button>
        <h2 className="ml-2 text-base font-semibold text-slate-900" aria-live="polite">
          {monthTitle}
        </h2>
      </div>
      <table className="w-full table-fixed border-collapse border-t border-l border-slate-200">
        <caption className="sr-only">{monthTitle}</caption>
        <thead>
          <tr>
            {(grid[0] ?? []).map((cell) => (
              <th
                key={cell.key}
                scope="col"
                className="border-r border-b border-slate-200 bg-slate-50 px-2 py-1.5 text-left text-xs font-medium text-slate-500"
              >
                {weekday.format(cell.date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr key={week[0]?.key}>
              {week.map((cell) => (
                <DayCell
                  key={cell.key}
                  cell={cell}
                  events={events.get(cell.key) ?? NO_EVENTS}
                  data={data}
                  dateLabel={fullDate.format(cell.date)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
