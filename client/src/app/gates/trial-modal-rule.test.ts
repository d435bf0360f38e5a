// @vitest-environment node
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../lib/memory-storage";
import { lastTrialModalDay, rememberTrialModalShown, shouldShowTrialModal } from "./trial-modal-rule";

const now = new Date("2026-03-10T09:30:00Z");
const DAY = 86_400_000;
/** A trial ending `days` whole days after `now`, at the same time of day. */
const endingIn = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
const trial = {
  plan: "FREE" as const,
  contractStatus: "IN_TRIAL" as const,
  trialEndsAt: endingIn(5),
  hasUpcomingContract: false,
};
const show = (trialEndsAt: string | null, at = now) =>
  shouldShowTrialModal({ ...trial, trialEndsAt }, null, at, "UTC");

describe("trial modal", () => {
  it("shows during the last 7 days of the free trial, the last day included", () => {
    for (const days of [6, 5, 1, 0.01]) expect(show(endingIn(days))).toBe(true);
  });

  it("stays away earlier (7 days left is the 8th day from the end), after the end, and without an end", () => {
    for (const days of [7, 8, 29, 999, -0.01]) expect(show(endingIn(days))).toBe(false);
    expect(show(null)).toBe(false);
  });

  it("counts exactly 7 days: the first day it shows and the day before", () => {
    // Ends 2026-03-17 09:30 UTC: the last day is the 17th, so the last 7 days are the 11th to the 17th.
    const company = { ...trial, trialEndsAt: "2026-03-17T09:30:00.000Z" };
    const shownOn = (day: string) => shouldShowTrialModal(company, null, new Date(`${day}T08:00:00Z`), "UTC");
    expect(shownOn("2026-03-10")).toBe(false);
    const days = ["11", "12", "13", "14", "15", "16", "17"].map((d) => shownOn(`2026-03-${d}`));
    expect(days).toEqual([true, true, true, true, true, true, true]);
  });

  it("counts by the calendar in the viewer's zone: 6 days left from midnight 7 days before the last day", () => {
    // Ends 2026-03-17 09:30 UTC (18:30 in Tokyo); at 23:00 on 2026-03-10 in Tokyo (14:00 UTC) that is
    // 7 days away, at 00:30 on 2026-03-11 in Tokyo it is 6.
    const endsAt = "2026-03-17T09:30:00.000Z";
    const company = { ...trial, trialEndsAt: endsAt };
    expect(shouldShowTrialModal(company, null, new Date("2026-03-10T14:00:00Z"), "Asia/Tokyo")).toBe(false);
    expect(shouldShowTrialModal(company, null, new Date("2026-03-10T15:30:00Z"), "Asia/Tokyo")).toBe(true);
  });

  it("stays away with an upcoming contract, on paid plans and outside the trial", () => {
    expect(shouldShowTrialModal({ ...trial, hasUpcomingContract: true }, null, now)).toBe(false);
    expect(shouldShowTrialModal({ ...trial, plan: "STANDARD" }, null, now)).toBe(false);
    expect(shouldShowTrialModal({ ...trial, contractStatus: "WAITING_CONTRACT" }, null, now)).toBe(false);
    expect(shouldShowTrialModal(null, null, now)).toBe(false);
  });

  it("shows once a day: not again the same local day, again the next", () => {
    const store = memoryStorage();
    rememberTrialModalShown(new Date(2026, 2, 10, 9, 30), store);
    const shown = lastTrialModalDay(store);
    expect(shown).toBe("2026-03-10");
    expect(shouldShowTrialModal(trial, shown, new Date(2026, 2, 10, 23, 59))).toBe(false);
    expect(shouldShowTrialModal(trial, shown, new Date(2026, 2, 11, 0, 1))).toBe(true);
  });
});
