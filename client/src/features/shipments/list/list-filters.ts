import { HEADQUARTER_TEAM_ID } from "../../../../../shared/enums";
import type { ShipmentTab } from "../../../../../shared/schemas/list";
import type { SearchCondition } from "../../../../../shared/schemas/search";

/** What selects the shipments, shared by the list, the calendar and the timeline. */
export interface ListFilters {
  /** null is the headquarters view (every team of the company). */
  teamId: string | null;
  tab: ShipmentTab;
  searchInputs: SearchCondition[];
  fullTextQuery: string;
}

/** The server's team id for the console's selected team: HEADQUARTER becomes null. */
export function serverTeamId(selected: string): string | null {
  return selected === HEADQUARTER_TEAM_ID ? null : selected;
}

export function isFiltered(filters: Pick<ListFilters, "searchInputs" | "fullTextQuery">): boolean {
  return filters.searchInputs.length > 0 || filters.fullTextQuery.trim() !== "";
}

/** The procedures' filter input: an empty search is left out rather than sent blank. */
export function filterInput(filters: ListFilters) {
  const query = filters.fullTextQuery.trim();
  return {
    teamId: filters.teamId,
    tab: filters.tab,
    searchInputs: filters.searchInputs,
    ...(query ? { fullTextQuery: query } : {}),
  };
}
