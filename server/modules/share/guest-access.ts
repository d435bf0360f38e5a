import { and, eq, or, sql } from "drizzle-orm";
import { type GuestAction, guestCan } from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import { requireVerifiedUser, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { teamGuestUsers, teams } from "../../db/schema";

// Guests act on another company's data, so they never pass `authorize` (a company action of their
// own role). These are their first lines instead: the guest action, then the team they are a guest of.

/** A verified, signed-in person acting as a guest (spec 02 §6); guests never get company actions. */
export function authorizeGuest(ctx: ServiceContext, action: GuestAction): UserActor {
  const actor = requireVerifiedUser(ctx);
  if (!guestCan(action)) throw new AppError("PERMISSION_DENIED");
  return actor;
}

/**
 * The team `teamId` when `actor` is one of its guests: invited by their account or by their address
 * (compared case-insensitively, as the invitation matches it before the account exists). A team of
 * their own company, an archived team, or any team they are not a guest of is "not found", as the
 * team switcher offers none of those.
 */
export async function guestTeam(ctx: ServiceContext, actor: UserActor, teamId: string) {
  const [row] = await ctx.db
    .select({ teamId: teams.id, companyId: teams.companyId })
    .from(teamGuestUsers)
    .innerJoin(teams, and(eq(teams.id, teamGuestUsers.teamId), eq(teams.companyId, teamGuestUsers.companyId)))
    .where(
      and(
        eq(teamGuestUsers.teamId, teamId),
        or(
          eq(teamGuestUsers.userId, actor.userId),
          eq(sql`lower(${teamGuestUsers.email})`, actor.email.toLowerCase()),
        ),
        eq(teams.isArchived, false),
        actor.companyId ? sql`${teamGuestUsers.companyId} <> ${actor.companyId}` : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new AppError("TEAM_NOT_FOUND");
  return row;
}
