import { and, eq, inArray, sql } from "drizzle-orm";
import type { MemberActor } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { teamMembers } from "../../../db/schema";
import { seesHeadquarters } from "../shipments.access";

/**
 * The ids among `ids` the actor may act on, in one query: shipments of their company in a team they
 * see (every team for Admins, and for Managers with the headquarters view). The rule is
 * visibleShipment's, applied to a set. Inside a transaction the rows are locked.
 */
export async function visibleShipmentIds(
  ctx: ServiceContext,
  actor: MemberActor,
  ids: readonly string[],
  options: { teamId?: string | null } = {},
): Promise<{ id: string; teamId: string }[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const lock = ctx.inTransaction ? "for update of s" : "";
  const rows = await ctx.db.execute<{ id: string; team_id: string }>(
    sqlSelect(actor.companyId, unique, options.teamId ?? null, lock),
  );
  const all = [...rows].map((r) => ({ id: r.id, teamId: r.team_id }));
  if (actor.role === "ADMIN" || all.length === 0 || (await seesHeadquarters(ctx, actor))) return all;
  const teamIds = [...new Set(all.map((r) => r.teamId))];
  const memberOf = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, actor.userId), inArray(teamMembers.teamId, teamIds)));
  const seen = new Set(memberOf.map((m) => m.teamId));
  return all.filter((r) => seen.has(r.teamId));
}

function sqlSelect(companyId: string, ids: string[], teamId: string | null, lock: string) {
  return sql`
    select s.id, s.team_id from shipments s
    where s.company_id = ${companyId} and s.id = any(${uuidArray(ids)}::uuid[])
      ${teamId === null ? sql`` : sql`and s.team_id = ${teamId}`}
    order by s.id ${sql.raw(lock)}`;
}

/** A uuid[] as one bound text parameter (ids are validated uuids): a list would need one parameter each. */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(",")}}`;
}
