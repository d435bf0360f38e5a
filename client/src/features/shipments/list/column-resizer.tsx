import type { KeyboardEvent, PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { COLUMN_MIN_WIDTH } from "../../../../../shared/constants";

const KEY_STEP = 10;

/**
 * The drag handle on a column header's right edge. It reports widths while dragging (`onDrag`) and
 * the final one on release (`onCommit`); arrow keys resize by 10 px. Never below COLUMN_MIN_WIDTH.
 */
export function ColumnResizer({
  name,
  width,
  onDrag,
  onCommit,
}: {
  name: string;
  width: number;
  onDrag: (width: number) => void;
  onCommit: (width: number) => void;
}) {
  const { t } = useTranslation();
  const clamp = (w: number) => Math.max(COLUMN_MIN_WIDTH, Math.round(w));

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    let current = width;
    const move = (e: globalThis.PointerEvent) => {
      current = clamp(width + e.clientX - startX);
      onDrag(current);
    };
    const up = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", up);
      handle.removeEventListener("pointercancel", up);
      onCommit(current);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up);
    handle.addEventListener("pointercancel", up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === "ArrowRight" ? KEY_STEP : event.key === "ArrowLeft" ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    onCommit(clamp(width + step));
  };

  return (
    // A button: reachable with Tab, resized with the arrow keys, dragged with a pointer.
    <button
      type="button"
      aria-label={t("shipmentList.columns.resize", { name })}
      title={`${width} px`}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      // A 24 px wide target over the column edge (WCAG 2.2 2.5.8), drawn as a thin line in its middle.
      className="group absolute inset-y-0 -right-3 z-[1] flex w-6 cursor-col-resize touch-none justify-center py-1.5 focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className="h-full w-0.5 rounded bg-slate-200 group-hover:bg-blue-500 group-focus-visible:w-1 group-focus-visible:bg-blue-600"
      />
    </button>
  );
}
