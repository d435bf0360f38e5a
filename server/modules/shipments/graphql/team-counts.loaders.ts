import { and, count, eq, exists, isNull, type SQL, sql } from "drizzle-orm";
import { authorize } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { shipments, teamMembers, teams } from "../../../db/schema";
import { seesHeadquarters } from "../shipments.access";

// Team.shipmentCount for every team of a list in one statement (the company's team list holds
// dozens). Counted like the contract's tracking limit: active (not archived) shipments. Only for
// teams whose shipments the member sees (shipments.access); another team's count stays unsaid.

/** By team id: the number of the team's active shipments; a team the member cannot see is absent. */
export async function teamShipmentCountsOf(
  ctx: ServiceContext,
  teamIds: readonly string[],
): Promise<Map<string, number>> {
  const actor = await authorize(ctx, "team.view");
  const seesAll = actor.role === "ADMIN" || (await seesHeadquarters(ctx, actor));
  const visible: SQL[] = seesAll
    ? []
    : [
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, actor.userId))),
        ),
      ];
  const rows = await ctx.db
    .select({ teamId: teams.id, n: count(shipments.id) })
    .from(teams)
    .leftJoin(
      shipments,
      and(
        eq(shipments.teamId, teams.id),
        eq(shipments.companyId, actor.companyId),
        isNull(shipments.archivedAt),
      ),
    )
    .where(
      and(
        sql`${teams.id} = any(${sql.param([...teamIds])}::uuid[])`,
        eq(teams.companyId, actor.companyId),
        ...visible,
      ),
    )
    .groupBy(teams.id);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}
