import { useTranslation } from "react-i18next";
import type { RouterOutputs } from "../../lib/trpc";
import { LinerName } from "./liner-name";
import { Fact } from "./panel";
import type { ShipmentHistoryEntry } from "./types";

/** What identifies a shipment to people: its number and kind, the shipping line, the container size/type. */
export type ShipmentIdentity = Pick<
  RouterOutputs["shipments"]["get"],
  "trackingNumber" | "trackingType" | "shippingLine"
> & { latestHistory: ShipmentHistoryEntry | null };

/** The facts the detail page's Details panel and the share page's both open with; goes inside a `<dl>`. */
export function ShipmentIdentityFacts({ shipment }: { shipment: ShipmentIdentity }) {
  const { t } = useTranslation();
  return (
    <>
      <Fact label={t("shipment.fields.trackingNumber")}>
        <span className="font-mono">{shipment.trackingNumber}</span>
      </Fact>
      <Fact label={t("shipment.fields.trackingType")}>
        {t(`shipment.trackingTypes.${shipment.trackingType}`)}
      </Fact>
      <Fact label={t("shipment.fields.shippingLine")}>
        <LinerName line={shipment.shippingLine} />
      </Fact>
      {shipment.latestHistory?.containerSizeType ? (
        <Fact label={t("shipmentDetail.overview.sizeType")}>{shipment.latestHistory.containerSizeType}</Fact>
      ) : null}
    </>
  );
}
