import { useTranslation } from "react-i18next";
import { DelayBadge } from "./delay-badge";
import { EventTime } from "./event-time";
import { Fact, Panel } from "./panel";
import { formatCalendarDate } from "./time-format";
import type { KeyDatesView } from "./types";
import { useLanguage } from "./use-language";

/**
 * ETD and ETA with their delays, the place of delivery ETA, and the initial and requested dates
 * the team chose to show (teamPublicSettings).
 */
export function KeyDates({ shipment }: { shipment: KeyDatesView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const history = shipment.latestHistory;
  const settings = shipment.teamPublicSettings;
  const legs = history ? [...history.vessels].sort((a, b) => a.sequence - b.sequence) : [];
  const loadingPort = legs[0]?.loadingPort ?? history?.loadingPort ?? null;
  const dischargingPort = legs.at(-1)?.dischargingPort ?? history?.dischargingPort ?? null;
  const none = <span className="text-slate-400">{t("shipmentDetail.overview.none")}</span>;
  return (
    <Panel title={t("shipmentDetail.overview.keyDates")}>
      <dl className="divide-y divide-slate-100">
        <Fact label={t("shipment.fields.departureTime")}>
          <span className="flex flex-col items-start gap-1">
            <EventTime
              value={history?.departureTime}
              status={history?.departureTimeStatus}
              place={loadingPort}
            />
            <DelayBadge days={shipment.etdDelayDays} />
          </span>
        </Fact>
        <Fact label={t("shipment.fields.arrivalTime")}>
          <span className="flex flex-col items-start gap-1">
            <EventTime
              value={history?.arrivalTime}
              status={history?.arrivalTimeStatus}
              place={dischargingPort}
            />
            <DelayBadge days={shipment.delayDays} />
          </span>
        </Fact>
        {history?.placeOfDeliveryEta ? (
          <Fact label={t("shipment.fields.placeOfDeliveryEta")}>
            <EventTime
              value={history.placeOfDeliveryEta}
              status={history.placeOfDeliveryEtaStatus}
              place={history.placeOfDelivery}
            />
          </Fact>
        ) : null}
        {settings.enableInitialEtd ? (
          <Fact label={t("shipment.fields.initialEtd")}>
            {shipment.initialEtd ? (
              <EventTime value={shipment.initialEtd} place={loadingPort} showStatus={false} />
            ) : (
              none
            )}
          </Fact>
        ) : null}
        {settings.enableInitialEta ? (
          <Fact label={t("shipment.fields.initialEta")}>
            {shipment.initialEta ? (
              <EventTime value={shipment.initialEta} place={dischargingPort} showStatus={false} />
            ) : (
              none
            )}
          </Fact>
        ) : null}
        {settings.enableRequestedEtd ? (
          <Fact label={t("shipment.fields.requestedEtd")}>
            <span className="flex flex-col items-start gap-1">
              {shipment.requestedEtd ? formatCalendarDate(shipment.requestedEtd, language) : none}
              <DelayBadge days={shipment.requestedEtdDelayDays} />
            </span>
          </Fact>
        ) : null}
        {settings.enableRequestedEta ? (
          <Fact label={t("shipment.fields.requestedEta")}>
            <span className="flex flex-col items-start gap-1">
              {shipment.requestedEta ? formatCalendarDate(shipment.requestedEta, language) : none}
              <DelayBadge days={shipment.requestedEtaDelayDays} />
            </span>
          </Fact>
        ) : null}
      </dl>
    </Panel>
  );
}
