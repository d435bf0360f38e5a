import type { TFunction } from "i18next";
import { type MouseEvent, memo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Language } from "../../../../../shared/enums";
import type { ShipmentListItem } from "../../../../../shared/schemas/list";
import { useLiveChanged } from "../../../lib/live";
import { renderCell } from "./cells";
import type { VisibleColumn } from "./list-table";
import { type SelectionStore, useRowSelected } from "./selection-store";
import { shipmentPath, TitleCell } from "./title-cell";

export interface RowProps {
  shipment: ShipmentListItem;
  index: number;
  columns: readonly VisibleColumn[];
  gridTemplate: string;
  showTeam: boolean;
  store: SelectionStore;
  /** The ids in the order shown, for shift-click ranges. */
  orderedIds: readonly string[];
  now: Date;
  language: Language;
  t: TFunction;
  top: number;
  height: number;
}

/**
 * One shipment row. Memoized and subscribed to its own selection only, so ticking a box or
 * scrolling re-renders just the rows concerned. A click on the row opens the shipment, except
 * with Shift held or while a selection exists, when it toggles the row (spec 01 §4).
 */
export const ListRow = memo(function ListRow(props: RowProps) {
  const { shipment, store, orderedIds } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const selected = useRowSelected(store, shipment.id);
  const liveChanged = useLiveChanged(shipment.id).changed;
  const name = shipment.title?.trim() || shipment.trackingNumber;

  // Capture phase: with Shift held or a selection open, a click anywhere on the row (its title
  // link included) toggles the row instead of opening it.
  const onClickCapture = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("input, button, label")) return;
    if (!event.shiftKey && store.count() === 0) return;
    event.preventDefault();
    event.stopPropagation();
    store.click(shipment.id, orderedIds, event.shiftKey);
  };
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest("input, button, label, a")) return;
    // Selecting text in a cell is not a click on the row.
    if (window.getSelection()?.toString()) return;
    navigate(shipmentPath(shipment.id));
  };

  return (
    // Clicking anywhere on a row is a mouse shortcut; keyboard users have the title link and the
    // checkbox, which do the same.
    <tr
      aria-rowindex={props.index + 2}
      onClickCapture={onClickCapture}
      onClick={onClick}
      className={`absolute left-0 grid w-full cursor-pointer items-center border-b border-slate-100 text-sm ${
        selected ? "bg-blue-50 hover:bg-blue-100/70" : "bg-white hover:bg-slate-50"
      }${liveChanged ? " live-changed" : ""}`}
      style={{ top: props.top, height: props.height, gridTemplateColumns: props.gridTemplate }}
    >
      <td className="flex items-center justify-center">
        {/* The label gives the small box a 24 px target (WCAG 2.2 2.5.8). */}
        <label className="flex size-6 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            checked={selected}
            // The click carries Shift; onChange would not.
            onChange={() => {}}
            onClick={(event) => store.click(shipment.id, orderedIds, event.shiftKey)}
            aria-label={t("shipmentList.table.selectRow", { name })}
            className="size-4 rounded border-slate-300 accent-blue-700"
          />
        </label>
      </td>
      {props.showTeam ? (
        <td className="truncate px-3 text-slate-700" title={shipment.teamName}>
          {shipment.teamName}
        </td>
      ) : null}
      {props.columns.map((column) => (
        <td key={column.id} className="min-w-0 px-3 whitespace-nowrap text-slate-700">
          {column.id === "title" ? (
            <TitleCell shipment={shipment} now={props.now} language={props.language} />
          ) : (
            renderCell(column.id, shipment, { t: props.t, language: props.language, now: props.now })
          )}
        </td>
      ))}
    </tr>
  );
});
