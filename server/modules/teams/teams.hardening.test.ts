import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { teamMembers } from "../../db/schema";
import {
  addTeamGuestUser,
  addUserToTeam,
  archiveTeam,
  deleteUserFromTeam,
  getTeam,
  listArchivedTeams,
  removeTeamGuestUser,
  renameTeam,
  updateCustomFieldSettings,
  updateTeamSettings,
} from "./teams.manage.service";
import { joinTeam, listCompanyTeams } from "./teams.service";

// Decisions 0053 and 0054: teams answer through explicit shapes (no port-community secrets), and
// joining a team by oneself is for a first team or for Admins.

const t = setupDatabase();
const PASSWORD = "cyberport-password-do-not-leak";
const SECRET = "cyberport-client-secret-do-not-leak";

async function premiumCompanyWithSecrets() {
  const made = await t.f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
  await t.f.contract(made.company.id, { plan: "PREMIUM", maxMembers: 50 });
  const secretTeam = await t.f.team(made.company.id, {
    cyberportLoginUsername: "port-user",
    cyberportLoginPassword: PASSWORD,
    cyberportAppId: "app-1",
    cyberportClientId: "client-1",
    cyberportClientSecret: SECRET,
  });
  await t.f.teamMember(secretTeam, made.user);
  return { ...made, secretTeam };
}

function expectNoSecrets(answer: unknown) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain("cyberportLoginPassword");
  expect(text).not.toContain("cyberportClientSecret");
}

describe("teams answer through explicit shapes", () => {
  it("updateSettings and updateCustomFields answer the same settings shape as get, without secrets", async () => {
    const { user, secretTeam } = await premiumCompanyWithSecrets();
    const ctx = contextFor(t.db, user);
    const settings = await updateTeamSettings(ctx, {
      teamId: secretTeam.id,
      input: { daysToArchiveAfterDelivery: 9 },
    });
    expectNoSecrets(settings);
    expect(settings).toMatchObject({ daysToArchiveAfterDelivery: 9, hasCyberportCredentials: true });
    const fields = await updateCustomFieldSettings(ctx, {
      teamId: secretTeam.id,
      input: {
        customField1Name: "PO",
        customField2Name: null,
        customField3Name: null,
        customField1Enabled: true,
        customField2Enabled: false,
        customField3Enabled: false,
      },
    });
    expectNoSecrets(fields);
    const page = await getTeam(ctx, secretTeam.id);
    expectNoSecrets(page);
    const { users: _u, teamGuestUsers: _g, ...pageSettings } = page;
    expect(Object.keys(settings).sort()).toEqual(Object.keys(pageSettings).sort());
    expect(Object.keys(fields).sort()).toEqual(Object.keys(pageSettings).sort());
  });

  it("every teams answer carries ISO timestamps, not Date objects", async () => {
    const { user, secretTeam } = await premiumCompanyWithSecrets();
    const ctx = contextFor(t.db, user);
    const guest = await addTeamGuestUser(
      ctx,
      { teamId: secretTeam.id, email: "partner@outside.example" },
      { appUrl: "https://app.example" },
    );
    const page = await getTeam(ctx, secretTeam.id);
    const list = await listCompanyTeams(ctx);
    await archiveTeam(ctx, (await renameTeam(ctx, { teamId: secretTeam.id, input: { name: "Old" } }))!.id);
    const archived = await listArchivedTeams(ctx);
    for (const value of [
      guest.createdAt,
      page.createdAt,
      page.updatedAt,
      page.users[0]?.joinedAt,
      page.teamGuestUsers[0]?.createdAt,
      list[0]?.createdAt,
      archived[0]?.updatedAt,
    ]) {
      expect(typeof value).toBe("string");
      expect(new Date(value as string).toISOString()).toBe(value);
    }
    expectNoSecrets([guest, page, list, archived]);
  });

  it("no port-community credential goes to anyone, only whether they are set", async () => {
    const { company, user: admin, secretTeam } = await premiumCompanyWithSecrets();
    const operator = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await t.f.teamMember(secretTeam, operator);
    for (const who of [admin, operator]) {
      const seen = await getTeam(contextFor(t.db, who), secretTeam.id);
      expect(seen.hasCyberportCredentials).toBe(true);
      expect(JSON.stringify(seen)).not.toMatch(
        /port-user|app-1|client-1|cyberportLoginUsername|cyberportAppId/,
      );
    }
  });
});

describe("guest invitation e-mails", () => {
  it("count against the recipient's invitation limit: removing and re-adding cannot flood a mailbox", async () => {
    const { user, secretTeam } = await premiumCompanyWithSecrets();
    const ctx = contextFor(t.db, user);
    const add = () =>
      addTeamGuestUser(
        ctx,
        { teamId: secretTeam.id, email: "flooded@partner.example" },
        { appUrl: "https://a.example" },
      );
    for (let i = 0; i < 5; i++) {
      const guest = await add();
      await removeTeamGuestUser(ctx, { teamId: secretTeam.id, teamGuestUserId: guest.id });
    }
    await expect(add()).rejects.toMatchObject({ code: "INVITATIONS_TO_ADDRESS_LIMITED" });
  });
});

describe("joining a team", () => {
  it("a member who already has a team cannot join another by themselves", async () => {
    for (const role of ["MANAGER", "OPERATOR", "READONLY"] as const) {
      const { company, user } = await t.f.companyWith(role);
      const other = await t.f.team(company.id);
      await expect(
        joinTeam(contextFor(t.db, user), { userId: user.id, teamId: other.id }),
      ).rejects.toMatchObject({
        code: "TEAM_JOIN_NOT_ALLOWED",
      });
      expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, other.id))).toBe(0);
    }
  });

  it("a Manager who may not join cannot then rename the team or remove its Admin", async () => {
    const { company, user: admin } = await t.f.companyWith("ADMIN");
    const manager = await t.f.user({ companyId: company.id, role: "MANAGER" });
    const ownTeam = await t.f.team(company.id);
    await t.f.teamMember(ownTeam, manager);
    const adminsTeam = await t.f.team(company.id);
    await t.f.teamMember(adminsTeam, admin);
    const ctx = contextFor(t.db, manager);
    await expect(joinTeam(ctx, { userId: manager.id, teamId: adminsTeam.id })).rejects.toMatchObject({
      code: "TEAM_JOIN_NOT_ALLOWED",
    });
    await expect(renameTeam(ctx, { teamId: adminsTeam.id, input: { name: "Mine" } })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(deleteUserFromTeam(ctx, { teamId: adminsTeam.id, userId: admin.id })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
  });

  it("a person with no team joins one (onboarding), once, even with parallel requests", async () => {
    const { company, team } = await t.f.companyWith("ADMIN");
    const second = await t.f.team(company.id);
    const third = await t.f.team(company.id);
    const newcomer = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    const results = await Promise.allSettled(
      [team, second, third].map((x) =>
        joinTeam(contextFor(t.db, newcomer), { userId: newcomer.id, teamId: x.id }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.$count(teamMembers, eq(teamMembers.userId, newcomer.id))).toBe(1);
  });

  it("an Admin joins any team, and a manager of the team adds the others", async () => {
    const { company, user: admin } = await t.f.companyWith("ADMIN");
    const other = await t.f.team(company.id);
    await joinTeam(contextFor(t.db, admin), { userId: admin.id, teamId: other.id });
    const operator = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    const first = await t.f.team(company.id);
    await t.f.teamMember(first, operator);
    await addUserToTeam(contextFor(t.db, admin), { teamId: other.id, userId: operator.id });
    expect(await t.db.$count(teamMembers, eq(teamMembers.userId, operator.id))).toBe(2);
  });

  it("removing oneself follows the Leave rule: never from one's only team", async () => {
    const { team, user: manager } = await t.f.companyWith("MANAGER");
    await expect(
      deleteUserFromTeam(contextFor(t.db, manager), { teamId: team.id, userId: manager.id }),
    ).rejects.toMatchObject({ code: "CANNOT_LEAVE_ONLY_TEAM" });
    expect(await t.db.$count(teamMembers, eq(teamMembers.userId, manager.id))).toBe(1);
  });
});
