import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor, recordingJobs } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { outboundEmails, shipments, teamMembers, teams } from "../../db/schema";
import {
  addTeamGuestUser,
  addUserToTeam,
  archiveTeam,
  deleteUserFromTeam,
  getTeam,
  listAddableMembers,
  removeTeamGuestUser,
  renameTeam,
  unarchiveTeam,
  updateCustomFieldSettings,
  updateTeamSettings,
} from "./teams.manage.service";
import { leaveTeam } from "./teams.service";

const t = setupDatabase();
const appUrl = "https://app.tracking.example";

const customFields = {
  customField1Name: "PO number",
  customField2Name: null,
  customField3Name: null,
  customField1Enabled: true,
  customField2Enabled: false,
  customField3Enabled: false,
};

describe("archiving a team", () => {
  it("removes its members and archives its shipments; unarchiving restores only the team", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const operator = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    await t.f.teamMember(team, operator);
    const live = await t.f.shipment(team);
    const otherTeam = await t.f.team(company.id);
    const elsewhere = await t.f.shipment(otherTeam);

    await archiveTeam(contextFor(t.db, admin), team.id);
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, team.id))).toBe(0);
    const [archived] = await t.db.select().from(shipments).where(eq(shipments.id, live.id));
    expect(archived?.isArchived).toBe(true);
    const [untouched] = await t.db.select().from(shipments).where(eq(shipments.id, elsewhere.id));
    expect(untouched?.isArchived).toBe(false);

    await unarchiveTeam(contextFor(t.db, admin), team.id);
    const view = await getTeam(contextFor(t.db, admin), team.id);
    expect(view.isArchived).toBe(false);
    expect(view.users).toEqual([]);
    const [still] = await t.db.select().from(shipments).where(eq(shipments.id, live.id));
    expect(still?.isArchived).toBe(true);
  });
});

describe("who manages a team", () => {
  it("lets a Manager manage the teams they belong to, not the others", async () => {
    const { company, team, user: manager } = await t.f.companyWith("MANAGER");
    const notMine = await t.f.team(company.id);
    await renameTeam(contextFor(t.db, manager), { teamId: team.id, input: { name: "Renamed" } });
    expect((await getTeam(contextFor(t.db, manager), team.id)).name).toBe("Renamed");
    await expect(
      renameTeam(contextFor(t.db, manager), { teamId: notMine.id, input: { name: "No" } }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("refuses Operators and Readonly users, and any other company's team", async () => {
    const { team, user: operator } = await t.f.companyWith("OPERATOR");
    await expect(
      updateTeamSettings(contextFor(t.db, operator), {
        teamId: team.id,
        input: { daysToArchiveAfterDelivery: 3 },
      }),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    const foreign = await t.f.companyWith("ADMIN");
    const { user: admin } = await t.f.companyWith("ADMIN");
    await expect(archiveTeam(contextFor(t.db, admin), foreign.team.id)).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
    await expect(getTeam(contextFor(t.db, admin), foreign.team.id)).rejects.toMatchObject({
      code: "TEAM_NOT_FOUND",
    });
  });

  it("saves the basic settings", async () => {
    const { team, user: admin } = await t.f.companyWith("ADMIN");
    const updated = await updateTeamSettings(contextFor(t.db, admin), {
      teamId: team.id,
      input: { daysToArchiveAfterDelivery: 14, enableRequestedEta: true },
    });
    expect(updated).toMatchObject({ daysToArchiveAfterDelivery: 14, enableRequestedEta: true });
  });
});

describe("custom fields", () => {
  it("are refused below Premium and saved on Premium", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    await expect(
      updateCustomFieldSettings(contextFor(t.db, admin), { teamId: team.id, input: customFields }),
    ).rejects.toMatchObject({ code: "UPGRADE_REQUIRED" });
    await t.f.contract(company.id, { plan: "PREMIUM", startsAt: new Date("2026-01-10T00:00:00Z") });
    const saved = await updateCustomFieldSettings(contextFor(t.db, admin), {
      teamId: team.id,
      input: customFields,
    });
    expect(saved).toMatchObject({ customField1Name: "PO number", customField1Enabled: true });
  });
});

describe("members of a team", () => {
  it("adds and removes colleagues only, and lists who can still be added", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const colleague = await t.f.user({ companyId: company.id, role: "OPERATOR" });
    const stranger = await t.f.user();
    const ctx = contextFor(t.db, admin);
    expect((await listAddableMembers(ctx, team.id)).map((u) => u.id)).toEqual([colleague.id]);
    await addUserToTeam(ctx, { teamId: team.id, userId: colleague.id });
    expect((await getTeam(ctx, team.id)).users.map((u) => u.id).sort()).toEqual(
      [admin.id, colleague.id].sort(),
    );
    await expect(addUserToTeam(ctx, { teamId: team.id, userId: stranger.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await deleteUserFromTeam(ctx, { teamId: team.id, userId: colleague.id });
    expect((await getTeam(ctx, team.id)).users.map((u) => u.id)).toEqual([admin.id]);
  });

  it("does not let anyone leave their only team", async () => {
    const { team, user } = await t.f.companyWith("OPERATOR");
    await expect(
      leaveTeam(contextFor(t.db, user), { userId: user.id, teamId: team.id }),
    ).rejects.toMatchObject({
      code: "CANNOT_LEAVE_ONLY_TEAM",
    });
  });
});

describe("guest users", () => {
  it("exist only where the connect feature is on, and get an invitation e-mail", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const jobs = recordingJobs();
    const ctx = contextFor(t.db, admin, { jobs });
    await expect(
      addTeamGuestUser(ctx, { teamId: team.id, email: "partner@other.example" }, { appUrl }),
    ).rejects.toMatchObject({
      code: "CONNECT_NOT_ENABLED",
    });
    const connected = await t.f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
    const guestCtx = contextFor(t.db, connected.user, { jobs });
    const guest = await addTeamGuestUser(
      guestCtx,
      { teamId: connected.team.id, email: "Partner@Other.example" },
      { appUrl },
    );
    await expect(
      addTeamGuestUser(guestCtx, { teamId: connected.team.id, email: "partner@other.example" }, { appUrl }),
    ).rejects.toMatchObject({ code: "GUEST_ALREADY_ADDED" });
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.companyId, connected.company.id));
    expect(mail?.template).toBe("guestInvitation");
    expect(mail?.text).toContain(`${appUrl}/app/auth/signup?invitationToken=`);
    expect(jobs.sent).toHaveLength(1);
    expect((await getTeam(guestCtx, connected.team.id)).teamGuestUsers.map((g) => g.email)).toEqual([
      "Partner@Other.example",
    ]);
    await removeTeamGuestUser(guestCtx, { teamId: connected.team.id, teamGuestUserId: guest.id });
    expect((await getTeam(guestCtx, connected.team.id)).teamGuestUsers).toEqual([]);
    expect(company.isConnectEnabled).toBe(false);
  });
});

describe("archived teams and integration credentials", () => {
  it("refuses renaming or reconfiguring an archived team", async () => {
    const { company, user: admin } = await t.f.companyWith("ADMIN");
    const old = await t.f.team(company.id, { isArchived: true });
    const ctx = contextFor(t.db, admin);
    await expect(renameTeam(ctx, { teamId: old.id, input: { name: "X" } })).rejects.toMatchObject({
      code: "TEAM_ARCHIVED",
    });
    await expect(
      updateTeamSettings(ctx, { teamId: old.id, input: { daysToArchiveAfterDelivery: 2 } }),
    ).rejects.toMatchObject({ code: "TEAM_ARCHIVED" });
  });

  it("never returns the port-community credentials, to any role (they are sealed; cyberport.state says which are set)", async () => {
    const { company, team, user: admin } = await t.f.companyWith("ADMIN");
    const readonly = await t.f.user({ companyId: company.id, role: "READONLY" });
    await t.f.teamMember(team, readonly);
    await t.db
      .update(teams)
      .set({
        cyberportLoginUsername: "port-user",
        cyberportLoginPassword: "pw-secret",
        cyberportAppId: "app-1",
        cyberportClientId: "client-1",
        cyberportClientSecret: "cs-secret",
      })
      .where(eq(teams.id, team.id));
    const asAdmin = JSON.stringify(await getTeam(contextFor(t.db, admin), team.id));
    const asReadonly = JSON.stringify(await getTeam(contextFor(t.db, readonly), team.id));
    for (const value of ["port-user", "app-1", "client-1", "pw-secret", "cs-secret"]) {
      expect(asAdmin).not.toContain(value);
      expect(asReadonly).not.toContain(value);
    }
    expect(JSON.parse(asReadonly).hasCyberportCredentials).toBe(true);
  });
});
