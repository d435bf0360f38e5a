import { and, asc, eq } from "drizzle-orm";
import { roleFromId } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { currentPlan, type MemberActor, requireSystem } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import {
  companies,
  historyOutputColumns,
  historyVessels,
  shipmentChanges,
  shipmentHistories,
  shipments,
  teams,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { seesTeam } from "../shipments/shipments.access";
import { shipmentEventId, shipmentEventPayload } from "./webhooks.payload";
import { createDeliveries, type ScheduleAttempt } from "./webhooks.store";

// One refresh's change records of one shipment become one shipment.updated event, delivered to
// every enabled endpoint of the company whose owner may see the shipment. Runs as a job enqueued
// in the refresh's transaction (like the e-mails); the event id comes from the history, so running
// it twice creates no second delivery and no second event id.

async function loadEventSources(ctx: ServiceContext, historyId: string) {
  const changes = await ctx.db
    .select({
      kind: shipmentChanges.kind,
      oldValue: shipmentChanges.oldValue,
      newValue: shipmentChanges.newValue,
      shipmentId: shipmentChanges.shipmentId,
      companyId: shipmentChanges.companyId,
    })
    .from(shipmentChanges)
    .where(eq(shipmentChanges.historyId, historyId))
    .orderBy(asc(shipmentChanges.createdAt), asc(shipmentChanges.id));
  const first = changes[0];
  if (!first) return null;
  const [row] = await ctx.db
    .select({ shipment: shipments, teamName: teams.name, history: historyOutputColumns })
    .from(shipmentHistories)
    .innerJoin(
      shipments,
      and(
        eq(shipments.id, shipmentHistories.shipmentId),
        eq(shipments.companyId, shipmentHistories.companyId),
      ),
    )
    .innerJoin(teams, eq(teams.id, shipments.teamId))
    .where(and(eq(shipmentHistories.id, historyId), eq(shipmentHistories.companyId, first.companyId)));
  if (!row) return null;
  const vessels = await ctx.db
    .select()
    .from(historyVessels)
    .where(eq(historyVessels.historyId, historyId))
    .orderBy(asc(historyVessels.sequence));
  return { ...row, vessels, changes };
}

/** The enabled endpoints of the company, with their owners as members (for the visibility rule). */
async function endpointsWithOwners(ctx: ServiceContext, companyId: string) {
  const rows = await ctx.db
    .select({ endpointId: webhookEndpoints.id, user: users })
    .from(webhookEndpoints)
    .innerJoin(users, and(eq(users.id, webhookEndpoints.userId), eq(users.companyId, companyId)))
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.enabled, true)));
  return rows.flatMap(({ endpointId, user }) => {
    const role = user.roleId ? roleFromId(user.roleId) : undefined;
    if (!role) return [];
    const actor: MemberActor = {
      kind: "user",
      userId: user.id,
      sessionId: "webhook",
      email: user.email,
      companyId,
      role,
      emailVerified: user.isEmailVerified,
      mfaSatisfied: true,
    };
    return [{ endpointId, actor }];
  });
}

/** Webhooks are part of the API: a plan with it, and the provider's approval of the company's use. */
async function companyReceivesWebhooks(ctx: ServiceContext, companyId: string): Promise<boolean> {
  const [company] = await ctx.db
    .select({ isApiEnabled: companies.isApiEnabled })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company?.isApiEnabled) return false;
  return planAllows(await currentPlan(ctx, companyId), "api");
}

/** Creates the deliveries of one refresh's event; returns how many were created. */
export async function fanOutShipmentEvent(
  ctx: ServiceContext,
  historyId: string,
  schedule: ScheduleAttempt,
): Promise<number> {
  requireSystem(ctx);
  const sources = await loadEventSources(ctx, historyId);
  if (!sources) return 0;
  const { shipment, history } = sources;
  if (!(await companyReceivesWebhooks(ctx, shipment.companyId))) return 0;
  const receivers: string[] = [];
  for (const endpoint of await endpointsWithOwners(ctx, shipment.companyId)) {
    if (await seesTeam(ctx, endpoint.actor, shipment.teamId)) receivers.push(endpoint.endpointId);
  }
  if (receivers.length === 0) return 0;
  const payload = shipmentEventPayload(
    { ...shipment, teamName: sources.teamName },
    history,
    sources.vessels,
    sources.changes,
  );
  const eventId = shipmentEventId(historyId);
  return ctx.tx(async (tx) => {
    const created = await createDeliveries(
      tx,
      receivers.map((endpointId) => ({
        companyId: shipment.companyId,
        endpointId,
        eventId,
        event: payload.type,
        payload,
      })),
      schedule,
    );
    return created.length;
  });
}
