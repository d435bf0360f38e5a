import { useTranslation } from "react-i18next";
import { LinerName } from "../../components/shipment/liner-name";
import { UpdatedAgo } from "../../components/shipment/updated-ago";
import { Badge } from "../../components/ui/badge";
import { type SharedShipment, sharedShipmentName } from "./types";

/**
 * 'Shipments / {line} / {title or tracking number}', the Archived badge and 'Updated {time ago}'
 * (spec 02 §2). A visitor has nowhere to go back to, so the path is a title rather than links.
 */
export function ShareHeader({ shipment }: { shipment: SharedShipment }) {
  const { t } = useTranslation();
  const name = sharedShipmentName(shipment);
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
          <span className="font-normal text-slate-500">{t("share.page.breadcrumb")}</span>
          <span className="font-normal whitespace-pre text-slate-400"> / </span>
          <LinerName line={shipment.shippingLine} className="font-normal text-slate-500" />
          <span className="font-normal whitespace-pre text-slate-400"> / </span>
          <span>{name}</span>
        </h1>
        {shipment.isArchived ? <Badge tone="neutral">{t("share.page.archived")}</Badge> : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {shipment.title?.trim() ? <span className="font-mono">{shipment.trackingNumber}</span> : null}
        <span>{t(`shipment.trackingTypes.${shipment.trackingType}`)}</span>
        <UpdatedAgo at={shipment.lastScrapedAt} />
      </p>
    </header>
  );
}
