import { sql } from "drizzle-orm";
import { SHIPMENT_ACTIVITY } from "../../../shared/activities";
import { type CreateShipmentInput, trackingWarnings } from "../../../shared/schemas/shipments";
import { authorize, currentPlan } from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { shipments } from "../../db/schema";
import { queueFirstRefresh } from "../tracking/tracking.internal";
import { assertMayAddShipments, assertTrackingCapacity } from "./shipments.limits";
import type { CreatedShipment } from "./shipments.output";
import {
  assertCheckDigit,
  assertCustomFieldsAllowed,
  assertNotDuplicate,
  assertTrackingTypeAllowed,
  blankToNull,
  normalizeTrackingNumber,
  recordActivity,
  writableTeam,
} from "./shipments.rules";

/**
 * createShipment (single form, each CSV row, the API). Everything that depends on other rows (the
 * duplicate and the limit) is checked under the company row's lock, and the first refresh is
 * queued in the same transaction so the shipment exists exactly when its job does.
 */
export async function createShipment(
  ctx: ServiceContext,
  request: CreateShipmentInput,
): Promise<CreatedShipment> {
  const actor = await authorize(ctx, "shipment.create");
  const { input } = request;
  const trackingNumber = normalizeTrackingNumber(input.trackingNumber);
  assertTrackingTypeAllowed(input.shippingLine, input.trackingType);
  assertCheckDigit(input.trackingType, trackingNumber, request.confirmCheckDigit);
  const customFields = [input.customField1, input.customField2, input.customField3].map(blankToNull);
  return ctx.tx(async (tx) => {
    const company = await lockCompany(tx, actor.companyId);
    const { maxTrackings } = await assertMayAddShipments(tx, company);
    const team = await writableTeam(tx, actor, request.teamId);
    assertCustomFieldsAllowed(await currentPlan(tx, company.id), customFields);
    await assertNotDuplicate(tx, company, { shippingLine: input.shippingLine, trackingNumber });
    await assertTrackingCapacity(tx, company.id, maxTrackings);
    const [created] = await tx.db
      .insert(shipments)
      .values({
        companyId: company.id,
        teamId: team.id,
        ownerUserId: actor.userId,
        title: blankToNull(input.title),
        trackingNumber,
        trackingType: input.trackingType,
        shippingLine: input.shippingLine,
        customField1: customFields[0] ?? null,
        customField2: customFields[1] ?? null,
        customField3: customFields[2] ?? null,
        requestedEtd: input.requestedEtd ?? null,
        requestedEta: input.requestedEta ?? null,
        createdAt: tx.clock.now(),
        updatedAt: tx.clock.now(),
      })
      .returning({ id: shipments.id, shippingLine: shipments.shippingLine });
    if (!created) throw new Error("shipment insert returned nothing");
    await recordActivity(tx, {
      shipmentId: created.id,
      companyId: company.id,
      actorUserId: actor.userId,
      kind: SHIPMENT_ACTIVITY.created,
      params: { shippingLine: input.shippingLine, trackingType: input.trackingType, trackingNumber },
    });
    await subscribeTeamToNewShipment(tx, team.id, created.id, actor.userId);
    await queueFirstRefresh(tx, [created]);
    return {
      id: created.id,
      warnings: trackingWarnings({
        shippingLine: input.shippingLine,
        trackingType: input.trackingType,
        trackingNumber,
      }),
    };
  });
}

/** Each team member's subscriptionSettingForNewShipment: ALL, ONLYMINE (their own), NONE. */
async function subscribeTeamToNewShipment(
  ctx: ServiceContext,
  teamId: string,
  shipmentId: string,
  creatorUserId: string,
): Promise<void> {
  await ctx.db.execute(sql`
    insert into subscriptions (user_id, shipment_id, created_at)
    select tm.user_id, ${shipmentId}::uuid, ${ctx.clock.now().toISOString()}::timestamptz
    from team_members tm
    join users u on u.id = tm.user_id and u.company_id = tm.company_id
    where tm.team_id = ${teamId}
      and (u.subscription_setting_for_new_shipment = 'ALL'
        or (u.subscription_setting_for_new_shipment = 'ONLYMINE' and u.id = ${creatorUserId}))
    on conflict do nothing`);
}
