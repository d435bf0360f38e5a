// @vitest-environment node
import { describe, expect, it } from "vitest";
import { selectTeam, shellStateFor } from "./shell-state";
import type { GateViewer } from "./viewer";

const teams = [
  { id: "t1", name: "Tokyo" },
  { id: "t2", name: "Osaka" },
];

function viewer(overrides: Partial<NonNullable<GateViewer["company"]>> = {}): GateViewer {
  return {
    account: {
      id: "u1",
      email: "a@example.com",
      nickname: "A",
      language: "en",
      isEmailVerified: true,
      isMultiFactorEnabled: false,
    },
    session: { isMultiFactorVerified: false },
    role: "OPERATOR",
    company: {
      id: "c1",
      companyName: "Co",
      isApproved: true,
      contractStatus: "IN_TRIAL",
      canAccessConsole: true,
      plan: "FREE",
      trialDaysLeft: 12,
      hasUpcomingContract: false,
      upcomingContractStartsAt: null,
      ...overrides,
    },
    teams,
  };
}

describe("shell state from the viewer", () => {
  it("keeps the stored team only while it is one of the user's teams", () => {
    expect(selectTeam(teams, "t2")?.name).toBe("Osaka");
    expect(selectTeam(teams, "gone")?.name).toBe("Tokyo");
    expect(selectTeam(teams, null)?.name).toBe("Tokyo");
    expect(selectTeam([], "t1")).toBeUndefined();
  });

  it("fills team, plan, role and the trial days during the trial", () => {
    expect(shellStateFor(viewer(), "t2")).toEqual({
      teamKind: "team",
      teamName: "Osaka",
      plan: "FREE",
      trialDaysLeft: 12,
      role: "OPERATOR",
    });
  });

  it("leaves the trial days out once the trial is over or was never counted", () => {
    expect(
      shellStateFor(viewer({ contractStatus: "ACTIVE", plan: "PREMIUM" }), null).trialDaysLeft,
    ).toBeUndefined();
    expect(
      shellStateFor(viewer({ contractStatus: "CHURN", trialDaysLeft: 0 }), null).trialDaysLeft,
    ).toBeUndefined();
    expect(shellStateFor(viewer({ trialDaysLeft: null }), null).trialDaysLeft).toBeUndefined();
  });
});
