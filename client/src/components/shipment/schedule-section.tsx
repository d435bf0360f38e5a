import { useTranslation } from "react-i18next";
import { isNumberUnknownToLine } from "../../../../shared/refresh-state";
import { ShipIcon } from "../ui/icons";
import { EventTime } from "./event-time";
import { Panel } from "./panel";
import { type Leg, type ScheduleItem, type Stop, scheduleItems, transhipmentCount } from "./schedule-model";
import type { ScheduleView } from "./types";

const KIND_LABEL = {
  receipt: "shipment.fields.placeOfReceipt",
  loading: "shipment.fields.loadingPort",
  transhipment: "shipmentDetail.overview.transhipment",
  discharging: "shipment.fields.dischargingPort",
  delivery: "shipment.fields.placeOfDelivery",
} as const;

/**
 * The voyage, stop by stop: place of receipt, loading port, each leg's vessel and voyage, each
 * transhipment, discharging port and place of delivery, with every time marked ACTUAL or ESTIMATED.
 */
export function ScheduleSection({ shipment }: { shipment: ScheduleView }) {
  const { t } = useTranslation();
  const history = shipment.latestHistory;
  if (!history) {
    return (
      <Panel title={t("shipmentDetail.overview.schedule")}>
        <p className="text-sm text-slate-600">
          {shipment.isFailing
            ? t("shipmentDetail.overview.noScheduleFailing")
            : isNumberUnknownToLine(shipment)
              ? t("shipmentDetail.overview.noScheduleUnknownNumber")
              : t("shipmentDetail.overview.noSchedule")}
        </p>
      </Panel>
    );
  }
  const transhipments = transhipmentCount(history);
  const items = scheduleItems(history);
  return (
    <Panel
      title={t("shipmentDetail.overview.schedule")}
      testId="shipment-schedule"
      actions={
        <span className="text-sm text-slate-600">
          {transhipments === 0
            ? t("shipmentDetail.overview.direct")
            : t("shipmentDetail.overview.transhipments", { count: transhipments })}
        </span>
      }
    >
      <ol className="relative">
        {items.map((item, index) => (
          // The order is the voyage's; items have no identity of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <ScheduleRow key={`${item.type}-${index}`} item={item} last={index === items.length - 1} />
        ))}
      </ol>
    </Panel>
  );
}

function ScheduleRow({ item, last }: { item: ScheduleItem; last: boolean }) {
  return item.type === "stop" ? <StopRow stop={item.stop} last={last} /> : <LegRow leg={item.leg} />;
}

function StopRow({ stop, last }: { stop: Stop; last: boolean }) {
  const { t } = useTranslation();
  const label =
    stop.kind === "transhipment"
      ? t(KIND_LABEL.transhipment, { place: stop.place?.name ?? stop.place?.locode ?? "" })
      : t(KIND_LABEL[stop.kind]);
  const major = stop.kind === "loading" || stop.kind === "discharging";
  return (
    <li className="relative flex gap-4 pb-1">
      <div className="flex w-4 shrink-0 flex-col items-center">
        <span
          aria-hidden="true"
          className={`mt-1.5 size-3.5 rounded-full border-2 ${
            major
              ? "border-blue-700 bg-blue-700"
              : stop.kind === "transhipment"
                ? "border-amber-500 bg-white"
                : "border-slate-400 bg-white"
          }`}
        />
        {last ? null : <span aria-hidden="true" className="w-px flex-1 bg-slate-300" />}
      </div>
      <div className="min-w-0 flex-1 pb-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
        <p className="mt-0.5 text-sm font-semibold text-slate-900">
          {stop.place?.name ?? stop.place?.locode ?? t("shipmentDetail.overview.notAnnounced")}
          {stop.place?.locode && stop.place.name ? (
            <span className="ml-2 font-mono text-xs font-normal text-slate-500">{stop.place.locode}</span>
          ) : null}
        </p>
        <dl className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
          {stop.arrival ? (
            <div className="flex flex-wrap items-center gap-2">
              <dt className="w-20 shrink-0 text-slate-500">{t("shipmentDetail.overview.arrival")}</dt>
              <dd>
                <EventTime value={stop.arrival.time} status={stop.arrival.status} place={stop.place} />
              </dd>
            </div>
          ) : null}
          {stop.departure ? (
            <div className="flex flex-wrap items-center gap-2">
              <dt className="w-20 shrink-0 text-slate-500">{t("shipmentDetail.overview.departure")}</dt>
              <dd>
                <EventTime value={stop.departure.time} status={stop.departure.status} place={stop.place} />
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}

function LegRow({ leg }: { leg: Leg }) {
  const { t } = useTranslation();
  return (
    <li className="relative flex gap-4">
      <div className="flex w-4 shrink-0 justify-center">
        <span aria-hidden="true" className="w-px bg-slate-300" />
      </div>
      <div className="mb-4 flex min-w-0 flex-1 items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <ShipIcon className="size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="text-xs text-slate-500">{t("shipmentDetail.overview.leg", { n: leg.sequence })}</p>
          <p className="font-medium text-slate-900">
            {leg.vesselName ?? t("shipmentDetail.overview.noVessel")}
            {leg.voyage ? (
              <span className="ml-2 font-normal text-slate-600">
                {t("shipmentDetail.overview.voyage")} {leg.voyage}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  );
}
