import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { EventTime } from "../../../components/shipment/event-time";
import { Fact, Panel } from "../../../components/shipment/panel";
import { routePoints } from "../../../components/shipment/schedule-model";
import {
  type DateLike,
  formatCoordinate,
  formatDateTime,
  toDate,
} from "../../../components/shipment/time-format";
import { TimeAgo } from "../../../components/shipment/updated-ago";
import { useLanguage } from "../../../components/shipment/use-language";
import { Button } from "../../../components/ui/button";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { trpc } from "../../../lib/trpc";
import { MapIcon } from "./detail-icons";
import type { ShipmentDetail } from "./types";
import type { VesselMapProps } from "./vessel-map";

interface Position {
  latitude: number | null;
  longitude: number | null;
  aisUpdatedAt: DateLike;
  predictedArrivalAt: DateLike;
}

type MapState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; MapView: ComponentType<VesselMapProps>; position: Position };

/**
 * The vessel map, loaded only when asked for (spec 01 §2): the click fetches the newest AIS
 * position (tracking.updateAis) and the map module, whose d3-geo and world-atlas stay out of the
 * page's own code.
 */
export function MapPanel({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const updateAis = trpc.tracking.updateAis.useMutation();
  const [state, setState] = useState<MapState>({ kind: "idle" });

  const show = async () => {
    setState({ kind: "loading" });
    const stored: Position = shipment;
    try {
      const [module, position] = await Promise.all([
        import("./vessel-map"),
        // Without a fresh position the stored one is still worth showing.
        updateAis.mutateAsync({ shipmentId: shipment.id }).catch(() => stored),
      ]);
      setState({ kind: "ready", MapView: module.VesselMap, position });
      void utils.shipments.get.invalidate({ shipmentId: shipment.id });
    } catch {
      setState({ kind: "failed" });
    }
  };

  const hide =
    state.kind === "ready" ? (
      <Button variant="ghost" size="sm" onClick={() => setState({ kind: "idle" })}>
        {t("shipmentDetail.map.hide")}
      </Button>
    ) : null;

  return (
    <Panel title={t("shipmentDetail.map.title")} actions={hide}>
      {state.kind === "idle" ? (
        <Button variant="secondary" onClick={() => void show()}>
          <MapIcon className="size-4" />
          {t("shipmentDetail.map.show")}
        </Button>
      ) : state.kind === "loading" ? (
        <LoadingState label={t("shipmentDetail.map.loading")} />
      ) : state.kind === "failed" ? (
        <ErrorState message={t("shipmentDetail.map.failed")} onRetry={() => void show()} />
      ) : (
        <MapContent shipment={shipment} MapView={state.MapView} position={state.position} />
      )}
    </Panel>
  );
}

function MapContent({
  shipment,
  MapView,
  position,
}: {
  shipment: ShipmentDetail;
  MapView: ComponentType<VesselMapProps>;
  position: Position;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const history = shipment.latestHistory;
  const points = history ? routePoints(history) : [];
  const vessel =
    position.latitude !== null && position.longitude !== null
      ? { latitude: position.latitude, longitude: position.longitude }
      : null;
  const predicted = toDate(position.predictedArrivalAt);
  const legs = history ? [...history.vessels].sort((a, b) => a.sequence - b.sequence) : [];
  const dischargingPort = legs.at(-1)?.dischargingPort ?? history?.dischargingPort ?? null;
  return (
    <div className="flex flex-col gap-4">
      <MapView points={points} vessel={vessel} />
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-xs text-slate-600">
        <span className="inline-flex items-center gap-2">
          <svg aria-hidden="true" width="28" height="6" className="shrink-0">
            <line x1="1" y1="3" x2="27" y2="3" stroke="#1d4ed8" strokeWidth="2.5" strokeDasharray="7 5" />
          </svg>
          {t("shipmentDetail.map.route")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 rounded-full border-2 border-white bg-red-600 ring-1 ring-red-200"
          />
          {t("shipmentDetail.map.vessel")}
        </span>
      </div>
      {points.length === 0 ? (
        <p className="text-sm text-slate-600">{t("shipmentDetail.map.noRoute")}</p>
      ) : null}
      <dl className="grid gap-x-6 sm:grid-cols-3">
        <Fact label={t("shipmentDetail.map.position")}>
          {vessel ? (
            <span>
              {formatCoordinate(vessel.latitude, "lat")}, {formatCoordinate(vessel.longitude, "lon")}{" "}
              <span className="text-slate-500">
                (<TimeAgo at={position.aisUpdatedAt} />)
              </span>
            </span>
          ) : (
            <span className="text-slate-600">{t("shipmentDetail.map.noPosition")}</span>
          )}
        </Fact>
        <Fact label={t("shipmentDetail.map.predictedArrival")}>
          {predicted ? (
            <time dateTime={predicted.toISOString()}>{formatDateTime(predicted, language)}</time>
          ) : (
            <span className="text-slate-400">{t("shipmentDetail.map.notPredicted")}</span>
          )}
        </Fact>
        <Fact label={t("shipmentDetail.map.carrierEta")}>
          <EventTime
            value={history?.arrivalTime}
            status={history?.arrivalTimeStatus}
            place={dischargingPort}
          />
        </Fact>
      </dl>
    </div>
  );
}
