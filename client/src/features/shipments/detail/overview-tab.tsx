import { ContainersPanel } from "../../../components/shipment/containers-panel";
import { KeyDates } from "../../../components/shipment/key-dates";
import { ScheduleSection } from "../../../components/shipment/schedule-section";
import { useLiveChanged } from "../../../lib/live";
import { DetailsPanel } from "./details-panel";
import { MapPanel } from "./map-panel";
import type { ShipmentDetail } from "./types";

/** The Overview tab: the voyage and the map beside the key dates and the shipment's fields. */
export function OverviewTab({ shipment }: { shipment: ShipmentDetail }) {
  // The dates a live update just changed are highlighted for a moment (styles.css).
  const live = useLiveChanged(shipment.id).changed ? "live-changed rounded-lg" : "";
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <div className={live}>
          <ScheduleSection shipment={shipment} />
        </div>
        <MapPanel shipment={shipment} />
        <ContainersPanel shipment={shipment} />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <div className={live}>
          <KeyDates shipment={shipment} />
        </div>
        <DetailsPanel shipment={shipment} />
      </div>
    </div>
  );
}
