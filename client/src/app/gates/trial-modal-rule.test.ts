// @vitest-environment node
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../lib/memory-storage";
import { lastTrialModalDay, rememberTrialModalShown, shouldShowTrialModal } from "./trial-modal-rule";

const now = new Date(2026, 2, 10, 9, 30);
const trial = {
  plan: "FREE" as const,
  contractStatus: "IN_TRIAL" as const,
  trialDaysLeft: 5,
  hasUpcomingContract: false,
};

describe("trial modal", () => {
  it("shows during the last 7 days of the free trial, the last day included", () => {
    for (const left of [7, 5, 1, 0]) {
      expect(shouldShowTrialModal({ ...trial, trialDaysLeft: left }, null, now)).toBe(true);
    }
  });

  it("stays away earlier, after the end, and when the count is unknown", () => {
    for (const left of [8, 29, 999, -1, null]) {
      expect(shouldShowTrialModal({ ...trial, trialDaysLeft: left }, null, now)).toBe(false);
    }
  });

  it("stays away with an upcoming contract, on paid plans and outside the trial", () => {
    expect(shouldShowTrialModal({ ...trial, hasUpcomingContract: true }, null, now)).toBe(false);
    expect(shouldShowTrialModal({ ...trial, plan: "STANDARD" }, null, now)).toBe(false);
    expect(shouldShowTrialModal({ ...trial, contractStatus: "WAITING_CONTRACT" }, null, now)).toBe(false);
    expect(shouldShowTrialModal(null, null, now)).toBe(false);
  });

  it("shows once a day: not again the same local day, again the next", () => {
    const store = memoryStorage();
    rememberTrialModalShown(now, store);
    const shown = lastTrialModalDay(store);
    expect(shown).toBe("2026-03-10");
    expect(shouldShowTrialModal(trial, shown, new Date(2026, 2, 10, 23, 59))).toBe(false);
    expect(shouldShowTrialModal(trial, shown, new Date(2026, 2, 11, 0, 1))).toBe(true);
  });
});
