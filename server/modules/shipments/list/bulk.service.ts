import { sql } from "drizzle-orm";
import type { z } from "zod";
import { SHIPMENT_ACTIVITY } from "../../../../shared/activities";
import type { BulkMoveInput, BulkResult, BulkShipmentsInput } from "../../../../shared/schemas/list";
import { authorize, type MemberActor } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { activities } from "../../../db/schema";
import { writableTeam } from "../shipments.rules";
import { uuidArray, visibleShipmentIds } from "./bulk.visibility";

// Bulk operations of the list (spec 01 §4): after the console's confirmation, every selected
// shipment the actor may act on is changed in one transaction; the others (another team, another
// company, gone) are skipped and counted as failed.

type Ids = z.output<typeof BulkShipmentsInput>["shipmentIds"];

async function bulk(
  ctx: ServiceContext,
  actor: MemberActor,
  shipmentIds: Ids,
  apply: (ctx: ServiceContext, actor: MemberActor, ids: string[]) => Promise<void>,
): Promise<BulkResult> {
  const requested = new Set(shipmentIds.map((id) => id.toLowerCase())).size;
  return ctx.tx(async (tx) => {
    const ids = (await visibleShipmentIds(tx, actor, shipmentIds)).map((r) => r.id);
    if (ids.length > 0) await apply(tx, actor, ids);
    return { succeeded: ids.length, failed: requested - ids.length };
  });
}

/** E-mail on schedule changes for the actor (their own subscription); already subscribed counts. */
export async function bulkSubscribe(ctx: ServiceContext, input: z.output<typeof BulkShipmentsInput>) {
  const actor = await authorize(ctx, "shipment.subscribe");
  return bulk(ctx, actor, input.shipmentIds, async (tx, actor, ids) => {
    await tx.db.execute(sql`
      insert into subscriptions (user_id, shipment_id)
      select ${actor.userId}, unnest(${uuidArray(ids)}::uuid[])
      on conflict (user_id, shipment_id) do nothing`);
  });
}

export async function bulkUnsubscribe(ctx: ServiceContext, input: z.output<typeof BulkShipmentsInput>) {
  const actor = await authorize(ctx, "shipment.subscribe");
  return bulk(ctx, actor, input.shipmentIds, async (tx, actor, ids) => {
    await tx.db.execute(sql`
      delete from subscriptions
      where user_id = ${actor.userId} and shipment_id = any(${uuidArray(ids)}::uuid[])`);
  });
}

/** Archives (stops tracking, keeps the data); already archived ones count as done. */
export async function bulkArchive(ctx: ServiceContext, input: z.output<typeof BulkShipmentsInput>) {
  const actor = await authorize(ctx, "shipment.archive");
  return bulk(ctx, actor, input.shipmentIds, async (tx, actor, ids) => {
    const now = tx.clock.now();
    const archived = await tx.db.execute<{ id: string; company_id: string }>(sql`
      update shipments set archived_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
        queue_status = 'SLEEPING'
      where id = any(${uuidArray(ids)}::uuid[]) and archived_at is null
      returning id, company_id`);
    await recordActivities(tx, actor, [...archived], SHIPMENT_ACTIVITY.archived, () => ({}));
  });
}

/** Deletes for good, with histories, comments and files (the foreign keys cascade). */
export async function bulkDelete(ctx: ServiceContext, input: z.output<typeof BulkShipmentsInput>) {
  const actor = await authorize(ctx, "shipment.delete");
  return bulk(ctx, actor, input.shipmentIds, async (tx, _actor, ids) => {
    await tx.db.execute(sql`delete from shipments where id = any(${uuidArray(ids)}::uuid[])`);
  });
}

/** Moves to another active team the actor works in (PREMIUM/ENTERPRISE, Admin or Manager). */
export async function bulkMove(
  ctx: ServiceContext,
  input: z.output<typeof BulkMoveInput>,
): Promise<BulkResult> {
  const actor = await authorize(ctx, "shipment.reassignTeam");
  const target = await writableTeam(ctx, actor, input.teamId);
  return bulk(ctx, actor, input.shipmentIds, async (tx, _actor, ids) => {
    const now = tx.clock.now().toISOString();
    const moved = await tx.db.execute<{ id: string; company_id: string; from_team_name: string }>(sql`
      with old as (
        select s.id, t.name as from_team_name from shipments s join teams t on t.id = s.team_id
        where s.id = any(${uuidArray(ids)}::uuid[]) and s.team_id <> ${target.id}
      )
      update shipments s set team_id = ${target.id}, updated_at = ${now}::timestamptz
      from old where s.id = old.id
      returning s.id, s.company_id, old.from_team_name`);
    await recordActivities(tx, actor, [...moved], SHIPMENT_ACTIVITY.movedTeam, (r) => ({
      fromTeamName: r.from_team_name,
      toTeamName: target.name,
    }));
  });
}

async function recordActivities<R extends { id: string; company_id: string }>(
  ctx: ServiceContext,
  actor: MemberActor,
  rows: R[],
  kind: string,
  params: (row: R) => Record<string, unknown>,
) {
  if (rows.length === 0) return;
  const createdAt = ctx.clock.now();
  const values = rows.map((r) => ({
    shipmentId: r.id,
    companyId: r.company_id,
    actorUserId: actor.userId,
    kind,
    params: params(r),
    createdAt,
  }));
  // Chunked: one INSERT's parameters are limited, and a bulk call may hold 100,000 shipments.
  for (let i = 0; i < values.length; i += 5000) {
    await ctx.db.insert(activities).values(values.slice(i, i + 5000));
  }
}
