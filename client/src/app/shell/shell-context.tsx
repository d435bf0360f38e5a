import { createContext, type ReactNode, useContext } from "react";
import type { Language, Plan, Role } from "../../../../shared/enums";
import { type Action, type CompanyStandingGate, can, standingDenial } from "../../../../shared/permissions";

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
  /** The viewer's role; the user menu shows what the role may open (spec 01 §6). */
  role?: Role | null;
  /** The company's gate flags: a churned company's console is read-only (shared/permissions). */
  standing?: CompanyStandingGate;
  /** Called when the user picks a language in the menu, so the account keeps it for e-mails too. */
  onLanguageChange?: (language: Language) => void;
}

export const DEFAULT_SHELL_STATE: ShellState = { teamKind: "team" };

const ShellContext = createContext<ShellState>(DEFAULT_SHELL_STATE);

export function ShellStateProvider({ value, children }: { value: ShellState; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellState(): ShellState {
  return useContext(ShellContext);
}

/**
 * The role and the company's standing allow `action` (plan gates aside): what the pages offer, as
 * the server's authorize decides it.
 */
export function shellAllows(state: Pick<ShellState, "role" | "standing">, action: Action): boolean {
  if (!state.role || !can(state.role, action)) return false;
  return !state.standing || standingDenial(state.standing, action) === null;
}

export function showsTeamManagement(kind: TeamKind): boolean {
  return kind === "team";
}
