import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Plan } from "../../../shared/enums";
import {
  type Action,
  authorizeDecision,
  type CompanyStandingGate,
  planAllows,
} from "../../../shared/permissions";
import { AppError } from "../../core/app-error";
import type { MemberActor } from "../../core/authz";
import type { Db } from "../../db/client";
import {
  commentReads,
  comments,
  companies,
  favorites,
  type Shipment,
  subscriptions,
  teams,
  users,
} from "../../db/schema";
import { historiesByIds } from "./histories.output";
import { iso, type ShipmentDetail, type ShipmentViewerCan, toTeamPublicSettings } from "./shipments.output";

// The detail page's shape of one shipment for one viewer: the row, its owner and team, the
// viewer's own flags, the latest history and what this viewer may do with it.

/** The plan and the company's gate flags the viewer's actions are decided from (core/authz). */
export interface ViewerAccess {
  plan: Plan;
  company: CompanyStandingGate;
}

/**
 * What this viewer may do with the shipment, by the same decision authorization makes (role, the
 * company's standing, the plan): a churned company's members see no edit, refresh or subscribe.
 */
export function viewerCan(
  actor: MemberActor,
  access: ViewerAccess,
  shipment: { isArchived: boolean },
): ShipmentViewerCan {
  const may = (action: Action) => authorizeDecision({ role: actor.role, action, ...access }).ok;
  const edit = may("shipment.edit");
  return {
    edit,
    archive: may("shipment.archive"),
    delete: may("shipment.delete"),
    comment: may("shipment.comment"),
    refresh: may("shipment.refresh") && !shipment.isArchived,
    subscribe: may("shipment.subscribe"),
    moveTeam: may("shipment.reassignTeam"),
    editCustomFields: edit && planAllows(access.plan, "customFields"),
  };
}

/** Whether someone else commented after the viewer last read the shipment's comments. */
export async function hasUnreadComment(db: Db, shipmentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .leftJoin(
      commentReads,
      and(eq(commentReads.shipmentId, comments.shipmentId), eq(commentReads.userId, userId)),
    )
    .where(
      and(
        eq(comments.shipmentId, shipmentId),
        or(isNull(comments.userId), ne(comments.userId, userId)),
        or(isNull(commentReads.lastReadAt), gt(comments.createdAt, commentReads.lastReadAt)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function shipmentDetail(
  db: Db,
  actor: MemberActor,
  access: ViewerAccess,
  shipment: Shipment,
): Promise<ShipmentDetail> {
  const viewer = actor.userId;
  const [teamRows, ownerRows, companyRows, flags, unread, histories] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(and(eq(teams.id, shipment.teamId), eq(teams.companyId, shipment.companyId))),
    shipment.ownerUserId
      ? db
          .select({ id: users.id, nickname: users.nickname, color: users.color, email: users.email })
          .from(users)
          .where(eq(users.id, shipment.ownerUserId))
      : Promise.resolve([]),
    db
      .select({ isConnectEnabled: companies.isConnectEnabled })
      .from(companies)
      .where(eq(companies.id, shipment.companyId)),
    db.execute<{ favorite: boolean; subscribed: boolean }>(sql`
      select
        exists(select 1 from ${favorites} where ${favorites.shipmentId} = ${shipment.id} and ${favorites.userId} = ${viewer}) as favorite,
        exists(select 1 from ${subscriptions} where ${subscriptions.shipmentId} = ${shipment.id} and ${subscriptions.userId} = ${viewer}) as subscribed`),
    hasUnreadComment(db, shipment.id, viewer),
    historiesByIds(db, shipment.latestHistoryId ? [shipment.latestHistoryId] : []),
  ]);
  const team = teamRows[0];
  const company = companyRows[0];
  if (!team || !company) throw new AppError("SHIPMENT_NOT_FOUND");
  const flag = flags[0];
  const allowed = viewerCan(actor, access, shipment);
  return {
    id: shipment.id,
    title: shipment.title,
    remark: shipment.remark,
    trackingNumber: shipment.trackingNumber,
    trackingType: shipment.trackingType,
    shippingLine: shipment.shippingLine,
    isArchived: shipment.isArchived,
    isFailing: shipment.isFailing,
    failedReason: shipment.failedReason,
    lastFailedReason: shipment.lastFailedReason,
    queueStatus: shipment.queueStatus,
    lastScrapedAt: iso(shipment.lastScrapedAt),
    aisUpdatedAt: iso(shipment.aisUpdatedAt),
    latitude: shipment.latitude,
    longitude: shipment.longitude,
    predictedArrivalAt: iso(shipment.predictedArrivalAt),
    createdAt: shipment.createdAt.toISOString(),
    shareToken: allowed.edit ? shipment.shareToken : null,
    customField1: shipment.customField1,
    customField2: shipment.customField2,
    customField3: shipment.customField3,
    requestedEtd: shipment.requestedEtd,
    requestedEta: shipment.requestedEta,
    initialEtd: iso(shipment.initialEtd),
    initialEta: iso(shipment.initialEta),
    delayDays: shipment.delayDays,
    etdDelayDays: shipment.etdDelayDays,
    requestedEtaDelayDays: shipment.requestedEtaDelayDays,
    requestedEtdDelayDays: shipment.requestedEtdDelayDays,
    owner: ownerRows[0] ?? null,
    team: {
      id: team.id,
      name: team.name,
      customField1Name: team.customField1Name,
      customField2Name: team.customField2Name,
      customField3Name: team.customField3Name,
      customField1Enabled: team.customField1Enabled,
      customField2Enabled: team.customField2Enabled,
      customField3Enabled: team.customField3Enabled,
    },
    teamPublicSettings: toTeamPublicSettings(team),
    hasUnreadCommentForViewer: unread,
    isFavoriteForViewer: flag?.favorite === true,
    isNotificationEnabledForViewer: flag?.subscribed === true,
    latestHistory: shipment.latestHistoryId ? (histories.get(shipment.latestHistoryId) ?? null) : null,
    viewerCan: allowed,
    company: { isConnectEnabled: company.isConnectEnabled },
  };
}
