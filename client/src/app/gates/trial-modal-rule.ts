import { TRIAL_MODAL_LAST_DAYS } from "../../../../shared/constants";
import { localDay } from "../../lib/time";
import { companyTrialDaysLeft } from "./trial-days";
import type { ViewerCompany } from "./viewer";

export const TRIAL_MODAL_SHOWN_KEY = "trialModalShownOn";

/**
 * Spec 01 §2, spec 02 §4: once a day during the last 7 days of the FREE trial, unless a contract is
 * already coming. The last 7 calendar days are the final day (0 left, "ends today") and the 6
 * before it; with 7 days left the trial has 8 days to go, counting today.
 */
export function shouldShowTrialModal(
  company: Pick<ViewerCompany, "plan" | "contractStatus" | "trialEndsAt" | "hasUpcomingContract"> | null,
  lastShownDay: string | null,
  now: Date,
  timeZone?: string,
): boolean {
  if (company?.plan !== "FREE" || company.contractStatus !== "IN_TRIAL") return false;
  if (company.hasUpcomingContract) return false;
  const left = companyTrialDaysLeft(company, now, timeZone);
  if (left === null || left < 0 || left >= TRIAL_MODAL_LAST_DAYS) return false;
  return lastShownDay !== localDay(now);
}

type Store = Pick<Storage, "getItem" | "setItem">;

function localStore(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function lastTrialModalDay(store: Store | undefined = localStore()): string | null {
  try {
    return store?.getItem(TRIAL_MODAL_SHOWN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberTrialModalShown(now: Date, store: Store | undefined = localStore()): void {
  try {
    store?.setItem(TRIAL_MODAL_SHOWN_KEY, localDay(now));
  } catch {
    // Without storage the modal may show again on the next load; better than never showing it.
  }
}
