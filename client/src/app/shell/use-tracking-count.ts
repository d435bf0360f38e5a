import { trpc } from "../../lib/trpc";
import type { ShellState } from "./shell-context";

/**
 * The top bar's "N / max trackings": the company's active trackings and the current contract's
 * maximum. Creating, archiving or deleting shipments invalidates the `shipments` queries, this one
 * included; until it answers (or when it fails) the slot stays empty rather than showing a guess.
 */
export function useTrackingCount(hasCompany: boolean): Pick<ShellState, "trackingCount" | "trackingLimit"> {
  // Without a company (a guest) there is no count to show, so nothing is asked.
  const query = trpc.shipments.trackingCount.useQuery(undefined, { staleTime: 30_000, enabled: hasCompany });
  if (!query.data) return {};
  return { trackingCount: query.data.active, trackingLimit: query.data.max };
}
