import { HEADQUARTER_TEAM_ID } from "./enums";

export interface TeamSwitcherOffer {
  teams: { id: string; name: string }[];
  headquarters: { id: typeof HEADQUARTER_TEAM_ID | string } | null;
  guestCompanies: { companyId: string; companyName: string; teams: { id: string; name: string }[] }[];
}

export type TeamKind = "team" | "headquarters" | "guest";

/**
 * The team to show (spec 01 §4): the stored one when it is still valid, else the first own team,
 * else the first guest team. HEADQUARTER is valid only when it is offered.
 */
export function pickTeam(stored: string | null, offer: TeamSwitcherOffer): string | null {
  const valid = new Set([
    ...offer.teams.map((t) => t.id),
    ...(offer.headquarters ? [offer.headquarters.id] : []),
    ...offer.guestCompanies.flatMap((g) => g.teams.map((t) => t.id)),
  ]);
  if (stored && valid.has(stored)) return stored;
  return offer.teams[0]?.id ?? offer.guestCompanies[0]?.teams[0]?.id ?? null;
}

/** Whether a selected team is one of the user's own, the headquarters view or a guest team. */
export function teamKind(teamId: string, offer: TeamSwitcherOffer): TeamKind {
  if (teamId === HEADQUARTER_TEAM_ID) return "headquarters";
  return offer.guestCompanies.some((g) => g.teams.some((t) => t.id === teamId)) ? "guest" : "team";
}
