import { pickTeam, type TeamKind, type TeamSwitcherOffer, teamKind } from "../../../../shared/team-selection";
import type { ShellState } from "../shell/shell-context";
import { companyTrialDaysLeft } from "./trial-days";
import type { GateViewer } from "./viewer";

/** The console's team as the shell and the pages need it. */
export interface TeamChoice {
  teamId: string | null;
  kind: TeamKind;
  /** Own or guest team name; undefined for headquarters (the shell names it) and while unknown. */
  name?: string;
  /** For a guest team, the company that invited the user. */
  guestCompanyName?: string;
}

/**
 * Spec 01 §4 with what teams.switcher offers: the stored team while valid, else the first own team,
 * else the first guest team (pickTeam), described for display.
 */
export function chooseTeam(offer: TeamSwitcherOffer, storedId: string | null): TeamChoice {
  const teamId = pickTeam(storedId, offer);
  if (teamId === null) return { teamId: null, kind: "team" };
  const kind = teamKind(teamId, offer);
  if (kind === "headquarters") return { teamId, kind };
  if (kind === "guest") {
    for (const group of offer.guestCompanies) {
      const team = group.teams.find((t) => t.id === teamId);
      if (team) return { teamId, kind, name: team.name, guestCompanyName: group.companyName };
    }
  }
  const own = offer.teams.find((t) => t.id === teamId);
  return { teamId, kind: "team", ...(own ? { name: own.name } : {}) };
}

/**
 * Before teams.switcher answers: the stored team when it is one of the viewer's own teams (it will
 * stay chosen), else nothing yet — guessing the first team would flash the wrong sidebar for a
 * stored headquarters or guest team.
 */
export function provisionalTeam(
  teams: readonly { id: string; name: string }[],
  storedId: string | null,
): TeamChoice {
  const stored = teams.find((team) => team.id === storedId);
  if (stored) return { teamId: stored.id, kind: "team", name: stored.name };
  if (storedId === null && teams[0]) return { teamId: teams[0].id, kind: "team", name: teams[0].name };
  return { teamId: null, kind: "team" };
}

/** What the shell shows for a viewer who passed the gates, with the chosen team. */
export function shellStateFor(
  viewer: GateViewer,
  team: { kind: TeamKind; name?: string },
  now: Date = new Date(),
  timeZone?: string,
): ShellState {
  const company = viewer.company;
  const left = company?.contractStatus === "IN_TRIAL" ? companyTrialDaysLeft(company, now, timeZone) : null;
  return {
    teamKind: team.kind,
    ...(team.name ? { teamName: team.name } : {}),
    ...(company
      ? {
          plan: company.plan,
          standing: {
            isApproved: company.isApproved,
            canAccessConsole: company.canAccessConsole,
            isChurned: company.isChurned,
          },
        }
      : {}),
    ...(left !== null ? { trialDaysLeft: left } : {}),
    role: viewer.role,
  };
}
