import { describe, expect, it } from "vitest";
import type { Plan } from "./enums";
import {
  AUTO_RENEW_ENDS_AT,
  type ContractTerms,
  contractPhase,
  effectiveStanding,
  isAutoRenewing,
  proRataAmount,
  showsPlanCards,
} from "./plan-standing";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-06-01T12:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const contract = (
  plan: Plan,
  from: number,
  to: number | Date,
  limits = { maxTrackings: 10, maxMembers: 2 },
) =>
  ({ plan, startsAt: at(from), endsAt: to instanceof Date ? to : at(to), ...limits }) satisfies ContractTerms;

describe("contractPhase", () => {
  it("is upcoming before the start, current from the start up to the end, past from the end", () => {
    const c = contract("STANDARD", 0, 10);
    expect(contractPhase(c, at(-0.001))).toBe("UPCOMING");
    expect(contractPhase(c, NOW)).toBe("CURRENT");
    expect(contractPhase(c, at(9.999))).toBe("CURRENT");
    expect(contractPhase(c, at(10))).toBe("PAST");
  });

  it("treats an end year above 3000 as auto-renewing", () => {
    expect(isAutoRenewing({ endsAt: AUTO_RENEW_ENDS_AT })).toBe(true);
    expect(isAutoRenewing({ endsAt: new Date("3000-12-31T00:00:00Z") })).toBe(false);
    expect(isAutoRenewing({ endsAt: new Date("3001-01-01T00:00:00Z") })).toBe(true);
  });
});

describe("effectiveStanding: every contract status", () => {
  it("IN_TRIAL: a FREE contract in force, with whole days left rounded up", () => {
    const s = effectiveStanding([contract("FREE", -29.5, 0.5, { maxTrackings: 100, maxMembers: 5 })], NOW);
    expect(s).toMatchObject({
      contractStatus: "IN_TRIAL",
      plan: "FREE",
      maxTrackings: 100,
      trialDaysLeft: 1,
      canAccessConsole: true,
    });
    expect(showsPlanCards(s.contractStatus)).toBe(true);
  });

  it("WAITING_CONTRACT: an accepted upgrade not started yet, the trial still limiting", () => {
    const s = effectiveStanding([contract("FREE", -10, 20), contract("PREMIUM", 5, AUTO_RENEW_ENDS_AT)], NOW);
    expect(s).toMatchObject({ contractStatus: "WAITING_CONTRACT", plan: "FREE", trialDaysLeft: 20 });
    expect(s.upcoming?.plan).toBe("PREMIUM");
    expect(showsPlanCards(s.contractStatus)).toBe(false);
  });

  it("ACTIVE: a paid contract in force wins over an overlapping trial (decision 0041)", () => {
    const s = effectiveStanding(
      [contract("FREE", -10, 20), contract("PREMIUM", -1, 364, { maxTrackings: 500, maxMembers: 30 })],
      NOW,
    );
    expect(s).toMatchObject({
      contractStatus: "ACTIVE",
      plan: "PREMIUM",
      maxTrackings: 500,
      maxMembers: 30,
      trialDaysLeft: null,
      trialEndsAt: null,
    });
  });

  it("CHURN after a trial alone: no seats, no console (Trial Period Ended)", () => {
    for (const list of [
      [contract("FREE", -31, -1)],
      [contract("FREE", -400, -370), contract("FREE", -60, -30)],
      [],
    ]) {
      expect(effectiveStanding(list, NOW)).toMatchObject({
        contractStatus: "CHURN",
        plan: "FREE",
        maxTrackings: 0,
        maxMembers: 0,
        churned: false,
        canAccessConsole: false,
      });
    }
  });

  it("CHURN after a paid contract ended: churned, no seats, the read-only console and the plan cards", () => {
    for (const list of [
      [contract("FREE", -400, -370), contract("STANDARD", -365, -1)],
      [contract("PREMIUM", -30, -0.01)],
    ]) {
      const s = effectiveStanding(list, NOW);
      expect(s).toMatchObject({
        contractStatus: "CHURN",
        plan: "FREE",
        maxTrackings: 0,
        maxMembers: 0,
        churned: true,
        canAccessConsole: true,
      });
      expect(showsPlanCards(s.contractStatus)).toBe(true);
    }
  });

  it("is not churned while a paid contract is current or upcoming, nor in a later trial", () => {
    expect(effectiveStanding([contract("STANDARD", -365, 1)], NOW).churned).toBe(false);
    expect(
      effectiveStanding([contract("STANDARD", -365, -1), contract("PREMIUM", 3, 400)], NOW),
    ).toMatchObject({
      contractStatus: "WAITING_CONTRACT",
      churned: false,
    });
    expect(effectiveStanding([contract("STANDARD", -365, -31), contract("FREE", -30, 1)], NOW)).toMatchObject(
      {
        contractStatus: "IN_TRIAL",
        churned: false,
      },
    );
  });

  it("takes the renewal over the contract it follows, and the soonest upcoming one", () => {
    const s = effectiveStanding(
      [
        contract("STANDARD", -300, 65, { maxTrackings: 100, maxMembers: 5 }),
        contract("PREMIUM", -2, 363, { maxTrackings: 300, maxMembers: 9 }),
        contract("ENTERPRISE", 90, 400),
        contract("ENTERPRISE", 30, 90),
      ],
      NOW,
    );
    expect(s.current?.plan).toBe("PREMIUM");
    expect(s.maxTrackings).toBe(300);
    expect(s.upcoming?.startsAt).toEqual(at(30));
  });
});

describe("pro-rata", () => {
  it("assumes a 30-day month and rounds down", () => {
    expect(proRataAmount(380, 30)).toBe(380);
    expect(proRataAmount(380, 10)).toBe(126);
    expect(proRataAmount(38000, 1)).toBe(1266);
  });
});
