import { useTranslation } from "react-i18next";
import { Table, TBody, Td, THead, Th, Tr } from "../ui/table";
import { EventTime } from "./event-time";
import { Panel } from "./panel";
import { toDate } from "./time-format";
import type { HistoryContainer, Place, ScheduleView } from "./types";
import { useNow } from "./use-now";

type EventKey =
  | "emptyContainerReleasedToShipperTime"
  | "gateInTime"
  | "gateOutTime"
  | "emptyContainerReturnedFromCustomerTime";

const EVENTS: { key: EventKey; label: string; at: "origin" | "destination" }[] = [
  {
    key: "emptyContainerReleasedToShipperTime",
    label: "shipmentDetail.overview.emptyReleased",
    at: "origin",
  },
  { key: "gateInTime", label: "shipmentDetail.overview.gateIn", at: "origin" },
  { key: "gateOutTime", label: "shipmentDetail.overview.gateOut", at: "destination" },
  {
    key: "emptyContainerReturnedFromCustomerTime",
    label: "shipmentDetail.overview.emptyReturned",
    at: "destination",
  },
];

/** Each container with its size and weight and its equipment events. */
export function ContainersPanel({ shipment }: { shipment: Pick<ScheduleView, "latestHistory"> }) {
  const { t } = useTranslation();
  const now = useNow();
  const history = shipment.latestHistory;
  if (!history) return null;
  const legs = [...history.vessels].sort((a, b) => a.sequence - b.sequence);
  const places: Record<"origin" | "destination", Place | null> = {
    origin: legs[0]?.loadingPort ?? history.loadingPort,
    destination: history.placeOfDelivery ?? legs.at(-1)?.dischargingPort ?? history.dischargingPort,
  };
  // The carrier's container events carry no status of their own: one in the past has happened,
  // one still ahead can only be planned.
  const statusOf = (value: string | null) => {
    const date = toDate(value);
    return date && date.getTime() <= now.getTime() ? "ACTUAL" : "ESTIMATED";
  };
  return (
    <Panel title={t("shipmentDetail.overview.containers")}>
      {history.containers.length === 0 ? (
        <p className="text-sm text-slate-600">{t("shipmentDetail.overview.noContainers")}</p>
      ) : (
        <Table caption={t("shipmentDetail.overview.containerEvents")}>
          <THead>
            <Th>{t("shipment.fields.containerNumber")}</Th>
            <Th>{t("shipmentDetail.overview.sizeType")}</Th>
            <Th>{t("shipmentDetail.overview.weight")}</Th>
            {EVENTS.map((event) => (
              <Th key={event.key}>{t(event.label)}</Th>
            ))}
          </THead>
          <TBody>
            {history.containers.map((container: HistoryContainer) => (
              <Tr key={container.id}>
                <Td className="font-mono">{container.containerNumber}</Td>
                <Td>
                  {container.sizeType ?? container.sizeTypeOriginal ?? t("shipmentDetail.overview.none")}
                  {container.sizeType &&
                  container.sizeTypeOriginal &&
                  container.sizeTypeOriginal !== container.sizeType ? (
                    <span className="ml-1 text-xs text-slate-500">({container.sizeTypeOriginal})</span>
                  ) : null}
                </Td>
                <Td>
                  {container.grossWeightKilograms === null
                    ? t("shipmentDetail.overview.none")
                    : t("shipmentDetail.overview.weightKg", {
                        value: container.grossWeightKilograms.toLocaleString(),
                      })}
                </Td>
                {EVENTS.map((event) => (
                  <Td key={event.key}>
                    {container[event.key] ? (
                      <EventTime
                        value={container[event.key]}
                        status={statusOf(container[event.key])}
                        place={places[event.at]}
                      />
                    ) : (
                      <span className="text-slate-400">{t("shipmentDetail.overview.none")}</span>
                    )}
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}
