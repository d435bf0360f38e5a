// The one decision of a company's effective plan and contract status (spec 02 §3, §4, §9). The
// server's authorization, the viewer the console reads, the plans page and the daily job all call
// `effectiveStanding`, so the plan shown and the plan enforced cannot disagree.

import { AUTO_RENEW_END_YEAR, PRO_RATA_MONTH_DAYS } from "./constants";
import type { ContractPeriod, ContractStatus, Plan } from "./enums";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ContractTerms {
  plan: Plan;
  startsAt: Date;
  endsAt: Date;
  maxTrackings: number;
  maxMembers: number;
}

export type ContractPhase = "UPCOMING" | "CURRENT" | "PAST";

/** Upcoming starts in the future, current covers now (start inclusive, end exclusive), past has ended. */
export function contractPhase(contract: { startsAt: Date; endsAt: Date }, now: Date): ContractPhase {
  if (contract.startsAt.getTime() > now.getTime()) return "UPCOMING";
  if (contract.endsAt.getTime() > now.getTime()) return "CURRENT";
  return "PAST";
}

/** An end year above 3000 means the contract renews itself ('Current (auto update)'). */
export function isAutoRenewing(contract: { endsAt: Date }): boolean {
  return contract.endsAt.getUTCFullYear() > AUTO_RENEW_END_YEAR;
}

/** A contract as every member may read it: its plan, phase, dates and limits, no payment details. */
export interface ContractSummary {
  id: string;
  plan: Plan;
  phase: ContractPhase;
  /** Current with an end year above 3000: 'Current (auto update)'. */
  isAutoRenewing: boolean;
  startsAt: string;
  endsAt: string;
  maxTrackings: number;
  maxMembers: number;
  contractPeriod: ContractPeriod | null;
}

export function toContractSummary(
  contract: ContractTerms & { id: string; contractPeriod: ContractPeriod | null },
  now: Date,
): ContractSummary {
  const phase = contractPhase(contract, now);
  return {
    id: contract.id,
    plan: contract.plan,
    phase,
    isAutoRenewing: phase === "CURRENT" && isAutoRenewing(contract),
    startsAt: contract.startsAt.toISOString(),
    endsAt: contract.endsAt.toISOString(),
    maxTrackings: contract.maxTrackings,
    maxMembers: contract.maxMembers,
    contractPeriod: contract.contractPeriod,
  };
}

/** The end date given to contracts that run until terminated (30 days' notice by e-mail). */
export const AUTO_RENEW_ENDS_AT = new Date("9999-12-31T00:00:00.000Z");

export interface Standing<C extends ContractTerms> {
  /** The plan in force: the current contract's, FREE when none is current. */
  plan: Plan;
  /** Limits in force; 0 when no contract is current (nothing may be added). */
  maxTrackings: number;
  maxMembers: number;
  contractStatus: ContractStatus;
  current: C | null;
  /** The next contract to start, if any. */
  upcoming: C | null;
  /** The FREE trial in force, with its end and whole days left (rounded up); else null. */
  trialEndsAt: Date | null;
  trialDaysLeft: number | null;
  /**
   * CHURN after a paid contract ended (not merely a FREE trial): the read-only console with its
   * banner and the plan cards (docs/decisions/0012-churned-console.md).
   */
  churned: boolean;
  /**
   * A contract covers now or starts later, or the company is churned; otherwise (an ended trial
   * with nothing after it) the console shows 'Trial Period Ended'.
   */
  canAccessConsole: boolean;
}

/**
 * A paid contract wins over an overlapping FREE trial (an early upgrade); among equals the latest
 * start wins, so a renewal replaces the contract it follows.
 */
function pickCurrent<C extends ContractTerms>(contracts: readonly C[], now: Date): C | null {
  let best: C | null = null;
  for (const c of contracts) {
    if (contractPhase(c, now) !== "CURRENT") continue;
    if (!best) {
      best = c;
      continue;
    }
    const paid = c.plan !== "FREE";
    const bestPaid = best.plan !== "FREE";
    if (paid !== bestPaid) {
      if (paid) best = c;
      continue;
    }
    if (c.startsAt.getTime() > best.startsAt.getTime()) best = c;
  }
  return best;
}

function pickUpcoming<C extends ContractTerms>(contracts: readonly C[], now: Date): C | null {
  let best: C | null = null;
  for (const c of contracts) {
    if (contractPhase(c, now) !== "UPCOMING") continue;
    if (!best || c.startsAt.getTime() < best.startsAt.getTime()) best = c;
  }
  return best;
}

/**
 * The status follows from the contracts and the clock: a paid contract in force is ACTIVE; else an
 * accepted upgrade waiting for its start date is WAITING_CONTRACT; else a FREE contract in force is
 * IN_TRIAL; else the trial (or the last contract) has ended: CHURN. CHURN after a paid contract is
 * `churned` (read-only console); CHURN after a trial alone is the 'Trial Period Ended' gate.
 */
export function effectiveStanding<C extends ContractTerms>(contracts: readonly C[], now: Date): Standing<C> {
  const current = pickCurrent(contracts, now);
  const upcoming = pickUpcoming(contracts, now);
  const trial = current?.plan === "FREE" ? current : null;
  let contractStatus: ContractStatus;
  if (current && current.plan !== "FREE") contractStatus = "ACTIVE";
  else if (upcoming) contractStatus = "WAITING_CONTRACT";
  else if (current) contractStatus = "IN_TRIAL";
  else contractStatus = "CHURN";
  // A company that once paid keeps reading its shipments; a trial that ended without a purchase
  // stops at Trial Period Ended (spec 01 §4 gate order).
  const churned =
    contractStatus === "CHURN" &&
    contracts.some((c) => c.plan !== "FREE" && contractPhase(c, now) === "PAST");
  return {
    plan: current?.plan ?? "FREE",
    maxTrackings: current?.maxTrackings ?? 0,
    maxMembers: current?.maxMembers ?? 0,
    contractStatus,
    current,
    upcoming,
    trialEndsAt: trial ? trial.endsAt : null,
    trialDaysLeft: trial ? Math.max(0, Math.ceil((trial.endsAt.getTime() - now.getTime()) / DAY_MS)) : null,
    churned,
    canAccessConsole: current !== null || upcoming !== null || churned,
  };
}

/** The plan cards (trial or churned) or the company's contracts list (spec 02 §2). */
export function showsPlanCards(status: ContractStatus): boolean {
  return status === "IN_TRIAL" || status === "CHURN";
}

/** Spec 02 §9: pro-rata amounts assume a 30-day month and are rounded down. */
export function proRataAmount(monthlyAmount: number, days: number): number {
  return Math.floor((monthlyAmount * days) / PRO_RATA_MONTH_DAYS);
}
