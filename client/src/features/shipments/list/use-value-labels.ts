import { useCallback, useMemo, useState } from "react";
import type { SearchCondition } from "../../../../../shared/schemas/search";
import { trpc } from "../../../lib/trpc";

/**
 * Names for condition values that are ids (the owner filter stores a user id): those picked from
 * suggestions are remembered, and a saved search applied later asks the owner suggestions once.
 */
export function useValueLabels(teamId: string | null, conditions: readonly SearchCondition[]) {
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const needsOwners = conditions.some((c) => c.field === "owner" && !picked.has(String(c.value)));
  const owners = trpc.shipments.searchSuggestion.useQuery(
    { field: "owner", query: "", teamId },
    { enabled: needsOwners, staleTime: 60_000 },
  );
  const labels = useMemo(() => {
    const map = new Map(picked);
    for (const o of owners.data ?? []) if (!map.has(o.value)) map.set(o.value, o.label);
    return map;
  }, [picked, owners.data]);
  const remember = useCallback(
    (value: string, label: string) => setPicked((m) => new Map(m).set(value, label)),
    [],
  );
  return { labels, remember };
}
