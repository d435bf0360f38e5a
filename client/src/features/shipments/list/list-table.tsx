import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderByType, ShipmentListItem, ShipmentSortField } from "../../../../../shared/schemas/list";
import type { ColumnSetting } from "../../../../../shared/schemas/search";
import { useLanguage } from "../../../components/shipment/use-language";
import { useNow } from "../../../components/shipment/use-now";
import { ColumnResizer } from "./column-resizer";
import { type ColumnId, columnHeaderKey, columnLabelKey, isColumnId, sortFieldOf } from "./columns";
import { ListRow } from "./list-row";
import { type SelectionStore, useSelectionCount } from "./selection-store";

export interface VisibleColumn {
  id: ColumnId;
  width: number;
}

const ROW_HEIGHT = 56;
const CHECKBOX_WIDTH = 44;
const TEAM_WIDTH = 160;

export interface ListTableProps {
  items: readonly ShipmentListItem[];
  columns: readonly ColumnSetting[];
  showTeam: boolean;
  store: SelectionStore;
  orderBy: ShipmentSortField;
  orderByType: OrderByType;
  onSort: (field: ShipmentSortField) => void;
  /** A refetch is on its way: the rows stay, dimmed. */
  stale: boolean;
  onResize: (id: ColumnId, width: number) => void;
}

function SortArrow({ direction }: { direction: "ascending" | "descending" | "none" }) {
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <Icon
      aria-hidden="true"
      focusable="false"
      strokeWidth={2}
      className={`size-3 shrink-0 ${direction === "none" ? "text-slate-300" : "text-slate-800"}`}
    />
  );
}

function SelectAllBox({ store, ids }: { store: SelectionStore; ids: readonly string[] }) {
  const { t } = useTranslation();
  // Re-renders on every selection change: one checkbox, not the rows.
  useSelectionCount(store);
  const selectedHere = ids.filter((id) => store.isSelected(id)).length;
  const all = ids.length > 0 && selectedHere === ids.length;
  return (
    // The label gives the small box a 24 px target (WCAG 2.2 2.5.8).
    <label className="flex size-6 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = selectedHere > 0 && !all;
        }}
        onChange={() => store.setMany(ids, !all)}
        disabled={ids.length === 0}
        aria-label={t("shipmentList.table.selectAll")}
        className="size-4 rounded border-slate-300 accent-blue-700"
      />
    </label>
  );
}

/**
 * The list view: a sticky header of sortable columns over virtualized rows, so a page scrolls
 * smoothly however wide the columns are. Widths come from the column settings.
 */
export function ListTable(props: ListTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The width of the column being dragged, shown live and saved on release.
  const [dragging, setDragging] = useState<VisibleColumn | null>(null);
  const columns = useMemo<VisibleColumn[]>(
    () =>
      props.columns.flatMap((c) =>
        c.isVisible && isColumnId(c.id)
          ? [{ id: c.id, width: dragging?.id === c.id ? dragging.width : c.width }]
          : [],
      ),
    [props.columns, dragging],
  );
  const gridTemplate = useMemo(
    () =>
      [
        `${CHECKBOX_WIDTH}px`,
        ...(props.showTeam ? [`${TEAM_WIDTH}px`] : []),
        ...columns.map((c) => `${c.width}px`),
      ].join(" "),
    [columns, props.showTeam],
  );
  const totalWidth =
    CHECKBOX_WIDTH + (props.showTeam ? TEAM_WIDTH : 0) + columns.reduce((s, c) => s + c.width, 0);
  const orderedIds = useMemo(() => props.items.map((s) => s.id), [props.items]);
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const header = (id: ColumnId | "team", label: string, width?: number, shown: string = label) => {
    const field = id === "team" ? null : sortFieldOf(id);
    const direction =
      field && field === props.orderBy ? (props.orderByType === "ASC" ? "ascending" : "descending") : "none";
    return (
      <th
        key={id}
        scope="col"
        // Named by the label alone, not by the sort and resize buttons inside.
        aria-label={label}
        aria-sort={field ? direction : undefined}
        // Full row height, so the resize handle inside is a 24 px target.
        className="relative flex min-w-0 items-center self-stretch px-3 text-left text-xs font-medium tracking-wide text-slate-500 uppercase"
      >
        {field ? (
          <button
            type="button"
            onClick={() => props.onSort(field)}
            aria-label={t("shipmentList.table.sortBy", { name: label })}
            className="-mx-1 flex min-w-0 items-center gap-1 rounded px-1 py-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <span className="truncate">{shown}</span>
            <SortArrow direction={direction} />
          </button>
        ) : (
          <span className="truncate">{shown}</span>
        )}
        {id !== "team" && width !== undefined ? (
          <ColumnResizer
            name={label}
            width={width}
            onDrag={(w) => setDragging({ id, width: w })}
            onCommit={(w) => {
              setDragging(null);
              props.onResize(id, w);
            }}
          />
        ) : null}
      </th>
    );
  };

  return (
    <div
      ref={scrollRef}
      className={`relative overflow-auto rounded-lg border border-slate-200 bg-white transition-opacity ${
        props.stale ? "opacity-60" : ""
      }`}
      style={{ height: "max(24rem, calc(100dvh - 19rem))" }}
    >
      {/* A real table laid out as a grid, so rows can be absolutely placed by the virtualizer. */}
      <table
        aria-rowcount={props.items.length + 1}
        className="grid border-collapse text-sm"
        style={{ width: totalWidth, minWidth: "100%" }}
      >
        <caption className="sr-only">{t("shipmentList.table.caption")}</caption>
        <thead className="sticky top-0 z-10 grid">
          <tr
            aria-rowindex={1}
            className="grid h-10 items-center border-b border-slate-200 bg-slate-50"
            style={{ gridTemplateColumns: gridTemplate }}
          >
            <th scope="col" className="flex items-center justify-center">
              <SelectAllBox store={props.store} ids={orderedIds} />
            </th>
            {props.showTeam ? header("team", t("shipment.fields.team")) : null}
            {columns.map((c) => header(c.id, t(columnLabelKey(c.id)), c.width, t(columnHeaderKey(c.id))))}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const shipment = props.items[row.index];
            if (!shipment) return null;
            return (
              <ListRow
                key={shipment.id}
                shipment={shipment}
                index={row.index}
                columns={columns}
                gridTemplate={gridTemplate}
                showTeam={props.showTeam}
                store={props.store}
                orderedIds={orderedIds}
                now={now}
                language={language}
                t={t}
                top={row.start}
                height={row.size}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
