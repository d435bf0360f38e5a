import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { Language } from "../../../../../shared/enums";
import type { ListPlace, ShipmentListItem } from "../../../../../shared/schemas/list";
import { linerLabel } from "../../../components/shipment/liner-name";
import { formatCalendarDate, formatDateTime } from "../../../components/shipment/time-format";
import { formatCompactDate, formatDate } from "../../../lib/format";
import type { ColumnId } from "./columns";
import { DateMark } from "./date-mark";

// One cell of the list per column. Plain functions (not components) so a row renders its cells
// without a hook per cell; the title cell, which holds links and toggles, is its own component.

export interface CellContext {
  t: TFunction;
  language: Language;
  /** For dates near today, which leave the year out to keep the schedule columns narrow. */
  now: Date;
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-slate-600">{children}</span>;
}

function Place({ place }: { place: ListPlace | null }) {
  if (!place || (!place.name && !place.locode)) return <Muted>–</Muted>;
  return (
    <span className="block truncate" title={[place.name, place.locode].filter(Boolean).join(" · ")}>
      {place.name ?? place.locode}
      {place.name && place.locode ? (
        <span className="ml-1.5 text-xs text-slate-600">{place.locode}</span>
      ) : null}
    </span>
  );
}

function ScheduleTime({
  value,
  status,
  ctx,
}: {
  value: string | null;
  status: string | null;
  ctx: CellContext;
}) {
  if (!value) return <Muted>–</Muted>;
  return (
    <span
      className="inline-flex items-center gap-1.5 tabular-nums"
      title={formatDateTime(value, ctx.language)}
    >
      <DateMark actual={status === "ACTUAL"} />
      {formatCompactDate(value, ctx.language, ctx.now)}
    </span>
  );
}

function Delay({ days, ctx }: { days: number | null; ctx: CellContext }) {
  if (days === null) return <Muted>–</Muted>;
  const tone = days > 0 ? "font-medium text-red-700" : days < 0 ? "text-emerald-700" : "text-slate-600";
  const text = ctx.t("shipment.delayDays", { count: Math.abs(days) });
  return (
    <span className={`tabular-nums ${tone}`}>{days > 0 ? `+${text}` : days < 0 ? `−${text}` : text}</span>
  );
}

function Text({ value }: { value: string | null }) {
  if (!value) return <Muted>–</Muted>;
  return (
    <span className="block truncate" title={value}>
      {value}
    </span>
  );
}

export function renderCell(id: Exclude<ColumnId, "title">, s: ShipmentListItem, ctx: CellContext): ReactNode {
  switch (id) {
    case "shippingLine":
      return <Text value={linerLabel(s.shippingLine)} />;
    case "trackingNumber":
      return <span className="font-mono text-xs">{s.trackingNumber}</span>;
    case "trackingType":
      return ctx.t(`shipment.trackingTypes.${s.trackingType}`);
    case "placeOfReceipt":
    case "loadingPort":
    case "dischargingPort":
    case "placeOfDelivery":
      return <Place place={s[id]} />;
    case "departureTime":
      return <ScheduleTime value={s.departureTime} status={s.departureTimeStatus} ctx={ctx} />;
    case "arrivalTime":
      return <ScheduleTime value={s.arrivalTime} status={s.arrivalTimeStatus} ctx={ctx} />;
    case "placeOfDeliveryEta":
      return <ScheduleTime value={s.placeOfDeliveryEta} status={s.placeOfDeliveryEtaStatus} ctx={ctx} />;
    case "initialEtd":
    case "initialEta":
      return s[id] ? (
        <span className="tabular-nums">{formatDate(s[id], ctx.language)}</span>
      ) : (
        <Muted>–</Muted>
      );
    case "requestedEtd":
    case "requestedEta":
      return s[id] ? (
        <span className="tabular-nums">{formatCalendarDate(s[id], ctx.language)}</span>
      ) : (
        <Muted>–</Muted>
      );
    case "delayDays":
    case "etdDelayDays":
    case "requestedEtdDelayDays":
    case "requestedEtaDelayDays":
      return <Delay days={s[id]} ctx={ctx} />;
    case "containers":
      return <Text value={s.containers.length > 0 ? s.containers.join(", ") : null} />;
    case "vesselName":
    case "vesselVoyage":
    case "remark":
    case "customField1":
    case "customField2":
    case "customField3":
      return <Text value={s[id]} />;
    case "owner":
      return s.owner ? (
        <span className="inline-flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-full"
            style={{ background: s.owner.color }}
          />
          <span className="truncate">{s.owner.nickname}</span>
        </span>
      ) : (
        <Muted>–</Muted>
      );
    case "createdAt":
    case "lastScrapedAt":
      return s[id] ? (
        <span className="tabular-nums">{formatDateTime(s[id], ctx.language)}</span>
      ) : (
        <Muted>–</Muted>
      );
  }
}
