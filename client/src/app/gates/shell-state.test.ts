// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { TeamSwitcherOffer } from "../../../../shared/team-selection";
import { shellAllows } from "../shell/shell-context";
import { chooseTeam, provisionalTeam, shellStateFor } from "./shell-state";
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
      isChurned: false,
      plan: "FREE",
      trialEndsAt: "2026-03-22T09:00:00.000Z",
      hasUpcomingContract: false,
      upcomingContractStartsAt: null,
      ...overrides,
    },
    teams,
  };
}

const offer: TeamSwitcherOffer = {
  teams,
  headquarters: { id: "HEADQUARTER" },
  guestCompanies: [{ companyId: "c2", companyName: "Partner Co", teams: [{ id: "g1", name: "Imports" }] }],
};

describe("choosing the console's team", () => {
  it("keeps a stored own team, headquarters or guest team while it is offered", () => {
    expect(chooseTeam(offer, "t2")).toEqual({ teamId: "t2", kind: "team", name: "Osaka" });
    expect(chooseTeam(offer, "HEADQUARTER")).toEqual({ teamId: "HEADQUARTER", kind: "headquarters" });
    expect(chooseTeam(offer, "g1")).toEqual({
      teamId: "g1",
      kind: "guest",
      name: "Imports",
      guestCompanyName: "Partner Co",
    });
  });

  it("falls back to the first own team, then the first guest team", () => {
    expect(chooseTeam(offer, "gone").teamId).toBe("t1");
    expect(chooseTeam({ ...offer, headquarters: null }, "HEADQUARTER").teamId).toBe("t1");
    expect(chooseTeam({ ...offer, teams: [] }, null)).toMatchObject({ teamId: "g1", kind: "guest" });
    expect(chooseTeam({ teams: [], headquarters: null, guestCompanies: [] }, "t1")).toEqual({
      teamId: null,
      kind: "team",
    });
  });

  it("before the offer arrives, names only a team that will stay chosen", () => {
    expect(provisionalTeam(teams, "t2")).toEqual({ teamId: "t2", kind: "team", name: "Osaka" });
    expect(provisionalTeam(teams, null)).toEqual({ teamId: "t1", kind: "team", name: "Tokyo" });
    // A stored headquarters or guest team may still be valid: nothing is guessed.
    expect(provisionalTeam(teams, "HEADQUARTER")).toEqual({ teamId: null, kind: "team" });
  });
});

describe("shell state from the viewer", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("fills team, plan, role and the trial days during the trial", () => {
    expect(shellStateFor(viewer(), { kind: "team", name: "Osaka" }, now, "UTC")).toEqual({
      teamKind: "team",
      teamName: "Osaka",
      plan: "FREE",
      standing: { isApproved: true, canAccessConsole: true, isChurned: false },
      trialDaysLeft: 12,
      role: "OPERATOR",
    });
    expect(shellStateFor(viewer(), { kind: "guest", name: "Imports" }, now, "UTC").teamKind).toBe("guest");
  });

  it("carries a churned company's standing, which makes its console read-only", () => {
    const churned = shellStateFor(
      viewer({ contractStatus: "CHURN", isChurned: true, trialEndsAt: null }),
      { kind: "team" },
      now,
      "UTC",
    );
    expect(churned.standing).toEqual({ isApproved: true, canAccessConsole: true, isChurned: true });
    expect(shellAllows(churned, "shipment.view")).toBe(true);
    for (const action of [
      "shipment.create",
      "shipment.refresh",
      "attachment.upload",
      "shipment.subscribe",
    ] as const)
      expect(shellAllows(churned, action), action).toBe(false);
    const trial = shellStateFor(viewer(), { kind: "team" }, now, "UTC");
    expect(shellAllows(trial, "shipment.create")).toBe(true);
  });

  it("counts 0 (ends today) on the last day, even with minutes left", () => {
    const lastMinutes = viewer({ trialEndsAt: "2026-03-10T12:20:00.000Z" });
    expect(shellStateFor(lastMinutes, { kind: "team" }, now, "UTC").trialDaysLeft).toBe(0);
  });

  it("leaves the trial days out once the trial is over or was never counted", () => {
    const team = { kind: "team" as const };
    expect(
      shellStateFor(viewer({ contractStatus: "ACTIVE", plan: "PREMIUM" }), team, now, "UTC").trialDaysLeft,
    ).toBeUndefined();
    expect(
      shellStateFor(viewer({ contractStatus: "CHURN" }), team, now, "UTC").trialDaysLeft,
    ).toBeUndefined();
    expect(shellStateFor(viewer({ trialEndsAt: null }), team, now, "UTC").trialDaysLeft).toBeUndefined();
    const ended = viewer({ trialEndsAt: "2026-03-10T11:00:00.000Z" });
    expect(shellStateFor(ended, team, now, "UTC").trialDaysLeft).toBeUndefined();
  });
});
