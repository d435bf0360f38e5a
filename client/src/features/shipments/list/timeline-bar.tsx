import type { BarGeometry, BarTone } from "./timeline-layout";

/** The bar colours of spec 01 §2. */
export const BAR_CLASSES: Record<BarTone, string> = {
  arrived: "bg-emerald-500",
  departed: "bg-blue-900",
  notDeparted: "bg-slate-400",
  unscheduled: "border-2 border-dashed border-slate-400 bg-transparent",
};

/**
 * One leg of a shipment's bar. A leg whose dates were filled in (not announced by the carrier) is
 * drawn lighter; the end caps are the actual/estimated marks of the legend.
 */
export function TimelineBar({
  geometry,
  tone,
  filled,
  startActual,
  endActual,
  label,
}: {
  geometry: BarGeometry;
  tone: BarTone;
  filled: boolean;
  startActual: boolean | null;
  endActual: boolean | null;
  label: string;
}) {
  const cap = (actual: boolean) =>
    `absolute top-1/2 size-2.5 -translate-y-1/2 rounded-full ${
      actual ? "bg-slate-900 ring-2 ring-white" : "border-2 border-slate-700 bg-white"
    }`;
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      className={`absolute top-1/2 h-3 -translate-y-1/2 ${BAR_CLASSES[tone]} ${
        filled && tone !== "unscheduled" ? "opacity-50" : ""
      } ${geometry.cutStart ? "" : "rounded-l-full"} ${geometry.cutEnd ? "" : "rounded-r-full"}`}
      style={{ left: geometry.left, width: geometry.width }}
    >
      {startActual !== null && !geometry.cutStart ? (
        <span aria-hidden="true" className={`${cap(startActual)} -left-1`} />
      ) : null}
      {endActual !== null && !geometry.cutEnd ? (
        <span aria-hidden="true" className={`${cap(endActual)} -right-1`} />
      ) : null}
    </div>
  );
}
