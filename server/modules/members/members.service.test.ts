import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../shared/enums";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { sessions, teamMembers, users } from "../../db/schema";
import { deleteUserFromCompany, listMembers, updateUserRole } from "./members.service";

const t = setupDatabase();

describe("members", () => {
  it("lists members with roles and teams, and flags a full company", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const op = await t.f.user({ companyId: company.id, role: "OPERATOR", nickname: "Zed" });
    await t.f.teamMember(team, op);
    await t.f.companyWith("ADMIN");
    const list = await listMembers(contextFor(t.db, admin));
    expect(list.members.map((m) => [m.id, m.role, m.teams.map((x) => x.id)])).toEqual(
      expect.arrayContaining([
        [admin.id, "ADMIN", [team.id]],
        [op.id, "OPERATOR", [team.id]],
      ]),
    );
    expect(list).toMatchObject({ memberCount: 2, maxMembers: 5, reachedMaxMembers: false });
    for (let i = 0; i < 3; i++) await t.f.user({ companyId: company.id });
    expect((await listMembers(contextFor(t.db, admin))).reachedMaxMembers).toBe(true);
  });

  it("is refused to Operators and Readonly users", async () => {
    for (const role of ["OPERATOR", "READONLY"] as const) {
      const { user } = await t.f.companyWith(role);
      await expect(listMembers(contextFor(t.db, user))).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
  });

  it("changes roles but always keeps an Admin", async () => {
    const { company, user: admin } = await t.f.companyWith("ADMIN");
    const other = await t.f.user({ companyId: company.id, role: "ADMIN" });
    const ctx = contextFor(t.db, admin);
    await updateUserRole(ctx, { userId: other.id, input: { roleId: ROLE_IDS.MANAGER } });
    expect((await t.db.select().from(users).where(eq(users.id, other.id)))[0]?.roleId).toBe(ROLE_IDS.MANAGER);
    await expect(
      updateUserRole(ctx, { userId: admin.id, input: { roleId: ROLE_IDS.READONLY } }),
    ).rejects.toMatchObject({
      code: "CANNOT_CHANGE_OWN_ROLE",
    });
    const foreign = await t.f.companyWith("OPERATOR");
    await expect(
      updateUserRole(ctx, { userId: foreign.user.id, input: { roleId: ROLE_IDS.ADMIN } }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("removes a member from the company: teams and sessions go, the account stays", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const leaver = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await t.f.teamMember(team, leaver);
    await t.db.insert(sessions).values({
      id: `s-${leaver.id}`,
      userId: leaver.id,
      secretHash: new Uint8Array(32),
      expiresAt: new Date("2027-01-01"),
    });
    await deleteUserFromCompany(contextFor(t.db, admin), { userId: leaver.id });
    const [after] = await t.db.select().from(users).where(eq(users.id, leaver.id));
    expect(after).toMatchObject({ companyId: null, roleId: null });
    expect(await t.db.$count(teamMembers, eq(teamMembers.userId, leaver.id))).toBe(0);
    expect(await t.db.$count(sessions, eq(sessions.userId, leaver.id))).toBe(0);
  });

  it("is for Admins only", async () => {
    const { company, user: manager } = await t.f.companyWith("MANAGER");
    const op = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await expect(deleteUserFromCompany(contextFor(t.db, manager), { userId: op.id })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });
});
