import { and, eq, ne } from "drizzle-orm";
import { isTrackingTypeAllowed } from "../../../shared/carrier-rules";
import { hasWrongCheckDigit } from "../../../shared/container-number";
import type { Plan, ShippingLine, TrackingType } from "../../../shared/enums";
import { planAllows } from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import type { MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { activities, shipments } from "../../db/schema";
import { findTeam, isMember } from "../teams/teams.queries";

// Rules shared by creating and editing a shipment.

export { normalizeTrackingNumber } from "../../../shared/container-number";

/**
 * A container number whose check digit is wrong is a typo the carrier will refuse: refused on every
 * create path, unless the person confirmed on the form that the number is right as typed.
 */
export function assertCheckDigit(
  trackingType: TrackingType,
  trackingNumber: string,
  confirmed: boolean | undefined,
): void {
  if (!confirmed && hasWrongCheckDigit(trackingType, trackingNumber)) {
    throw new AppError("CONTAINER_CHECK_DIGIT_MISMATCH", { trackingNumber });
  }
}

/** "" means cleared: stored as null so empty and missing read the same everywhere. */
export function blankToNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export function assertTrackingTypeAllowed(line: ShippingLine, type: TrackingType): void {
  if (!isTrackingTypeAllowed(line, type)) throw new AppError("TRACKING_TYPE_NOT_SUPPORTED");
}

export function assertCustomFieldsAllowed(plan: Plan, values: (string | null)[]): void {
  if (values.some((v) => v !== null) && !planAllows(plan, "customFields")) {
    throw new AppError("CUSTOM_FIELDS_PREMIUM_ONLY");
  }
}

/** The same line and number once per company, unless the company allows duplicates. */
export async function assertNotDuplicate(
  ctx: ServiceContext,
  company: { id: string; allowTrackingNumDuplication: boolean },
  tracking: { shippingLine: ShippingLine; trackingNumber: string },
  exceptShipmentId?: string,
): Promise<void> {
  if (company.allowTrackingNumDuplication) return;
  const [existing] = await ctx.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.companyId, company.id),
        eq(shipments.shippingLine, tracking.shippingLine),
        eq(shipments.trackingNumber, tracking.trackingNumber),
        exceptShipmentId ? ne(shipments.id, exceptShipmentId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw new AppError("DUPLICATE_TRACKING_NUMBER");
}

const TEAM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A team shipments may be added to or moved into: a normal, active team of the actor's company
 * (the headquarters view and guest teams are not teams of the company) that the actor works in;
 * Admins may use any team of the company.
 */
export async function writableTeam(ctx: ServiceContext, actor: MemberActor, teamId: string) {
  // The headquarters pseudo-team (HEADQUARTER) and other non-ids are no team to add to.
  if (!TEAM_ID.test(teamId)) throw new AppError("TEAM_NOT_FOUND");
  const team = await findTeam(ctx.db, actor.companyId, teamId);
  if (!team) throw new AppError("TEAM_NOT_FOUND");
  if (actor.role !== "ADMIN" && !(await isMember(ctx.db, team.id, actor.userId))) {
    throw new AppError("TEAM_NOT_FOUND");
  }
  if (team.isArchived) throw new AppError("TEAM_ARCHIVED");
  return team;
}

export async function recordActivity(
  ctx: ServiceContext,
  entry: {
    shipmentId: string;
    companyId: string;
    actorUserId: string | null;
    kind: string;
    params?: Record<string, unknown>;
  },
): Promise<void> {
  await ctx.db
    .insert(activities)
    .values({ ...entry, params: entry.params ?? {}, createdAt: ctx.clock.now() });
}
