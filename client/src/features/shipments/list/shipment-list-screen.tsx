import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DISPLAY_RESET_MS, SEARCH_DEBOUNCE_MS } from "../../../../../shared/constants";
import type { SavedSearchItem, ShipmentSortField, ShipmentTab } from "../../../../../shared/schemas/list";
import type { SearchCondition } from "../../../../../shared/schemas/search";
import type { TeamKind } from "../../../../../shared/team-selection";
import { shellAllows, useShellState } from "../../../app/shell/shell-context";
import { SearchBox } from "../../../components/shared/search-box";
import { Button } from "../../../components/ui/button";
import { RotateCcwIcon } from "../../../components/ui/icons-actions";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/state";
import { useToast } from "../../../components/ui/toast";
import { trpc } from "../../../lib/trpc";
import { useDebounced } from "../../../lib/use-debounced";
import { listAbilities } from "./abilities";
import { BulkBar } from "./bulk-bar";
import { ColumnSettings } from "./column-settings";
import { WelcomeState } from "./empty-states";
import { ConditionChips, FilterPanel } from "./filter-panel";
import { Legend } from "./legend";
import { ListContent } from "./list-content";
import { type ListFilters, serverTeamId } from "./list-filters";
import { ListTabs } from "./list-tabs";
import { OtherOperations } from "./other-operations";
import { useSavedDisplay } from "./saved-display";
import { SavedSearches } from "./saved-searches";
import { createSelectionStore } from "./selection-store";
import { useValueLabels } from "./use-value-labels";
import { ViewSwitch } from "./view-switch";

/**
 * The shipment list of one team (or of headquarters): its tabs, search, filters, saved searches,
 * column settings, views and bulk operations (spec 01 §2, §4, §5). Mounted per team, so a team
 * switch starts from a clean search and selection.
 */
export function ShipmentListScreen({ selectedTeamId, kind }: { selectedTeamId: string; kind: TeamKind }) {
  const { t } = useTranslation();
  const toast = useToast();
  const shell = useShellState();
  const utils = trpc.useUtils();
  const abilities = listAbilities(shell.role, shell.plan, shell.standing);
  const teamId = serverTeamId(selectedTeamId);
  const { display, update, reset } = useSavedDisplay();
  const [search, setSearch] = useState("");
  const fullTextQuery = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const [conditions, setConditions] = useState<SearchCondition[]>([]);
  const { labels, remember } = useValueLabels(teamId, conditions);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [resetting, setResetting] = useState(false);
  const store = useMemo(createSelectionStore, []);
  // Whether the team has any shipment at all: a team with none gets the welcome (spec 01 §2).
  const teamCount = trpc.shipments.list.useQuery(
    { teamId, tab: "ALL", searchInputs: [], page: 1, perPage: 1 },
    { staleTime: 10_000 },
  );
  const filters: ListFilters = { teamId, tab: display.tab, searchInputs: conditions, fullTextQuery };

  // A new search, filter, tab or sort starts again at page 1.
  const pageKey = JSON.stringify([
    display.tab,
    conditions,
    fullTextQuery.trim(),
    display.orderBy,
    display.orderByType,
  ]);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const keyRef = useRef(pageKey);
  keyRef.current = pageKey;
  const onPage = useCallback((next: number) => setPaging({ key: keyRef.current, page: next }), []);

  const onTab = (tab: ShipmentTab) => {
    store.clear();
    update({ tab });
  };
  const onSort = (field: ShipmentSortField) =>
    update(
      field === display.orderBy
        ? { orderByType: display.orderByType === "ASC" ? "DESC" : "ASC" }
        : { orderBy: field, orderByType: "ASC" },
    );
  const clearFilters = () => {
    setSearch("");
    setConditions([]);
  };
  const applySaved = (saved: SavedSearchItem) => {
    setConditions(saved.conditions);
    toast.success(t("shipmentList.saved.applied", { name: saved.name }));
  };
  const onChanged = useCallback(async () => {
    await Promise.all([utils.shipments.list.invalidate(), utils.shipments.calendar.invalidate()]);
  }, [utils]);
  const resetDisplay = () => {
    setResetting(true);
    // The spec's reset takes DISPLAY_RESET_MS: long enough to see that something happened.
    setTimeout(() => {
      reset();
      clearFilters();
      store.clear();
      setResetting(false);
      toast.success(t("shipmentList.reset.done"));
    }, DISPLAY_RESET_MS);
  };

  if (teamCount.data?.pagination.total === 0) {
    return (
      <div className="space-y-4">
        <PageHeader title={t("shipmentList.title")} />
        <WelcomeState canCreate={kind === "team" && shellAllows(shell, "shipment.create")} />
      </div>
    );
  }

  return (
    <div className="relative space-y-4" aria-busy={resetting || undefined}>
      <SkipToResults />
      <PageHeader
        title={t("shipmentList.title")}
        {...(total !== undefined ? { description: t("shipmentList.total", { count: total }) } : {})}
        actions={
          <>
            <OtherOperations store={store} abilities={abilities} teamId={teamId} onChanged={onChanged} />
            <ViewSwitch mode={display.viewMode} onMode={(viewMode) => update({ viewMode })} />
          </>
        }
      />
      <ListTabs tab={display.tab} onTab={onTab} />
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search} onChange={setSearch} />
        <FilterPanel
          conditions={conditions}
          teamId={teamId}
          onAdd={(c) => setConditions((list) => [...list, c])}
          onClear={() => setConditions([])}
          onLabel={remember}
        />
        <SavedSearches teamId={teamId} conditions={conditions} onApply={applySaved} />
        {display.viewMode === "list" ? (
          <ColumnSettings columns={display.columns} onApply={(columns) => update({ columns })} />
        ) : null}
      </div>
      <ConditionChips
        conditions={conditions}
        labels={labels}
        onRemove={(index) => setConditions((list) => list.filter((_, i) => i !== index))}
      />
      <BulkBar store={store} abilities={abilities} teamId={teamId} onChanged={onChanged} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Legend bars={display.viewMode === "timeline"} />
        <Button variant="ghost" size="sm" onClick={resetDisplay} disabled={resetting}>
          {resetting ? <Spinner /> : <RotateCcwIcon className="size-4" />}
          {resetting ? t("shipmentList.reset.resetting") : t("shipmentList.reset.button")}
        </Button>
      </div>
      <div id={RESULTS_ID} tabIndex={-1} className="outline-none">
        <ListContent
          filters={filters}
          display={display}
          page={page}
          onPage={onPage}
          onSort={onSort}
          onResize={(id, width) =>
            update({ columns: display.columns.map((c) => (c.id === id ? { ...c, width } : c)) })
          }
          onClearFilters={clearFilters}
          onOngoing={() => onTab("ONGOING")}
          store={store}
          showTeam={kind === "headquarters"}
          onTotal={setTotal}
        />
      </div>
    </div>
  );
}

const RESULTS_ID = "shipment-results";

/**
 * Past the header's tabs, search, filters and column buttons to the first row, in one Tab and
 * Enter: to the first row's checkbox in the list view, else to the results themselves.
 */
function SkipToResults() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${RESULTS_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const results = document.getElementById(RESULTS_ID);
        const firstRow = results?.querySelector<HTMLElement>("tbody tr input, tbody tr a, tbody tr button");
        (firstRow ?? results)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:inline-block focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-800 focus:shadow"
    >
      {t("shipmentList.skipToResults")}
    </a>
  );
}
