// What a stream may hear and what travels over NOTIFY: plain data and pure decisions, no queries.

/** One published change: ids only. What changed is read through the ordinary authorized queries. */
export interface LiveEventIds {
  id: number;
  shipmentId: string;
  companyId: string;
  teamId: string;
  isShared: boolean;
}

/**
 * What one stream may hear, resolved with the list's and detail's own checks and kept in memory, so
 * deciding per event is a few set look-ups and no query: the shipments of the member's company in
 * the teams they see (all of them for Admins and the headquarters view) while the company's standing
 * allows reading, and the shared shipments of the teams they are a guest of.
 */
export interface LiveScope {
  userId: string;
  sessionId: string;
  companyId: string | null;
  allTeams: boolean;
  teamIds: ReadonlySet<string>;
  guestTeamIds: ReadonlySet<string>;
}

export function hears(scope: LiveScope, e: Pick<LiveEventIds, "companyId" | "teamId" | "isShared">): boolean {
  if (scope.companyId !== null && e.companyId === scope.companyId) {
    return scope.allTeams || scope.teamIds.has(e.teamId);
  }
  return e.isShared && scope.guestTeamIds.has(e.teamId);
}

/** The NOTIFY payload: ids only, about 170 bytes. */
export function encodeLiveEvent(e: LiveEventIds): string {
  return JSON.stringify([e.id, e.shipmentId, e.companyId, e.teamId, e.isShared ? 1 : 0]);
}

export function decodeLiveEvent(payload: string): LiveEventIds | null {
  try {
    const v = JSON.parse(payload) as unknown;
    if (!Array.isArray(v) || v.length !== 5) return null;
    const [id, shipmentId, companyId, teamId, shared] = v;
    if (typeof id !== "number" || typeof shipmentId !== "string") return null;
    if (typeof companyId !== "string" || typeof teamId !== "string") return null;
    return { id, shipmentId, companyId, teamId, isShared: shared === 1 };
  } catch {
    return null;
  }
}
