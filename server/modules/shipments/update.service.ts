import { eq } from "drizzle-orm";
import { type ActivityField, SHIPMENT_ACTIVITY } from "../../../shared/activities";
import type { Plan } from "../../../shared/enums";
import { authorizeDecision } from "../../../shared/permissions";
import type { ShipmentUpdateInput, UpdateShipmentInput } from "../../../shared/schemas/shipments";
import { AppError } from "../../core/app-error";
import {
  authorize,
  currentContractLimits,
  currentPlan,
  getActorCompany,
  loadCompanyGate,
  type MemberActor,
} from "../../core/authz";
import { lockCompany } from "../../core/company-lock";
import type { ServiceContext } from "../../core/context";
import { type Shipment, shipments, type Team } from "../../db/schema";
import { findTeam } from "../teams/teams.queries";
import { computeDelays } from "../tracking/refresh/delays";
import { queueFirstRefresh } from "../tracking/tracking.internal";
import { visibleShipment } from "./shipments.access";
import { shipmentDetail } from "./shipments.detail";
import { assertTrackingCapacity } from "./shipments.limits";
import type { ShipmentDetail } from "./shipments.output";
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

type Changes = Partial<typeof shipments.$inferInsert>;
type Activity = { kind: string; params?: Record<string, unknown> };

const TEXT_FIELDS = ["title", "remark", "customField1", "customField2", "customField3"] as const;
const CUSTOM_FIELDS = ["customField1", "customField2", "customField3"] as const;

/**
 * updateShipment. Absent fields stay as they are; null or "" clears a text or a requested date.
 * Each change is recorded as an activity of the actor.
 */
export async function updateShipment(
  ctx: ServiceContext,
  request: UpdateShipmentInput,
): Promise<ShipmentDetail> {
  const actor = await authorize(ctx, "shipment.edit");
  const { input } = request;
  return ctx.tx(async (tx) => {
    // The duplicate rule and the tracking limit are checked under the company row's lock, taken
    // before the shipment's as on create (one lock order, no deadlock); plain edits leave the
    // company alone so they never queue behind each other.
    const mayActivate = input.isArchived === false;
    const retracking =
      input.shippingLine !== undefined ||
      input.trackingType !== undefined ||
      input.trackingNumber !== undefined;
    const company =
      mayActivate || retracking
        ? await lockCompany(tx, actor.companyId)
        : await getActorCompany(tx, actor.companyId);
    const shipment = await visibleShipment(tx, actor, request.shipmentId);
    const plan = await currentPlan(tx, company.id);
    const changes: Changes = {};
    const logged: Activity[] = [];

    const tracking = await trackingChange(tx, company, shipment, input, request.confirmCheckDigit);
    if (tracking) {
      Object.assign(changes, tracking.changes);
      logged.push(tracking.activity);
    }
    const team =
      input.teamId !== undefined && input.teamId !== shipment.teamId
        ? await moveTarget(tx, actor, plan, input.teamId)
        : null;
    const labels = team ?? (await findTeam(tx.db, company.id, shipment.teamId));
    textChanges(shipment, input, plan, labels, changes, logged);
    dateChanges(shipment, input, changes, logged);
    if (team) {
      const from = await findTeam(tx.db, company.id, shipment.teamId);
      changes.teamId = team.id;
      logged.push({
        kind: SHIPMENT_ACTIVITY.movedTeam,
        params: { fromTeamName: from?.name ?? "", toTeamName: team.name },
      });
    }
    let unarchived = false;
    if (input.isArchived !== undefined && input.isArchived !== shipment.isArchived) {
      await authorize(tx, "shipment.archive");
      if (input.isArchived) {
        changes.archivedAt = tx.clock.now();
        changes.queueStatus = "SLEEPING";
        logged.push({ kind: SHIPMENT_ACTIVITY.archived });
      } else {
        const { maxTrackings } = await currentContractLimits(tx, company.id);
        await assertTrackingCapacity(tx, company.id, maxTrackings);
        changes.archivedAt = null;
        unarchived = true;
        logged.push({ kind: SHIPMENT_ACTIVITY.unarchived });
      }
    }

    if (logged.length === 0)
      return shipmentDetail(tx.db, actor, await loadCompanyGate(tx, company.id), shipment);
    const [updated] = await tx.db
      .update(shipments)
      .set({ ...changes, updatedAt: tx.clock.now() })
      .where(eq(shipments.id, shipment.id))
      .returning();
    if (!updated) throw new AppError("SHIPMENT_NOT_FOUND");
    for (const a of logged) {
      await recordActivity(tx, {
        shipmentId: shipment.id,
        companyId: company.id,
        actorUserId: actor.userId,
        ...a,
      });
    }
    // A new number (or line, or type) is a new tracking: fetch it now. An unarchived one is stale.
    const active = updated.archivedAt === null;
    if (active && (tracking || unarchived)) await queueFirstRefresh(tx, [updated]);
    const [fresh] = await tx.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    return shipmentDetail(tx.db, actor, await loadCompanyGate(tx, company.id), fresh ?? updated);
  });
}

/** A line, type or number edit: the number only when non-empty and different from the saved one. */
async function trackingChange(
  ctx: ServiceContext,
  company: { id: string; allowTrackingNumDuplication: boolean },
  shipment: Shipment,
  input: ShipmentUpdateInput,
  confirmCheckDigit: boolean | undefined,
): Promise<{ changes: Changes; activity: Activity } | null> {
  const typed = input.trackingNumber === undefined ? "" : normalizeTrackingNumber(input.trackingNumber);
  const next = {
    shippingLine: input.shippingLine ?? shipment.shippingLine,
    trackingType: input.trackingType ?? shipment.trackingType,
    trackingNumber: typed === "" ? shipment.trackingNumber : typed,
  };
  const previous = {
    shippingLine: shipment.shippingLine,
    trackingType: shipment.trackingType,
    trackingNumber: shipment.trackingNumber,
  };
  if (
    next.shippingLine === previous.shippingLine &&
    next.trackingType === previous.trackingType &&
    next.trackingNumber === previous.trackingNumber
  ) {
    return null;
  }
  assertTrackingTypeAllowed(next.shippingLine, next.trackingType);
  // A number kept as it was is not judged again: moving a box to another line stays possible.
  if (next.trackingType !== previous.trackingType || next.trackingNumber !== previous.trackingNumber) {
    assertCheckDigit(next.trackingType, next.trackingNumber, confirmCheckDigit);
  }
  if (next.shippingLine !== previous.shippingLine || next.trackingNumber !== previous.trackingNumber) {
    await assertNotDuplicate(ctx, company, next, shipment.id);
  }
  return {
    changes: {
      ...next,
      isFailing: false,
      failedReason: null,
      lastFailedReason: null,
      consecutiveFailures: 0,
    },
    activity: { kind: SHIPMENT_ACTIVITY.trackingChanged, params: { ...next, previous } },
  };
}

async function moveTarget(
  ctx: ServiceContext,
  actor: MemberActor,
  plan: Plan,
  teamId: string,
): Promise<Team> {
  const decision = authorizeDecision({ role: actor.role, plan, action: "shipment.reassignTeam" });
  if (!decision.ok) throw new AppError(decision.code);
  return writableTeam(ctx, actor, teamId);
}

function textChanges(
  shipment: Shipment,
  input: ShipmentUpdateInput,
  plan: Plan,
  team: Team | null,
  changes: Changes,
  logged: Activity[],
): void {
  const customValues: (string | null)[] = [];
  for (const field of TEXT_FIELDS) {
    const sent = input[field];
    if (sent === undefined) continue;
    const value = blankToNull(sent);
    if (value === shipment[field]) continue;
    if ((CUSTOM_FIELDS as readonly string[]).includes(field)) customValues.push(value ?? "set");
    changes[field] = value;
    const label = field.startsWith("customField") ? customFieldLabel(team, field) : undefined;
    logged.push(fieldActivity(field, shipment[field], value, label));
  }
  // Changing (or clearing) custom fields is the Premium feature; untouched ones never are refused.
  assertCustomFieldsAllowed(plan, customValues);
}

function customFieldLabel(team: Team | null, field: string): string | null {
  if (!team) return null;
  if (field === "customField1") return team.customField1Name;
  if (field === "customField2") return team.customField2Name;
  return team.customField3Name;
}

function dateChanges(
  shipment: Shipment,
  input: ShipmentUpdateInput,
  changes: Changes,
  logged: Activity[],
): void {
  for (const field of ["requestedEtd", "requestedEta"] as const) {
    const sent = input[field];
    if (sent === undefined || sent === shipment[field]) continue;
    changes[field] = sent;
    logged.push(fieldActivity(field, shipment[field], sent));
  }
  if (changes.requestedEtd === undefined && changes.requestedEta === undefined) return;
  // The delays from the requested dates follow them now, as the CSV bulk update does, not at the next refresh.
  const delays = computeDelays({
    departureTime: shipment.departureTime,
    arrivalTime: shipment.arrivalTime,
    initialEtd: shipment.initialEtd,
    initialEta: shipment.initialEta,
    requestedEtd: changes.requestedEtd !== undefined ? changes.requestedEtd : shipment.requestedEtd,
    requestedEta: changes.requestedEta !== undefined ? changes.requestedEta : shipment.requestedEta,
  });
  changes.requestedEtdDelayDays = delays.requestedEtdDelayDays;
  changes.requestedEtaDelayDays = delays.requestedEtaDelayDays;
}

function fieldActivity(
  field: ActivityField,
  from: string | null,
  to: string | null,
  label?: string | null,
): Activity {
  return { kind: SHIPMENT_ACTIVITY.fieldChanged, params: { field, from, to, ...(label ? { label } : {}) } };
}
