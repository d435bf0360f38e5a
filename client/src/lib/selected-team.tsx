import { createContext, type ReactNode, useContext } from "react";
import { LOCAL_STORAGE_KEYS } from "../../../shared/constants";
import type { TeamKind } from "../../../shared/team-selection";
import type { RouterOutputs } from "./trpc";

// The team the console is showing (spec 01 §4). Its id lives in localStorage so it survives a
// reload; which ids are valid comes from teams.switcher (shared/team-selection decides).

export function readStoredTeamId(): string | null {
  try {
    return typeof window === "undefined"
      ? null
      : window.localStorage.getItem(LOCAL_STORAGE_KEYS.selectedTeam);
  } catch {
    // Storage can throw (privacy mode); the first team is then shown, as for a first visit.
    return null;
  }
}

export function storeTeamId(teamId: string): void {
  try {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.selectedTeam, teamId);
  } catch {
    // Not persisting is acceptable: the choice still applies until the page is reloaded.
  }
}

export interface SelectedTeam {
  /** null until teams.switcher has answered, or when the user has no team at all. */
  teamId: string | null;
  kind: TeamKind;
  /** The team's name; for a guest team also its company. Undefined for headquarters. */
  name: string | undefined;
  guestCompanyName: string | undefined;
  /** What the switcher offers; undefined while loading. */
  offer: RouterOutputs["teams"]["switcher"] | undefined;
  /** Makes `teamId` the console's team and remembers it. */
  select: (teamId: string) => void;
}

const NONE: SelectedTeam = {
  teamId: null,
  kind: "team",
  name: undefined,
  guestCompanyName: undefined,
  offer: undefined,
  select: () => {},
};

const SelectedTeamContext = createContext<SelectedTeam>(NONE);

export function SelectedTeamProvider({ value, children }: { value: SelectedTeam; children: ReactNode }) {
  return <SelectedTeamContext.Provider value={value}>{children}</SelectedTeamContext.Provider>;
}

export function useSelectedTeam(): SelectedTeam {
  return useContext(SelectedTeamContext);
}
