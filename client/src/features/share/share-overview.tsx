import { useTranslation } from "react-i18next";
import { ContainersPanel } from "../../components/shipment/containers-panel";
import { ShipmentIdentityFacts } from "../../components/shipment/identity-facts";
import { KeyDates } from "../../components/shipment/key-dates";
import { Panel } from "../../components/shipment/panel";
import { ScheduleSection } from "../../components/shipment/schedule-section";
import type { SharedShipment } from "./types";

/** The shipment's details as the console's Overview shows them, without anything only members see. */
export function ShareOverview({ shipment }: { shipment: SharedShipment }) {
  const { t } = useTranslation();
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <ScheduleSection shipment={shipment} />
        <ContainersPanel shipment={shipment} />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <KeyDates shipment={shipment} />
        <Panel title={t("share.page.details")}>
          <dl className="divide-y divide-slate-100">
            <ShipmentIdentityFacts shipment={shipment} />
          </dl>
        </Panel>
      </div>
    </div>
  );
}
