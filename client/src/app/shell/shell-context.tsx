import { createContext, type ReactNode, useContext } from "react";
import type { Plan } from "../../../../shared/enums";

/** Headquarters and guest teams get a reduced sidebar (spec 01 §2). */
export type TeamKind = "team" | "headquarters" | "guest";

/**
 * What the shell shows about the signed-in user's current team and contract. The gates fill it
 * in once the viewer is loaded; until then every optional slot stays empty rather than guessed.
 */
export interface ShellState {
  teamKind: TeamKind;
  teamName?: string;
  plan?: Plan;
  trackingCount?: number;
  trackingLimit?: number;
  trialDaysLeft?: number;
}

export const DEFAULT_SHELL_STATE: ShellState = { teamKind: "team" };

const ShellContext = createContext<ShellState>(DEFAULT_SHELL_STATE);

export function ShellStateProvider({ value, children }: { value: ShellState; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellState(): ShellState {
  return useContext(ShellContext);
}

export function showsTeamManagement(kind: TeamKind): boolean {
  return kind === "team";
}
