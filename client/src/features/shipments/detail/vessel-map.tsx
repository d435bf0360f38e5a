import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { RoutePoint } from "../../../components/shipment/schedule-model";
import { drawMap, type LonLat, MAP_HEIGHT, MAP_WIDTH } from "./map-geometry";

// Loaded on demand (import() from map-panel.tsx): d3-geo and world-atlas travel in this chunk only.

export interface VesselMapProps {
  points: RoutePoint[];
  vessel: LonLat | null;
}

/** The route through the ports and the vessel's last AIS position, drawn offline as SVG. */
export function VesselMap({ points, vessel }: VesselMapProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const drawing = useMemo(() => drawMap(points, vessel), [points, vessel]);
  const ports = points.map((p) => p.name).join(" → ");
  const label = vessel
    ? t("shipmentDetail.map.labelWithVessel", { ports })
    : t("shipmentDetail.map.label", { ports });
  return (
    <svg
      data-testid="vessel-map"
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full rounded-lg border border-slate-200 bg-slate-100"
    >
      <title id={titleId}>{label}</title>
      <path d={drawing.sphere} fill="#e0f2fe" />
      <path d={drawing.graticule} fill="none" stroke="#bae6fd" strokeWidth={0.6} />
      <path d={drawing.land} fill="#e2e8f0" stroke="#94a3b8" strokeWidth={0.5} />
      {drawing.route ? (
        <path
          data-testid="vessel-route"
          d={drawing.route}
          fill="none"
          stroke="#1d4ed8"
          strokeWidth={2.5}
          strokeDasharray="7 5"
          strokeLinecap="round"
        />
      ) : null}
      {points.map((point, index) => {
        const xy = drawing.ports[index];
        if (!xy) return null;
        const major = point.kind === "loading" || point.kind === "discharging";
        return (
          // A route may call at the same port twice, so the position in the route is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <g key={`${point.locode ?? point.name}-${index}`} data-testid="map-port">
            <circle
              cx={xy[0]}
              cy={xy[1]}
              r={major ? 6 : 4.5}
              fill={point.kind === "transhipment" ? "#f59e0b" : major ? "#1d4ed8" : "#ffffff"}
              stroke={major || point.kind === "transhipment" ? "#ffffff" : "#1d4ed8"}
              strokeWidth={2}
            />
            <text
              x={xy[0] + 9}
              y={xy[1] - 8}
              fontSize={13}
              fontWeight={600}
              fill="#0f172a"
              stroke="#ffffff"
              strokeWidth={3}
              paintOrder="stroke"
            >
              {point.name}
            </text>
          </g>
        );
      })}
      {drawing.vessel ? (
        <g data-testid="vessel-marker">
          <circle cx={drawing.vessel[0]} cy={drawing.vessel[1]} r={14} fill="#dc2626" fillOpacity={0.18} />
          <circle
            cx={drawing.vessel[0]}
            cy={drawing.vessel[1]}
            r={7}
            fill="#dc2626"
            stroke="#ffffff"
            strokeWidth={2.5}
          />
        </g>
      ) : null}
    </svg>
  );
}

export default VesselMap;
