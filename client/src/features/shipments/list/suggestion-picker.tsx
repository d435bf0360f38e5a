import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FILTER_SUGGESTIONS_SEARCH_OVER, SEARCH_DEBOUNCE_MS } from "../../../../../shared/constants";
import type { ShipmentSearchField } from "../../../../../shared/schemas/search";
import { inputClasses } from "../../../components/ui/field";
import { CheckIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/state";
import { trpc } from "../../../lib/trpc";
import { useDebounced } from "../../../lib/use-debounced";

/**
 * The values a filter can pick, from shipmentSearchSuggestion (capped at 100 by the server). Over
 * five of them get a search box (spec 01 §5), which also narrows what the server answers.
 */
export function SuggestionPicker({
  field,
  teamId,
  value,
  onPick,
}: {
  field: ShipmentSearchField;
  teamId: string | null;
  value: string;
  onPick: (value: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = trpc.shipments.searchSuggestion.useQuery(
    { field, query, teamId },
    { staleTime: 30_000, placeholderData: (previous) => previous },
  );
  const items = suggestions.data ?? [];
  const searchable = items.length > FILTER_SUGGESTIONS_SEARCH_OVER || search !== "";
  return (
    <div>
      <p id={`${id}-label`} className="text-xs font-medium text-slate-500">
        {t("shipmentList.filters.suggestions")}
      </p>
      {searchable ? (
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t("shipmentList.filters.searchSuggestions")}
          placeholder={t("shipmentList.filters.searchSuggestions")}
          className={`${inputClasses} mt-1.5 border-slate-300 py-1.5`}
        />
      ) : null}
      {suggestions.isPending ? (
        <div className="mt-2 flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-3.5" />
          {t("common.loading")}
        </div>
      ) : suggestions.isError ? (
        <p className="mt-2 text-xs text-red-700">{t("shipmentList.filters.suggestionsFailed")}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">{t("shipmentList.filters.noSuggestions")}</p>
      ) : (
        <ul
          aria-labelledby={`${id}-label`}
          className="mt-1.5 max-h-44 overflow-y-auto rounded-md border border-slate-200"
        >
          {items.map((s) => (
            <li key={s.value}>
              <button
                type="button"
                aria-pressed={value === s.value}
                onClick={() => onPick(s.value, s.label)}
                className="flex w-full items-center justify-between gap-2 px-2.5 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
              >
                <span className="truncate">{s.label}</span>
                {value === s.value ? <CheckIcon className="size-4 shrink-0 text-blue-700" /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
