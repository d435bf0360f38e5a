import { and, eq } from "drizzle-orm";
import { planAllows } from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import { currentPlan, getActorCompany, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { isMember } from "../teams/teams.queries";

// Which shipments a member may see. Every shipment service calls these after `authorize`, so a
// shipment of another company, or of a team the member cannot see, is simply "not found".

/** Headquarters (every team of the company) is open to Admins and Managers when the company enabled it on a plan that has it. */
export async function seesHeadquarters(ctx: ServiceContext, actor: MemberActor): Promise<boolean> {
  if (actor.role !== "ADMIN" && actor.role !== "MANAGER") return false;
  const company = await getActorCompany(ctx, actor.companyId);
  if (!company.isHeadquarterEnabled) return false;
  return planAllows(await currentPlan(ctx, actor.companyId), "headquarters.view");
}

/** Whether the member sees the shipments of `teamId` (a team of their company). */
export async function seesTeam(ctx: ServiceContext, actor: MemberActor, teamId: string): Promise<boolean> {
  if (actor.role === "ADMIN") return true;
  if (await isMember(ctx.db, teamId, actor.userId)) return true;
  return seesHeadquarters(ctx, actor);
}

/**
 * A member's shipment: in their company, and in a team they belong to, unless they see every team
 * (Admins; Managers through the headquarters view where the company and plan have it). Anything
 * else is "not found", so another team's ids say nothing. Inside a transaction the row is locked.
 */
export async function visibleShipment(ctx: ServiceContext, actor: MemberActor, shipmentId: string) {
  const query = ctx.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.companyId, actor.companyId)));
  const [shipment] = ctx.inTransaction ? await query.for("update") : await query;
  if (!shipment) throw new AppError("SHIPMENT_NOT_FOUND");
  if (await seesTeam(ctx, actor, shipment.teamId)) return shipment;
  throw new AppError("SHIPMENT_NOT_FOUND");
}
