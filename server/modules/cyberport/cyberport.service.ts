import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  CyberportTeamInput,
  SaveCyberportCredentialsInput,
  SetCyberportEnabledInput,
} from "../../../shared/schemas/cyberport";
import { AppError } from "../../core/app-error";
import { authorize, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import type { SecretBox } from "../../core/secret-box";
import { cyberportImports, type Team, teams } from "../../db/schema";
import { findTeam, isMember } from "../teams/teams.queries";
import {
  clearedCredentials,
  credentialsComplete,
  credentialsSet,
  sealedUpdate,
} from "./cyberport.credentials";
import { cyberportImportJob } from "./cyberport.jobs";
import { isStale, toCyberportImport } from "./cyberport.output";
import { activeImports, lockTeam, recentImports } from "./cyberport.queries";

// The team page's port-community panel (spec 02 §2, §6, §7). Members of the team see the state;
// managing the credentials and Trigger Import are for those who manage the team (Admins, and
// Managers of their own teams); switching the integration on or off is an Admin's act.

export interface CyberportDeps {
  secrets: SecretBox;
  /** This deployment has a port-community endpoint (CYBERPORT_API_URL or the simulator). */
  available: boolean;
}

type TeamAccess = "view" | "manage" | "enable";

async function authorizeCyberportTeam(ctx: ServiceContext, teamId: string, access: TeamAccess) {
  const actor = await authorize(
    ctx,
    access === "view" ? "team.view" : access === "manage" ? "team.manage" : "cyberport.enable",
  );
  const team = await findTeam(ctx.db, actor.companyId, teamId);
  if (!team) throw new AppError("TEAM_NOT_FOUND");
  if (actor.role !== "ADMIN" && !(await isMember(ctx.db, team.id, actor.userId))) {
    // As on the team page: a team one does not belong to is not shown; one shown but not managed is refused.
    throw new AppError(access === "view" ? "TEAM_NOT_FOUND" : "PERMISSION_DENIED");
  }
  return { actor, team };
}

async function stateOf(ctx: ServiceContext, actor: MemberActor, team: Team, deps: CyberportDeps) {
  const set = credentialsSet(team);
  const now = ctx.clock.now();
  const member = actor.role === "ADMIN" || (await isMember(ctx.db, team.id, actor.userId));
  return {
    teamId: team.id,
    enabled: team.cyberportEnabled,
    available: deps.available,
    credentialsSet: set,
    credentialsComplete: credentialsComplete(set),
    canManage: (actor.role === "ADMIN" || actor.role === "MANAGER") && member && !team.isArchived,
    canEnable: actor.role === "ADMIN",
    lastImports: (await recentImports(ctx.db, actor.companyId, team.id)).map((row) =>
      toCyberportImport(row, now),
    ),
  };
}
export type CyberportState = Awaited<ReturnType<typeof stateOf>>;

export async function getCyberportState(
  ctx: ServiceContext,
  input: z.output<typeof CyberportTeamInput>,
  deps: CyberportDeps,
): Promise<CyberportState> {
  const { actor, team } = await authorizeCyberportTeam(ctx, input.teamId, "view");
  return stateOf(ctx, actor, team, deps);
}

async function updateTeam(ctx: ServiceContext, team: Team, set: Partial<Team>) {
  const [updated] = await ctx.db
    .update(teams)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(and(eq(teams.id, team.id), eq(teams.companyId, team.companyId)))
    .returning();
  if (!updated) throw new AppError("TEAM_NOT_FOUND");
  return updated;
}

/** Writes what `change` answers (after the checks) to a team the actor manages and that is not archived. */
async function changeCredentials(
  ctx: ServiceContext,
  { actor, team }: { actor: MemberActor; team: Team },
  deps: CyberportDeps,
  change: () => Partial<Team>,
): Promise<CyberportState> {
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  const update = change();
  const saved = Object.keys(update).length ? await updateTeam(ctx, team, update) : team;
  return stateOf(ctx, actor, saved, deps);
}

/** Saves the credentials given, each sealed; blank ones keep what is stored. */
export async function saveCyberportCredentials(
  ctx: ServiceContext,
  input: z.output<typeof SaveCyberportCredentialsInput>,
  deps: CyberportDeps,
): Promise<CyberportState> {
  const access = await authorizeCyberportTeam(ctx, input.teamId, "manage");
  return changeCredentials(ctx, access, deps, () => sealedUpdate(input.input, deps.secrets));
}

export async function clearCyberportCredentials(
  ctx: ServiceContext,
  input: z.output<typeof CyberportTeamInput>,
  deps: CyberportDeps,
): Promise<CyberportState> {
  const access = await authorizeCyberportTeam(ctx, input.teamId, "manage");
  return changeCredentials(ctx, access, deps, () => clearedCredentials);
}

/** Spec 02 §6: enabling the port-community integration is for Admins only. */
export async function setCyberportEnabled(
  ctx: ServiceContext,
  input: z.output<typeof SetCyberportEnabledInput>,
  deps: CyberportDeps,
): Promise<CyberportState> {
  const { actor, team } = await authorizeCyberportTeam(ctx, input.teamId, "enable");
  if (input.enabled && team.isArchived) throw new AppError("TEAM_ARCHIVED");
  const updated =
    team.cyberportEnabled === input.enabled
      ? team
      : await updateTeam(ctx, team, { cyberportEnabled: input.enabled });
  return stateOf(ctx, actor, updated, deps);
}

/**
 * Trigger Import: one import per team at a time. The team row's lock serializes triggers, so two
 * clicks (or two managers) cannot both pass the check; the job is queued in the same transaction
 * as the import's row, so neither exists without the other.
 */
export async function triggerCyberportImport(
  ctx: ServiceContext,
  input: z.output<typeof CyberportTeamInput>,
  deps: CyberportDeps,
) {
  const { actor } = await authorizeCyberportTeam(ctx, input.teamId, "manage");
  if (!deps.available) throw new AppError("CYBERPORT_NOT_CONFIGURED");
  return ctx.tx(async (tx) => {
    const team = await lockTeam(tx.db, actor.companyId, input.teamId);
    if (!team) throw new AppError("TEAM_NOT_FOUND");
    if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
    if (!team.cyberportEnabled) throw new AppError("CYBERPORT_NOT_ENABLED");
    if (!credentialsComplete(credentialsSet(team))) throw new AppError("CYBERPORT_CREDENTIALS_INCOMPLETE");
    const now = tx.clock.now();
    const active = await activeImports(tx.db, actor.companyId, team.id);
    if (active.some((row) => !isStale(row, now))) throw new AppError("CYBERPORT_IMPORT_IN_PROGRESS");
    for (const stale of active) {
      await tx.db
        .update(cyberportImports)
        .set({ status: "FAILED", errorCode: "CYBERPORT_IMPORT_INTERRUPTED", finishedAt: now })
        .where(eq(cyberportImports.id, stale.id));
    }
    const [created] = await tx.db
      .insert(cyberportImports)
      .values({
        companyId: actor.companyId,
        teamId: team.id,
        requestedByUserId: actor.userId,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error("import insert returned nothing");
    await tx.jobs.send(cyberportImportJob, { importId: created.id });
    return toCyberportImport({ ...created, requestedByNickname: null }, now);
  });
}
