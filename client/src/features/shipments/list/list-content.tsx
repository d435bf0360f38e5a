import { keepPreviousData } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LIST_PAGE_SIZE } from "../../../../../shared/constants";
import type { ShipmentSortField } from "../../../../../shared/schemas/list";
import { Alert } from "../../../components/ui/alert";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { trpc } from "../../../lib/trpc";
import { CalendarView } from "./calendar-view";
import type { ColumnId } from "./columns";
import { EmptyTabState, NoMatchState } from "./empty-states";
import { filterInput, isFiltered, type ListFilters } from "./list-filters";
import { ListTable } from "./list-table";
import { Paging } from "./paging";
import type { SavedDisplay } from "./saved-display";
import type { SelectionStore } from "./selection-store";
import { TimelineView } from "./timeline-view";

export interface ListContentProps {
  filters: ListFilters;
  display: SavedDisplay;
  page: number;
  onPage: (page: number) => void;
  onSort: (field: ShipmentSortField) => void;
  onResize: (id: ColumnId, width: number) => void;
  onClearFilters: () => void;
  onOngoing: () => void;
  store: SelectionStore;
  showTeam: boolean;
  onTotal: (total: number | undefined) => void;
}

/** Nothing to show in this tab: the search matched nothing, or the tab is empty. */
function Empty(props: ListContentProps) {
  if (isFiltered(props.filters)) return <NoMatchState onClear={props.onClearFilters} />;
  return <EmptyTabState {...(props.filters.tab !== "ONGOING" ? { onOngoing: props.onOngoing } : {})} />;
}

function ListMode(props: ListContentProps) {
  const { t } = useTranslation();
  const { display, filters } = props;
  const query = trpc.shipments.list.useQuery(
    {
      ...filterInput(filters),
      orderBy: display.orderBy,
      orderByType: display.orderByType,
      page: props.page,
      perPage: LIST_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const items = query.data?.items;
  const total = query.data?.pagination.total;
  const { onTotal, onPage, page } = props;
  useEffect(() => onTotal(total), [onTotal, total]);
  const emptiedPage = items !== undefined && items.length === 0 && page > 1 && !query.isPlaceholderData;
  useEffect(() => {
    // The page emptied under us (a bulk delete, an archive): go back to the last one.
    if (emptiedPage) onPage(Math.max(1, Math.ceil((total ?? 0) / LIST_PAGE_SIZE)));
  }, [emptiedPage, onPage, total]);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState message={t("shipmentList.table.loadFailed")} onRetry={() => query.refetch()} />;
  const { pagination } = query.data;
  if (query.data.items.length === 0) return <Empty {...props} />;
  return (
    <div className="space-y-3">
      <ListTable
        items={query.data.items}
        columns={display.columns}
        showTeam={props.showTeam}
        store={props.store}
        orderBy={display.orderBy}
        orderByType={display.orderByType}
        onSort={props.onSort}
        onResize={props.onResize}
        stale={query.isPlaceholderData}
      />
      <Paging
        page={props.page}
        perPage={LIST_PAGE_SIZE}
        total={pagination.total}
        hasNextPage={pagination.hasNextPage}
        onPage={props.onPage}
      />
    </div>
  );
}

function DatesMode(props: ListContentProps & { mode: "calendar" | "timeline" }) {
  const { t } = useTranslation();
  const query = trpc.shipments.calendar.useQuery(filterInput(props.filters), {
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const total = query.data?.total;
  const { onTotal } = props;
  useEffect(() => onTotal(total), [onTotal, total]);
  const failed =
    props.mode === "calendar" ? "shipmentList.calendar.loadFailed" : "shipmentList.timeline.loadFailed";
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState message={t(failed)} onRetry={() => query.refetch()} />;
  if (query.data.total === 0) return <Empty {...props} />;
  return (
    <div className={`space-y-3 transition-opacity ${query.isPlaceholderData ? "opacity-60" : ""}`}>
      {query.data.truncated ? (
        <Alert tone="warning">
          {t("shipmentList.calendar.truncated", {
            shown: query.data.id.length.toLocaleString(),
            total: query.data.total.toLocaleString(),
          })}
        </Alert>
      ) : null}
      {props.mode === "calendar" ? <CalendarView data={query.data} /> : <TimelineView data={query.data} />}
    </div>
  );
}

/** The list, calendar or timeline, with loading, failure and empty states. */
export function ListContent(props: ListContentProps) {
  if (props.display.viewMode === "list") return <ListMode {...props} />;
  return <DatesMode {...props} mode={props.display.viewMode} />;
}
