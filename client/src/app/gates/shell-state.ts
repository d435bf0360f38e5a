import { LOCAL_STORAGE_KEYS } from "../../../../shared/constants";
import type { ShellState } from "../shell/shell-context";
import type { GateViewer } from "./viewer";

/** Spec 01 §4: the stored team if it is still one of the user's teams, else the first. */
export function selectTeam<T extends { id: string }>(
  teams: readonly T[],
  storedId: string | null,
): T | undefined {
  return teams.find((team) => team.id === storedId) ?? teams[0];
}

export function storedTeamId(): string | null {
  try {
    return typeof window === "undefined"
      ? null
      : window.localStorage.getItem(LOCAL_STORAGE_KEYS.selectedTeam);
  } catch {
    return null;
  }
}

/** What the shell shows for a viewer who passed the gates. */
export function shellStateFor(viewer: GateViewer, storedId: string | null): ShellState {
  const team = selectTeam(viewer.teams, storedId);
  const company = viewer.company;
  const inTrial = company?.contractStatus === "IN_TRIAL" && company.trialDaysLeft !== null;
  return {
    teamKind: "team",
    ...(team ? { teamName: team.name } : {}),
    ...(company ? { plan: company.plan } : {}),
    ...(inTrial && company?.trialDaysLeft != null ? { trialDaysLeft: company.trialDaysLeft } : {}),
    role: viewer.role,
  };
}
