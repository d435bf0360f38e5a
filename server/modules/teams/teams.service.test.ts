import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { createTeam, joinTeam, leaveTeam, listCompanyTeams } from "./teams.service";

const t = setupDatabase();

describe("teams for onboarding", () => {
  it("lists the company's active teams marked Joined for the viewer, never another company's", async () => {
    const { company, team, user } = await t.f.companyWith("OPERATOR");
    const other = await t.f.team(company.id, { name: "Osaka Export" });
    await t.f.team(company.id, { name: "Old team", isArchived: true });
    await t.f.companyWith("ADMIN");
    const list = await listCompanyTeams(contextFor(t.db, user));
    expect(list.map((x) => [x.id, x.joined, x.memberCount])).toEqual([
      [team.id, true, 1],
      [other.id, false, 0],
    ]);
  });

  it("lets an Admin create a team and joins them to it", async () => {
    const { user } = await t.f.companyWith("ADMIN");
    const created = await createTeam(contextFor(t.db, user), { name: "My Team" });
    const list = await listCompanyTeams(contextFor(t.db, user));
    expect(list.find((x) => x.id === created.id)).toMatchObject({
      name: "My Team",
      joined: true,
      memberCount: 1,
    });
  });

  it("refuses team creation to a Manager, Operator or Readonly user", async () => {
    for (const role of ["MANAGER", "OPERATOR", "READONLY"] as const) {
      const { user } = await t.f.companyWith(role);
      await expect(createTeam(contextFor(t.db, user), { name: "X" })).rejects.toMatchObject({
        code: "PERMISSION_DENIED",
      });
    }
  });

  it("joins and leaves for oneself only, within one's own company", async () => {
    // A newcomer with no team yet (onboarding); later teams are added by a manager (decision 0054).
    const { company, team: first } = await t.f.companyWith("ADMIN");
    const user = await t.f.user({ companyId: company.id, role: "READONLY" });
    const team = await t.f.team(company.id);
    const colleague = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    const ctx = contextFor(t.db, user);
    await joinTeam(ctx, { userId: user.id, teamId: team.id });
    await joinTeam(ctx, { userId: user.id, teamId: team.id });
    expect((await listCompanyTeams(ctx)).find((x) => x.id === team.id)).toMatchObject({
      joined: true,
      memberCount: 1,
    });
    await expect(joinTeam(ctx, { userId: colleague.id, teamId: team.id })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await t.f.teamMember(first, user);
    await leaveTeam(ctx, { userId: user.id, teamId: team.id });
    expect((await listCompanyTeams(ctx)).find((x) => x.id === team.id)).toMatchObject({ joined: false });

    const foreign = await t.f.companyWith("ADMIN");
    await expect(joinTeam(ctx, { userId: user.id, teamId: foreign.team.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses a user without a company", async () => {
    const loner = await t.f.user();
    await expect(listCompanyTeams(contextFor(t.db, loner))).rejects.toMatchObject({ code: "NO_COMPANY" });
  });
});
