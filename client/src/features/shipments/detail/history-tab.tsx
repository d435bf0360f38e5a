import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EventTime } from "../../../components/shipment/event-time";
import { Panel } from "../../../components/shipment/panel";
import { formatDateTime } from "../../../components/shipment/time-format";
import { useLanguage } from "../../../components/shipment/use-language";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { trpc } from "../../../lib/trpc";
import { failureKey } from "../common/queue-status-banner";
import { type HistoryColumn, historyRows, vesselsText } from "./history-model";
import { placeName } from "./types";

const COLUMNS = 7;

/** Each change of ETD, ETA, vessel and ports over time, oldest to newest; changed values stand out. */
export function HistoryTab({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = trpc.shipments.histories.useQuery({ shipmentId });
  const rows = query.data ? historyRows(query.data) : [];
  const none = <span className="text-slate-400">{t("shipmentDetail.overview.none")}</span>;
  return (
    <Panel title={t("shipmentDetail.history.title")}>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{t("shipmentDetail.history.description")}</p>
      {query.isError ? (
        <ErrorState message={t("shipmentDetail.loadFailed")} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState />
      ) : (
        <Table caption={t("shipmentDetail.history.caption")}>
          <THead>
            <Th>{t("shipmentDetail.history.retrievedAt")}</Th>
            <Th>{t("shipment.fields.departureTime")}</Th>
            <Th>{t("shipment.fields.arrivalTime")}</Th>
            <Th>{t("shipment.fields.vesselVoyage")}</Th>
            <Th>{t("shipment.fields.loadingPort")}</Th>
            <Th>{t("shipment.fields.dischargingPort")}</Th>
            <Th>{t("shipment.fields.placeOfDeliveryEta")}</Th>
          </THead>
          <TBody>
            {rows.length === 0 ? (
              <TableMessage colSpan={COLUMNS}>{t("shipmentDetail.history.empty")}</TableMessage>
            ) : (
              rows.map(({ entry, first, changed }) => {
                const cell = (column: HistoryColumn, content: ReactNode) => (
                  <Changed changed={changed[column]}>{content}</Changed>
                );
                return (
                  <Tr key={entry.id}>
                    <Td>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
                      {first ? (
                        <span className="ml-2 text-xs text-slate-500">
                          {t("shipmentDetail.history.first")}
                        </span>
                      ) : null}
                    </Td>
                    {entry.status !== "success" ? (
                      <Td colSpan={COLUMNS - 1} className="text-red-700">
                        {t("shipmentDetail.history.failed")}: {t(failureKey(entry.failedReason))}
                      </Td>
                    ) : (
                      <>
                        {cell(
                          "departure",
                          <EventTime
                            value={entry.departureTime}
                            status={entry.departureTimeStatus}
                            place={entry.loadingPort}
                          />,
                        )}
                        {cell(
                          "arrival",
                          <EventTime
                            value={entry.arrivalTime}
                            status={entry.arrivalTimeStatus}
                            place={entry.dischargingPort}
                          />,
                        )}
                        {cell("vessels", vesselsText(entry) || none)}
                        {cell("loadingPort", placeName(entry.loadingPort) || none)}
                        {cell("dischargingPort", placeName(entry.dischargingPort) || none)}
                        {cell(
                          "delivery",
                          entry.placeOfDeliveryEta ? (
                            <EventTime
                              value={entry.placeOfDeliveryEta}
                              status={entry.placeOfDeliveryEtaStatus}
                              place={entry.placeOfDelivery}
                            />
                          ) : (
                            none
                          ),
                        )}
                      </>
                    )}
                  </Tr>
                );
              })
            )}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}

/** A value that differs from the previous fetch: highlighted, and said so to screen readers. */
function Changed({ changed, children }: { changed: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Td className={changed ? "bg-amber-50 font-medium text-slate-900" : ""}>
      {children}
      {changed ? <span className="sr-only"> ({t("shipmentDetail.history.changed")})</span> : null}
    </Td>
  );
}
