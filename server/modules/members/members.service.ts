import { and, asc, eq, ne } from "drizzle-orm";
import { ROLE_IDS, roleFromId } from "../../../shared/enums";
import { AppError } from "../../core/app-error";
import { authorize, currentContractLimits, type MemberActor } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { teamMembers, teams, users } from "../../db/schema";
import { invalidateUserSessions } from "../auth/session.internal";

/** The members table of the Company and members page, with the seat count behind its banner. */
export async function listMembers(ctx: ServiceContext) {
  const actor = await authorize(ctx, "companyPage.view");
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      color: users.color,
      roleId: users.roleId,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.companyId, actor.companyId))
    .orderBy(asc(users.nickname));
  const memberships = await ctx.db
    .select({ userId: teamMembers.userId, teamId: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.companyId, actor.companyId), eq(teams.isArchived, false)));
  const limits = await currentContractLimits(ctx, actor.companyId);
  return {
    members: rows.map((r) => ({
      ...r,
      role: r.roleId ? (roleFromId(r.roleId) ?? null) : null,
      teams: memberships.filter((m) => m.userId === r.id).map((m) => ({ id: m.teamId, name: m.name })),
    })),
    memberCount: rows.length,
    maxMembers: limits.maxMembers,
    /** 'You have reached maximum members. Please upgrade to invite more members.' */
    reachedMaxMembers: rows.length >= limits.maxMembers,
  };
}

async function colleague(ctx: ServiceContext, companyId: string, userId: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user) throw new AppError("NOT_FOUND");
  return user;
}

async function otherAdmins(ctx: ServiceContext, companyId: string, userId: string) {
  return ctx.db.$count(
    users,
    and(eq(users.companyId, companyId), eq(users.roleId, ROLE_IDS.ADMIN), ne(users.id, userId)),
  );
}

/**
 * Under the company lock: the acting Admin is still an Admin of the company (another Admin may
 * have demoted or removed them a moment ago), and the change leaves at least one Admin. Two Admins
 * demoting or removing each other at once then take turns, and the second is refused.
 */
async function lockAdmins(
  ctx: ServiceContext,
  actor: MemberActor,
  target: { id: string; roleId: string | null },
) {
  await lockCompany(ctx, actor.companyId);
  const [self] = await ctx.db
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
  if (self?.roleId !== ROLE_IDS.ADMIN) throw new AppError("PERMISSION_DENIED");
  const [current] = await ctx.db
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, target.id), eq(users.companyId, actor.companyId)));
  if (!current) throw new AppError("NOT_FOUND");
  return {
    losesLastAdmin: async () =>
      current.roleId === ROLE_IDS.ADMIN && (await otherAdmins(ctx, actor.companyId, target.id)) === 0,
  };
}

/**
 * Removes a person from the company: their team memberships go, their account stays (with no
 * company) and their sessions end, so access stops at once. Their shipments stay with the company.
 */
export async function deleteUserFromCompany(ctx: ServiceContext, input: { userId: string }) {
  const actor = await authorize(ctx, "user.delete");
  if (input.userId === actor.userId) throw new AppError("PERMISSION_DENIED");
  const user = await colleague(ctx, actor.companyId, input.userId);
  return ctx.tx(async (tx) => {
    const admins = await lockAdmins(tx, actor, user);
    if (await admins.losesLastAdmin()) throw new AppError("LAST_ADMIN");
    await tx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.userId, user.id), eq(teamMembers.companyId, actor.companyId)));
    await tx.db
      .update(users)
      .set({ companyId: null, roleId: null, updatedAt: tx.clock.now() })
      .where(eq(users.id, user.id));
    await invalidateUserSessions(tx.db, user.id);
    return { id: user.id };
  });
}

/** Admins change others' roles; the company always keeps at least one Admin. */
export async function updateUserRole(
  ctx: ServiceContext,
  input: { userId: string; input: { roleId: string } },
) {
  const actor = await authorize(ctx, "user.changeRole");
  if (input.userId === actor.userId) throw new AppError("CANNOT_CHANGE_OWN_ROLE");
  const role = roleFromId(input.input.roleId);
  if (!role) throw new AppError("VALIDATION_FAILED");
  const user = await colleague(ctx, actor.companyId, input.userId);
  return ctx.tx(async (tx) => {
    const admins = await lockAdmins(tx, actor, user);
    if (role !== "ADMIN" && (await admins.losesLastAdmin())) throw new AppError("LAST_ADMIN");
    await tx.db
      .update(users)
      .set({ roleId: ROLE_IDS[role], updatedAt: tx.clock.now() })
      .where(eq(users.id, user.id));
    return { id: user.id, role };
  });
}
