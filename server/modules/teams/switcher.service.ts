import { and, asc, eq, or, sql } from "drizzle-orm";
import { HEADQUARTER_TEAM_ID } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { currentContractLimits, requireVerifiedUser } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, teamGuestUsers, teamMembers, teams } from "../../db/schema";

/**
 * What the team switcher offers (spec 01 §2, §4): the user's own teams, the HEADQUARTER
 * pseudo-team when the company enabled it on a plan that has it and the user is an Admin or
 * Manager, and the teams of other companies the user is a guest of, grouped by company.
 */
export async function getTeamSwitcher(ctx: ServiceContext) {
  const actor = requireVerifiedUser(ctx);
  const own =
    actor.companyId === null
      ? []
      : await ctx.db
          .select({ id: teams.id, name: teams.name, color: teams.color })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teamMembers.userId, actor.userId), eq(teams.isArchived, false)))
          .orderBy(asc(teams.createdAt), asc(teams.name));

  let headquarters = false;
  if (actor.companyId && (actor.role === "ADMIN" || actor.role === "MANAGER")) {
    const [company] = await ctx.db
      .select({ enabled: companies.isHeadquarterEnabled })
      .from(companies)
      .where(eq(companies.id, actor.companyId));
    const { plan } = await currentContractLimits(ctx, actor.companyId);
    headquarters = Boolean(company?.enabled) && planAllows(plan, "headquarters.view");
  }

  const guestRows = await ctx.db
    .select({ id: teams.id, name: teams.name, companyId: companies.id, companyName: companies.companyName })
    .from(teamGuestUsers)
    .innerJoin(teams, eq(teams.id, teamGuestUsers.teamId))
    .innerJoin(companies, eq(companies.id, teamGuestUsers.companyId))
    .where(
      and(
        or(
          eq(teamGuestUsers.userId, actor.userId),
          eq(sql`lower(${teamGuestUsers.email})`, actor.email.toLowerCase()),
        ),
        eq(teams.isArchived, false),
        actor.companyId ? sql`${teamGuestUsers.companyId} <> ${actor.companyId}` : undefined,
      ),
    )
    .orderBy(asc(companies.companyName), asc(teams.name));
  const guestCompanies = new Map<
    string,
    { companyId: string; companyName: string; teams: { id: string; name: string }[] }
  >();
  for (const row of guestRows) {
    const group = guestCompanies.get(row.companyId) ?? {
      companyId: row.companyId,
      companyName: row.companyName,
      teams: [],
    };
    group.teams.push({ id: row.id, name: row.name });
    guestCompanies.set(row.companyId, group);
  }

  return {
    teams: own,
    headquarters: headquarters ? { id: HEADQUARTER_TEAM_ID } : null,
    guestCompanies: [...guestCompanies.values()],
  };
}
