import type { GateViewer } from "./viewer";

/** What the console shows, from the first gate that stops the user (spec 01 §4, in its order). */
export type GateDecision =
  | "loading"
  | "failed"
  | "signIn"
  | "verifyEmail"
  | "multiFactor"
  | "createCompany"
  | "noCompany"
  | "trialEnded"
  | "approvalRequired"
  | "onboarding"
  | "console";

export interface GateInput {
  /** account.viewer: undefined while loading, null when refused as signed out, "failed" after giving up. */
  viewer: GateViewer | null | undefined | "failed";
  /** Sign-up left a company to create for this account (see lib/pending-company). */
  hasPendingCompany: boolean;
  /** Guest of another company's team (teams.switcher): without a company of their own, still in. */
  hasGuestTeams?: boolean;
}

export function decideGate({ viewer, hasPendingCompany, hasGuestTeams = false }: GateInput): GateDecision {
  if (viewer === undefined) return "loading";
  if (viewer === "failed") return "failed";
  if (viewer === null) return "signIn";
  const { account, session, company } = viewer;
  if (!account.isEmailVerified) return "verifyEmail";
  if (account.isMultiFactorEnabled && !session.isMultiFactorVerified) return "multiFactor";
  if (!company) {
    if (hasPendingCompany) return "createCompany";
    return hasGuestTeams ? "console" : "noCompany";
  }
  if (!company.canAccessConsole) return "trialEnded";
  if (!company.isApproved) return "approvalRequired";
  if (viewer.teams.length === 0) return "onboarding";
  return "console";
}
