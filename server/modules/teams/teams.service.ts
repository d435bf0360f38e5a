import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CreateTeamInput, TeamMemberInput } from "../../../shared/schemas/teams";
import { AppError } from "../../core/app-error";
import { authorize } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { users } from "../../db/schema";
import { toTeamListItem } from "./teams.output";
import {
  countUserTeams,
  deleteMember,
  findActiveTeam,
  insertMember,
  insertTeam,
  isMember,
  listActiveTeams,
} from "./teams.queries";

/** The company's teams for onboarding and the team switcher, marked Joined for the viewer. */
export async function listCompanyTeams(ctx: ServiceContext) {
  const actor = await authorize(ctx, "team.view");
  return (await listActiveTeams(ctx.db, actor.companyId, actor.userId)).map(toTeamListItem);
}

/** Admins create teams (spec 02 §6); the creator joins it, so onboarding can finish. */
export async function createTeam(ctx: ServiceContext, input: z.output<typeof CreateTeamInput>) {
  const actor = await authorize(ctx, "team.create");
  return ctx.tx(async (tx) => {
    const team = await insertTeam(tx.db, actor.companyId, input.name);
    await insertMember(tx.db, actor.companyId, team.id, actor.userId);
    return { id: team.id, name: team.name };
  });
}

/**
 * Joining is for oneself, and only where it cannot widen anyone's view: an Admin (who sees every
 * team anyway) or a person in no team yet (onboarding, spec 02 §2). Everyone else is added by an
 * Admin or a Manager of the team; otherwise any member could join a team to read its shipments,
 * or a Manager could make any team their "own" and manage it.
 */
export async function joinTeam(ctx: ServiceContext, input: z.output<typeof TeamMemberInput>) {
  const actor = await authorize(ctx, "team.join");
  if (input.userId !== actor.userId) throw new AppError("PERMISSION_DENIED");
  const team = await findActiveTeam(ctx.db, actor.companyId, input.teamId);
  if (!team) throw new AppError("NOT_FOUND");
  return ctx.tx(async (tx) => {
    // One joining request at a time per person, so parallel joins cannot each see "no team yet".
    await tx.db.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for("update");
    if (await isMember(tx.db, team.id, actor.userId)) return { teamId: team.id, joined: true };
    if (actor.role !== "ADMIN" && (await countUserTeams(tx.db, actor.companyId, actor.userId)) > 0) {
      throw new AppError("TEAM_JOIN_NOT_ALLOWED");
    }
    await insertMember(tx.db, actor.companyId, team.id, actor.userId);
    return { teamId: team.id, joined: true };
  });
}

export async function leaveTeam(ctx: ServiceContext, input: z.output<typeof TeamMemberInput>) {
  const actor = await authorize(ctx, "team.leave");
  if (input.userId !== actor.userId) throw new AppError("PERMISSION_DENIED");
  // The Leave button only shows with more than one team (spec 02 §2); the server holds the same line.
  if ((await countUserTeams(ctx.db, actor.companyId, actor.userId)) <= 1)
    throw new AppError("CANNOT_LEAVE_ONLY_TEAM");
  const left = await deleteMember(ctx.db, actor.companyId, input.teamId, actor.userId);
  if (!left) throw new AppError("NOT_FOUND");
  return { teamId: input.teamId, joined: false };
}
