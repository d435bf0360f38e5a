import type { Action } from "../../../../shared/permissions";
import { AppError } from "../../../core/app-error";
import { authorize, getActorCompany, type MemberActor, requireMember } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { findTeam } from "../../teams/teams.queries";
import { seesHeadquarters, seesTeam } from "../shipments.access";

/** Which shipments a list call covers: one team, or (teamId null) every team of the company. */
export interface ListScope {
  actor: MemberActor;
  companyId: string;
  teamId: string | null;
}

/**
 * Authorizes `action`, then the scope: a team of the actor's company that they see, or the
 * headquarters view (Admin/Manager, PREMIUM/ENTERPRISE, switched on for the company). A team of
 * another company, or one the member cannot see, is "not found" so its id says nothing.
 */
export async function authorizeListScope(
  ctx: ServiceContext,
  teamId: string | null,
  action: Action = "shipment.view",
): Promise<ListScope> {
  // The look-ups start with the permission check rather than after it (the list answers within a
  // round trip of its SQL), but nothing is answered until the checks have passed, in this order.
  const { companyId } = requireMember(ctx);
  if (teamId === null) {
    const company = started(getActorCompany(ctx, companyId));
    const headquarters = started(authorize(ctx, "headquarters.view"));
    const actor = await authorize(ctx, action);
    await headquarters;
    if (!(await company).isHeadquarterEnabled) throw new AppError("TEAM_NOT_FOUND");
    return { actor, companyId, teamId: null };
  }
  const found = started(findTeam(ctx.db, companyId, teamId));
  const actor = await authorize(ctx, action);
  const team = await found;
  if (!team || !(await seesTeam(ctx, actor, team.id))) throw new AppError("TEAM_NOT_FOUND");
  return { actor, companyId, teamId: team.id };
}

/**
 * authorizeListScope for a call whose own statement reads the team's existence and the actor's
 * membership with its rows (the list page, listPageQuery): the checks that need no statement run
 * first, and `confirm` finishes them, in the same order, from what the statement read. Nothing
 * read is answered before `confirm` has passed.
 */
export async function authorizeListScopeInline(
  ctx: ServiceContext,
  teamId: string | null,
  action: Action = "shipment.view",
): Promise<{
  scope: ListScope;
  confirm: (read: { teamFound: boolean; isMember: boolean }) => Promise<void>;
}> {
  const { companyId } = requireMember(ctx);
  if (teamId === null) return { scope: await authorizeListScope(ctx, null, action), confirm: async () => {} };
  const actor = await authorize(ctx, action);
  return {
    scope: { actor, companyId, teamId },
    confirm: async ({ teamFound, isMember }) => {
      if (!teamFound) throw new AppError("TEAM_NOT_FOUND");
      if (actor.role === "ADMIN" || isMember) return;
      if (!(await seesHeadquarters(ctx, actor))) throw new AppError("TEAM_NOT_FOUND");
    },
  };
}

/** A promise awaited later: a rejection before then must not count as unhandled. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
