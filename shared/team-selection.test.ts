import { describe, expect, it } from "vitest";
import { pickTeam, type TeamSwitcherOffer, teamKind } from "./team-selection";

const offer: TeamSwitcherOffer = {
  teams: [
    { id: "t1", name: "Tokyo" },
    { id: "t2", name: "Osaka" },
  ],
  headquarters: { id: "HEADQUARTER" },
  guestCompanies: [{ companyId: "c2", companyName: "Partner", teams: [{ id: "g1", name: "Export" }] }],
};

describe("team selection", () => {
  it("keeps a stored team that is still offered", () => {
    expect(pickTeam("t2", offer)).toBe("t2");
    expect(pickTeam("g1", offer)).toBe("g1");
    expect(pickTeam("HEADQUARTER", offer)).toBe("HEADQUARTER");
  });

  it("falls back to the first team, then the first guest team", () => {
    expect(pickTeam("gone", offer)).toBe("t1");
    expect(pickTeam(null, { ...offer, teams: [] })).toBe("g1");
    expect(pickTeam(null, { teams: [], headquarters: null, guestCompanies: [] })).toBeNull();
  });

  it("accepts HEADQUARTER only when it is offered", () => {
    expect(pickTeam("HEADQUARTER", { ...offer, headquarters: null })).toBe("t1");
  });

  it("tells own, headquarters and guest teams apart", () => {
    expect(teamKind("t1", offer)).toBe("team");
    expect(teamKind("HEADQUARTER", offer)).toBe("headquarters");
    expect(teamKind("g1", offer)).toBe("guest");
  });
});
