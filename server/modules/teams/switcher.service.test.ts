import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { teamGuestUsers } from "../../db/schema";
import { getTeamSwitcher } from "./switcher.service";

const t = setupDatabase();

describe("the team switcher", () => {
  it("offers HEADQUARTER only when enabled, on Premium or Enterprise, to Admins and Managers", async () => {
    const {
      company,
      team,
      user: admin,
    } = await t.f.companyWith("ADMIN", { company: { isHeadquarterEnabled: true } });
    const operator = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await t.f.teamMember(team, operator);
    expect((await getTeamSwitcher(contextFor(t.db, admin))).headquarters).toBeNull();
    await t.f.contract(company.id, { plan: "PREMIUM" });
    expect((await getTeamSwitcher(contextFor(t.db, admin))).headquarters).toEqual({ id: "HEADQUARTER" });
    expect((await getTeamSwitcher(contextFor(t.db, operator))).headquarters).toBeNull();
    const disabled = await t.f.companyWith("ADMIN");
    await t.f.contract(disabled.company.id, { plan: "PREMIUM" });
    expect((await getTeamSwitcher(contextFor(t.db, disabled.user))).headquarters).toBeNull();
  });

  it("lists own active teams and the teams the user is a guest of, grouped by company", async () => {
    const { company, team, user } = await t.f.companyWith("OPERATOR");
    await t.f.team(company.id, { name: "Not mine" });
    const archived = await t.f.team(company.id, { name: "Old", isArchived: true });
    await t.f.teamMember(archived, user);
    const partner = await t.f.companyWith("ADMIN", { company: { companyName: "Partner Lines" } });
    const partnerTeam2 = await t.f.team(partner.company.id, { name: "B export" });
    await t.db.insert(teamGuestUsers).values([
      { companyId: partner.company.id, teamId: partner.team.id, email: user.email.toUpperCase() },
      {
        companyId: partner.company.id,
        teamId: partnerTeam2.id,
        email: "someone@else.example",
        userId: user.id,
      },
    ]);
    const offer = await getTeamSwitcher(contextFor(t.db, user));
    expect(offer.teams.map((x) => x.id)).toEqual([team.id]);
    expect(offer.guestCompanies).toEqual([
      {
        companyId: partner.company.id,
        companyName: "Partner Lines",
        teams: expect.arrayContaining([
          { id: partner.team.id, name: partner.team.name },
          { id: partnerTeam2.id, name: "B export" },
        ]),
      },
    ]);
  });
});
