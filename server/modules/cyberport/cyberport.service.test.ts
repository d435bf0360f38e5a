import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CyberportCredentialsUpdate } from "../../../shared/schemas/cyberport";
import { contextFor, recordingJobs } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { cyberportImports, teams } from "../../db/schema";
import {
  clearCyberportCredentials,
  getCyberportState,
  saveCyberportCredentials,
  setCyberportEnabled,
  triggerCyberportImport,
} from "./cyberport.service";
import { DEMO_CREDENTIALS_INPUT, testDeps, testSecrets } from "./cyberport.testkit";

// The panel's rules (spec 02 §2, §6, §7): credentials sealed at rest and never answered, Admins
// alone switch the integration, managers of the team keep its credentials and trigger imports, one
// import per team at a time.

const t = setupDatabase();
const save = (input: Record<string, string>) => ({ input: CyberportCredentialsUpdate.parse(input) });

async function companyWithRoles() {
  const made = await t.f.companyWith("ADMIN");
  const manager = await t.f.user({ companyId: made.company.id, role: "MANAGER" });
  await t.f.teamMember(made.team, manager);
  const operator = await t.f.user({ companyId: made.company.id, role: "OPERATOR" });
  await t.f.teamMember(made.team, operator);
  const otherTeam = await t.f.team(made.company.id);
  return { ...made, manager, operator, otherTeam };
}

async function teamRow(teamId: string) {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  if (!row) throw new Error("team gone");
  return row;
}

describe("credentials", () => {
  it("are sealed at rest, never answered, and a blank field keeps the stored value", async () => {
    const { team, manager } = await companyWithRoles();
    const ctx = contextFor(t.db, manager);
    const state = await saveCyberportCredentials(
      ctx,
      { teamId: team.id, input: save(DEMO_CREDENTIALS_INPUT).input },
      testDeps,
    );
    expect(state.credentialsSet).toEqual({
      loginUsername: true,
      loginPassword: true,
      appId: true,
      clientId: true,
      clientSecret: true,
    });
    expect(state.credentialsComplete).toBe(true);
    const answer = JSON.stringify(state);
    const row = await teamRow(team.id);
    for (const value of Object.values(DEMO_CREDENTIALS_INPUT)) {
      expect(answer).not.toContain(value);
      expect(JSON.stringify(row)).not.toContain(value);
    }
    expect(testSecrets.open(row.cyberportLoginPassword ?? "")).toBe(
      DEMO_CREDENTIALS_INPUT.cyberportLoginPassword,
    );
    expect(answer).not.toContain(row.cyberportClientSecret);

    // Only the password changes; the four others keep their sealed values.
    await saveCyberportCredentials(
      ctx,
      { teamId: team.id, input: save({ cyberportLoginPassword: "new pass ", cyberportAppId: "  " }).input },
      testDeps,
    );
    const after = await teamRow(team.id);
    expect(testSecrets.open(after.cyberportLoginPassword ?? "")).toBe("new pass ");
    expect(after.cyberportAppId).toBe(row.cyberportAppId);
    expect(after.cyberportClientSecret).toBe(row.cyberportClientSecret);

    const cleared = await clearCyberportCredentials(ctx, { teamId: team.id }, testDeps);
    expect(cleared.credentialsComplete).toBe(false);
    expect(Object.values(cleared.credentialsSet)).toEqual([false, false, false, false, false]);
    expect((await teamRow(team.id)).cyberportClientSecret).toBeNull();
  });

  it("are kept by Admins and the team's Managers; others are refused", async () => {
    const { team, user: admin, manager, operator, otherTeam } = await companyWithRoles();
    const input = save(DEMO_CREDENTIALS_INPUT).input;
    await expect(
      saveCyberportCredentials(contextFor(t.db, admin), { teamId: otherTeam.id, input }, testDeps),
    ).resolves.toMatchObject({ credentialsComplete: true });
    // A Manager does not manage a team they are not in.
    await expect(
      saveCyberportCredentials(contextFor(t.db, manager), { teamId: otherTeam.id, input }, testDeps),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await expect(
      saveCyberportCredentials(contextFor(t.db, operator), { teamId: team.id, input }, testDeps),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    expect((await teamRow(team.id)).cyberportLoginUsername).toBeNull();
    // Another company's Admin finds no such team.
    const foreign = await t.f.companyWith("ADMIN");
    await expect(
      saveCyberportCredentials(contextFor(t.db, foreign.user), { teamId: team.id, input }, testDeps),
    ).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
  });
});

describe("enabling", () => {
  it("is an Admin's act only", async () => {
    const { team, user: admin, manager, operator } = await companyWithRoles();
    for (const who of [manager, operator]) {
      await expect(
        setCyberportEnabled(contextFor(t.db, who), { teamId: team.id, enabled: true }, testDeps),
      ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
    expect((await teamRow(team.id)).cyberportEnabled).toBe(false);
    const state = await setCyberportEnabled(
      contextFor(t.db, admin),
      { teamId: team.id, enabled: true },
      testDeps,
    );
    expect(state).toMatchObject({ enabled: true, canEnable: true, canManage: true });
    // The others see the state, and what they may do.
    await expect(
      getCyberportState(contextFor(t.db, manager), { teamId: team.id }, testDeps),
    ).resolves.toMatchObject({
      enabled: true,
      canEnable: false,
      canManage: true,
    });
    await expect(
      getCyberportState(contextFor(t.db, operator), { teamId: team.id }, testDeps),
    ).resolves.toMatchObject({
      enabled: true,
      canEnable: false,
      canManage: false,
    });
  });
});

describe("Trigger Import", () => {
  async function readyTeam() {
    const made = await companyWithRoles();
    const admin = contextFor(t.db, made.user);
    await saveCyberportCredentials(
      admin,
      { teamId: made.team.id, input: save(DEMO_CREDENTIALS_INPUT).input },
      testDeps,
    );
    await setCyberportEnabled(admin, { teamId: made.team.id, enabled: true }, testDeps);
    return made;
  }

  it("is refused while disabled, with credentials incomplete, or without an endpoint", async () => {
    const { team, user: admin, operator } = await readyTeam();
    const ctx = contextFor(t.db, admin);
    await expect(
      triggerCyberportImport(ctx, { teamId: team.id }, { ...testDeps, available: false }),
    ).rejects.toMatchObject({ code: "CYBERPORT_NOT_CONFIGURED" });
    await expect(
      triggerCyberportImport(contextFor(t.db, operator), { teamId: team.id }, testDeps),
    ).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    await t.db.update(teams).set({ cyberportClientSecret: null }).where(eq(teams.id, team.id));
    await expect(triggerCyberportImport(ctx, { teamId: team.id }, testDeps)).rejects.toMatchObject({
      code: "CYBERPORT_CREDENTIALS_INCOMPLETE",
    });
    await setCyberportEnabled(ctx, { teamId: team.id, enabled: false }, testDeps);
    await expect(triggerCyberportImport(ctx, { teamId: team.id }, testDeps)).rejects.toMatchObject({
      code: "CYBERPORT_NOT_ENABLED",
    });
    expect(await t.db.select().from(cyberportImports).where(eq(cyberportImports.teamId, team.id))).toEqual(
      [],
    );
  });

  it("queues one import per team at a time, even when pressed in parallel", async () => {
    const { team, user: admin, manager } = await readyTeam();
    const jobs = recordingJobs();
    const calls = [admin, manager, admin, manager].map((who) =>
      triggerCyberportImport(contextFor(t.db, who, { jobs }), { teamId: team.id }, testDeps),
    );
    const results = await Promise.allSettled(calls);
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CYBERPORT_IMPORT_IN_PROGRESS" });
    }
    const rows = await t.db.select().from(cyberportImports).where(eq(cyberportImports.teamId, team.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "QUEUED" });
    expect(jobs.sent).toEqual([{ name: "cyberport.import.service", payload: { importId: rows[0]?.id } }]);
    const state = await getCyberportState(contextFor(t.db, admin), { teamId: team.id }, testDeps);
    expect(state.lastImports.map((i) => i.status)).toEqual(["QUEUED"]);
  });

  it("no longer waits for an import whose worker vanished an hour ago", async () => {
    const { team, user: admin } = await readyTeam();
    const ctx = contextFor(t.db, admin);
    const first = await triggerCyberportImport(ctx, { teamId: team.id }, testDeps);
    await t.db
      .update(cyberportImports)
      .set({ status: "RUNNING", createdAt: new Date(Date.parse(first.createdAt) - 2 * 3_600_000) })
      .where(eq(cyberportImports.id, first.id));
    const second = await triggerCyberportImport(ctx, { teamId: team.id }, testDeps);
    const [old] = await t.db.select().from(cyberportImports).where(eq(cyberportImports.id, first.id));
    expect(old).toMatchObject({ status: "FAILED", errorCode: "CYBERPORT_IMPORT_INTERRUPTED" });
    expect(second.status).toBe("QUEUED");
  });
});
