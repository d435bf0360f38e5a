import type { ContractStatus, Plan, Role } from "../../../../shared/enums";

// What the gates and the shell read of `account.viewer` (its tRPC output). Structural, so the
// pure decisions here are tested without the server; the tRPC output is assignable to it.

export interface ViewerCompany {
  id: string;
  companyName: string;
  isApproved: boolean;
  contractStatus: ContractStatus;
  canAccessConsole: boolean;
  /** A paid contract ended with nothing after it: the read-only console (CHURN banner). */
  isChurned: boolean;
  plan: Plan;
  /** End of the current FREE contract (ISO); the console counts the days left from it (trial-days.ts). */
  trialEndsAt: string | null;
  hasUpcomingContract: boolean;
  upcomingContractStartsAt: string | Date | null;
}

export interface GateViewer {
  account: {
    id: string;
    email: string;
    nickname: string;
    language: string;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
  };
  session: { isMultiFactorVerified: boolean };
  role: Role | null;
  company: ViewerCompany | null;
  teams: readonly { id: string; name: string }[];
}
