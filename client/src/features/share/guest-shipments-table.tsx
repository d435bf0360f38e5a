import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EventTime } from "../../components/shipment/event-time";
import { Badge } from "../../components/ui/badge";
import { Table, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { type GuestShipmentItem, sharePath } from "./types";

type Place = { locode: string | null; name: string | null } | null;
const placeText = (place: Place) => place?.name ?? place?.locode ?? "";

/**
 * Title, POL, POD, ETD, ETA, Vessel Voyage and Containers of the shared shipments (spec 02 §2).
 * Each row opens the share page in a new tab: the title is the link (keyboard and screen readers),
 * and a click anywhere on the row follows it too.
 */
export function GuestShipmentsTable({ items }: { items: GuestShipmentItem[] }) {
  const { t } = useTranslation();
  const none = <span className="text-slate-400">{t("share.guestHome.none")}</span>;
  return (
    <Table caption={t("share.guestHome.caption")}>
      <THead>
        <Th>{t("shipment.fields.title")}</Th>
        <Th>{t("shipment.fields.loadingPort")}</Th>
        <Th>{t("shipment.fields.dischargingPort")}</Th>
        <Th>{t("shipment.fields.departureTime")}</Th>
        <Th>{t("shipment.fields.arrivalTime")}</Th>
        <Th>{t("shipment.fields.vesselVoyage")}</Th>
        <Th>{t("shipment.fields.containers")}</Th>
      </THead>
      <TBody>
        {items.map((item) => {
          const history = item.latestHistory;
          const href = sharePath(item.shareToken);
          const [first, ...more] = history?.containers ?? [];
          return (
            <Tr key={item.shareToken} className="cursor-pointer">
              <Td
                className="max-w-72"
                onClick={(event) => {
                  if (event.target === event.currentTarget) window.open(href, "_blank", "noopener");
                }}
              >
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <span className="block truncate">
                    {item.title?.trim() ? item.title : item.trackingNumber}
                  </span>
                  <span className="sr-only"> ({t("share.guestHome.opensInNewTab")})</span>
                </a>
                <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
                  {item.title?.trim() ? <span className="font-mono">{item.trackingNumber}</span> : null}
                  {item.isArchived ? <Badge tone="neutral">{t("share.page.archived")}</Badge> : null}
                </span>
              </Td>
              <RowCell href={href}>{placeText(history?.loadingPort ?? null) || none}</RowCell>
              <RowCell href={href}>{placeText(history?.dischargingPort ?? null) || none}</RowCell>
              <RowCell href={href}>
                <EventTime value={history?.departureTime} status={history?.departureTimeStatus} />
              </RowCell>
              <RowCell href={href}>
                <EventTime value={history?.arrivalTime} status={history?.arrivalTimeStatus} />
              </RowCell>
              <RowCell href={href}>
                {history?.vesselName || history?.vesselVoyage ? (
                  <span>
                    {history.vesselName}
                    {history.vesselVoyage ? (
                      <span className="ml-1.5 text-slate-500">{history.vesselVoyage}</span>
                    ) : null}
                  </span>
                ) : (
                  none
                )}
              </RowCell>
              <RowCell href={href}>
                {first ? (
                  <span className="font-mono">
                    {first.containerNumber}
                    {more.length > 0 ? (
                      <span
                        className="ml-1.5 font-sans text-xs text-slate-500"
                        title={more.map((c) => c.containerNumber).join(", ")}
                      >
                        {t("share.guestHome.moreContainers", { count: more.length })}
                      </span>
                    ) : null}
                  </span>
                ) : (
                  none
                )}
              </RowCell>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

/** A cell whose click opens the row's share page; the title's link is the keyboard path. */
function RowCell({ href, children }: { href: string; children: ReactNode }) {
  return <Td onClick={() => window.open(href, "_blank", "noopener")}>{children}</Td>;
}
