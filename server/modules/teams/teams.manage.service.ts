import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { planAllows } from "../../../shared/permissions";
import type { AddTeamGuestInput, RemoveTeamGuestInput } from "../../../shared/schemas/invitations";
import type {
  RenameTeamInput,
  TeamMemberInput,
  UpdateCustomFieldSettingsInput,
  UpdateTeamSettingsInput,
} from "../../../shared/schemas/teams";
import { AppError } from "../../core/app-error";
import { authorize, currentPlan, getActorCompany, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { shipments, teamGuestUsers, teamMembers, teams, users } from "../../db/schema";
import { hashToken } from "../auth/tokens";
import { consumeInvitationQuota } from "../invitations/invitation-guards";
import { newInvitationToken } from "../invitations/invitation-rules";
import { queueEmail } from "../mail/mail.internal";
import { toArchivedTeam, toTeamGuest, toTeamMember, toTeamSettings } from "./teams.output";
import {
  countUserTeams,
  findTeam,
  findTeamPage,
  insertMember,
  isMember,
  listMemberCandidates,
} from "./teams.queries";

// Managing a team (spec 02 §2 Team page, §6): Admins manage every team of the company, Managers
// the teams they belong to ("own teams").

async function authorizeTeamChange(
  ctx: ServiceContext,
  teamId: string,
  action: "team.manage" | "team.addMember" | "team.removeMember",
  options: { ownTeamOnly?: boolean } = {},
) {
  const actor = await authorize(ctx, action);
  const team = await findTeam(ctx.db, actor.companyId, teamId);
  if (!team) throw new AppError("TEAM_NOT_FOUND");
  const ownTeamOnly = options.ownTeamOnly ?? true;
  if (ownTeamOnly && actor.role !== "ADMIN" && !(await isMember(ctx.db, team.id, actor.userId))) {
    throw new AppError("PERMISSION_DENIED");
  }
  return { actor, team };
}

/** The team page: settings, members and guests, for members of the team (and Admins). */
export async function getTeam(ctx: ServiceContext, teamId: string) {
  const actor = await authorize(ctx, "team.view");
  const company = await getActorCompany(ctx, actor.companyId);
  // One statement for the team, the membership check, its members and guests.
  const page = await findTeamPage(ctx.db, {
    companyId: actor.companyId,
    teamId,
    userId: actor.userId,
    withGuests: company.isConnectEnabled,
  });
  if (!page) throw new AppError("TEAM_NOT_FOUND");
  if (actor.role !== "ADMIN" && !page.isMember) throw new AppError("TEAM_NOT_FOUND");
  return {
    ...toTeamSettings(page.team),
    users: page.members.map(toTeamMember),
    teamGuestUsers: page.guests.map(toTeamGuest),
  };
}

export async function listAddableMembers(ctx: ServiceContext, teamId: string) {
  const { actor, team } = await authorizeTeamChange(ctx, teamId, "team.addMember");
  return listMemberCandidates(ctx.db, actor.companyId, team.id);
}

export async function renameTeam(ctx: ServiceContext, input: z.output<typeof RenameTeamInput>) {
  const { team } = await authorizeTeamChange(ctx, input.teamId, "team.manage");
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  const [renamed] = await ctx.db
    .update(teams)
    .set({ name: input.input.name, updatedAt: ctx.clock.now() })
    .where(eq(teams.id, team.id))
    .returning({ id: teams.id, name: teams.name });
  return renamed;
}

export async function updateTeamSettings(
  ctx: ServiceContext,
  input: z.output<typeof UpdateTeamSettingsInput>,
) {
  const { team } = await authorizeTeamChange(ctx, input.teamId, "team.manage");
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  const [updated] = await ctx.db
    .update(teams)
    .set({ ...input.input, updatedAt: ctx.clock.now() })
    .where(eq(teams.id, team.id))
    .returning();
  if (!updated) throw new AppError("TEAM_NOT_FOUND");
  return toTeamSettings(updated);
}

/** Custom fields are a Premium/Enterprise feature (spec 02 §5). */
export async function updateCustomFieldSettings(
  ctx: ServiceContext,
  input: z.output<typeof UpdateCustomFieldSettingsInput>,
) {
  const { actor, team } = await authorizeTeamChange(ctx, input.teamId, "team.manage");
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  if (!planAllows(await currentPlan(ctx, actor.companyId), "customFields"))
    throw new AppError("UPGRADE_REQUIRED");
  const [updated] = await ctx.db
    .update(teams)
    .set({ ...input.input, updatedAt: ctx.clock.now() })
    .where(eq(teams.id, team.id))
    .returning();
  if (!updated) throw new AppError("TEAM_NOT_FOUND");
  return toTeamSettings(updated);
}

/** Archiving removes the team's members and archives its shipments (spec 02 §4). */
export async function archiveTeam(ctx: ServiceContext, teamId: string) {
  const { actor, team } = await authorizeTeamChange(ctx, teamId, "team.manage");
  if (team.isArchived) return { id: team.id, isArchived: true };
  const now = ctx.clock.now();
  return ctx.tx(async (tx) => {
    await tx.db.update(teams).set({ isArchived: true, updatedAt: now }).where(eq(teams.id, team.id));
    await tx.db.delete(teamMembers).where(eq(teamMembers.teamId, team.id));
    await tx.db
      .update(shipments)
      .set({ archivedAt: now, updatedAt: now })
      .where(
        and(
          eq(shipments.companyId, actor.companyId),
          eq(shipments.teamId, team.id),
          isNull(shipments.archivedAt),
        ),
      );
    return { id: team.id, isArchived: true };
  });
}

/** Unarchiving brings the team back to the list; members and shipments stay as they are. */
export async function unarchiveTeam(ctx: ServiceContext, teamId: string) {
  // Archiving removed every member, so no one's "own team" is archived: any manager may restore it.
  const { team } = await authorizeTeamChange(ctx, teamId, "team.manage", { ownTeamOnly: false });
  await ctx.db
    .update(teams)
    .set({ isArchived: false, updatedAt: ctx.clock.now() })
    .where(eq(teams.id, team.id));
  return { id: team.id, isArchived: false };
}

export async function listArchivedTeams(ctx: ServiceContext) {
  const actor = await authorize(ctx, "team.manage");
  const rows = await ctx.db
    .select({ id: teams.id, name: teams.name, updatedAt: teams.updatedAt })
    .from(teams)
    .where(and(eq(teams.companyId, actor.companyId), eq(teams.isArchived, true)));
  return rows.map(toArchivedTeam);
}

export async function addUserToTeam(ctx: ServiceContext, input: z.output<typeof TeamMemberInput>) {
  const { actor, team } = await authorizeTeamChange(ctx, input.teamId, "team.addMember");
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  await requireColleague(ctx, actor, input.userId);
  await insertMember(ctx.db, actor.companyId, team.id, input.userId);
  return { teamId: team.id, userId: input.userId };
}

export async function deleteUserFromTeam(ctx: ServiceContext, input: z.output<typeof TeamMemberInput>) {
  const { actor, team } = await authorizeTeamChange(ctx, input.teamId, "team.removeMember");
  // "Remove" on one's own row is leaving: the same line as the Leave button (never the last team).
  if (input.userId === actor.userId && (await countUserTeams(ctx.db, actor.companyId, actor.userId)) <= 1)
    throw new AppError("CANNOT_LEAVE_ONLY_TEAM");
  const removed = await ctx.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, input.userId)))
    .returning({ id: teamMembers.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND");
  return { teamId: team.id, userId: input.userId };
}

async function requireColleague(ctx: ServiceContext, actor: MemberActor, userId: string) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, actor.companyId)));
  if (!user) throw new AppError("NOT_FOUND");
}

/**
 * Guests come from outside the company and only exist where the connect feature is on. The guest
 * gets an e-mail with a link to sign up (or sign in) as a guest of this team.
 */
export async function addTeamGuestUser(
  ctx: ServiceContext,
  input: z.output<typeof AddTeamGuestInput>,
  meta: { appUrl: string },
) {
  const { actor, team } = await authorizeTeamChange(ctx, input.teamId, "team.manage");
  const company = await getActorCompany(ctx, actor.companyId);
  if (!company.isConnectEnabled) throw new AppError("CONNECT_NOT_ENABLED");
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  const email = input.email.trim();
  const token = newInvitationToken();
  return ctx.tx(async (tx) => {
    await consumeInvitationQuota(tx, actor.companyId, [email]);
    const [guest] = await tx.db
      .insert(teamGuestUsers)
      .values({ companyId: actor.companyId, teamId: team.id, email, invitationTokenHash: hashToken(token) })
      .onConflictDoNothing()
      .returning();
    if (!guest) throw new AppError("GUEST_ALREADY_ADDED", { email });
    const [inviter] = await tx.db
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.id, actor.userId));
    await queueEmail(tx, {
      to: email,
      template: "guestInvitation",
      companyId: actor.companyId,
      params: {
        inviterName: inviter?.nickname ?? "",
        companyName: company.companyName,
        teamName: team.name,
        url: `${meta.appUrl.replace(/\/+$/, "")}/app/auth/signup?invitationToken=${token}`,
      },
    });
    return toTeamGuest(guest);
  });
}

export async function removeTeamGuestUser(ctx: ServiceContext, input: z.output<typeof RemoveTeamGuestInput>) {
  const { team } = await authorizeTeamChange(ctx, input.teamId, "team.manage");
  const removed = await ctx.db
    .delete(teamGuestUsers)
    .where(and(eq(teamGuestUsers.id, input.teamGuestUserId), eq(teamGuestUsers.teamId, team.id)))
    .returning({ id: teamGuestUsers.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND");
  return { id: input.teamGuestUserId };
}
