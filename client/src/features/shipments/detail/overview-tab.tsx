import { ContainersPanel } from "../../../components/shipment/containers-panel";
import { KeyDates } from "../../../components/shipment/key-dates";
import { ScheduleSection } from "../../../components/shipment/schedule-section";
import { DetailsPanel } from "./details-panel";
import { MapPanel } from "./map-panel";
import type { ShipmentDetail } from "./types";

/** The Overview tab: the voyage and the map beside the key dates and the shipment's fields. */
export function OverviewTab({ shipment }: { shipment: ShipmentDetail }) {
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <ScheduleSection shipment={shipment} />
        <MapPanel shipment={shipment} />
        <ContainersPanel shipment={shipment} />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <KeyDates shipment={shipment} />
        <DetailsPanel shipment={shipment} />
      </div>
    </div>
  );
}
