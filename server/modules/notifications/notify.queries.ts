import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ROLE_IDS } from "../../../shared/enums";
import type { Db } from "../../db/client";
import {
  companies,
  historyOutputColumns,
  historyVessels,
  shipmentChanges,
  shipmentHistories,
  shipments,
  subscriptions,
  teams,
  unsubscribeTokens,
  users,
} from "../../db/schema";

// Drizzle only: what the notification job reads about one refresh, and the unsubscribe tokens.

export async function changesOfHistory(db: Db, historyId: string) {
  return db
    .select({
      id: shipmentChanges.id,
      shipmentId: shipmentChanges.shipmentId,
      companyId: shipmentChanges.companyId,
      kind: shipmentChanges.kind,
      oldValue: shipmentChanges.oldValue,
      newValue: shipmentChanges.newValue,
    })
    .from(shipmentChanges)
    .where(eq(shipmentChanges.historyId, historyId))
    .orderBy(asc(shipmentChanges.createdAt), asc(shipmentChanges.id));
}

/** The shipment with its company's standing and its team's custom fields, scoped by company. */
export async function shipmentForNotification(db: Db, shipmentId: string, companyId: string) {
  const [row] = await db
    .select({
      shipment: shipments,
      isHeadquarterEnabled: companies.isHeadquarterEnabled,
      team: {
        customField1Name: teams.customField1Name,
        customField2Name: teams.customField2Name,
        customField3Name: teams.customField3Name,
        customField1Enabled: teams.customField1Enabled,
        customField2Enabled: teams.customField2Enabled,
        customField3Enabled: teams.customField3Enabled,
      },
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.companyId))
    .innerJoin(teams, and(eq(teams.id, shipments.teamId), eq(teams.companyId, shipments.companyId)))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.companyId, companyId)));
  return row;
}

export async function historyWithVessels(db: Db, historyId: string, companyId: string) {
  const [history] = await db
    .select(historyOutputColumns)
    .from(shipmentHistories)
    .where(and(eq(shipmentHistories.id, historyId), eq(shipmentHistories.companyId, companyId)));
  if (!history) return undefined;
  const vessels = await db
    .select({ vesselName: historyVessels.vesselName, voyage: historyVessels.voyage })
    .from(historyVessels)
    .where(eq(historyVessels.historyId, historyId))
    .orderBy(asc(historyVessels.sequence));
  return { history, vessels };
}

/**
 * Subscribers with an address, who still see the shipment: an Admin, a member of its team, or a
 * Manager while the company's headquarters view is on (`headquarters` says whether it counts).
 */
export async function subscribersOf(
  db: Db,
  shipment: { id: string; companyId: string; teamId: string },
  headquarters: boolean,
) {
  return db
    .select({
      userId: users.id,
      notificationEmail: users.notificationEmail,
      language: users.language,
      timeZone: users.timeZone,
      minUpdateIntervalHoursEtd: users.minUpdateIntervalHoursEtd,
      minUpdateIntervalHoursEta: users.minUpdateIntervalHoursEta,
      minUpdateIntervalHoursPlaceOfDeliveryEta: users.minUpdateIntervalHoursPlaceOfDeliveryEta,
      transhipNotificationBehavior: users.transhipNotificationBehavior,
      isCompletionEmailEnabled: users.isCompletionEmailEnabled,
      includesRemarkToEmail: users.includesRemarkToEmail,
      includesCustomField1ToEmail: users.includesCustomField1ToEmail,
      includesCustomField2ToEmail: users.includesCustomField2ToEmail,
      includesCustomField3ToEmail: users.includesCustomField3ToEmail,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.shipmentId, shipment.id),
        eq(users.companyId, shipment.companyId),
        sql`btrim(${users.notificationEmail}) <> ''`,
        sql`(${users.roleId} = ${ROLE_IDS.ADMIN}::uuid
          or exists (select 1 from team_members tm where tm.team_id = ${shipment.teamId}::uuid and tm.user_id = ${users.id})
          or (${headquarters} and ${users.roleId} = ${ROLE_IDS.MANAGER}::uuid))`,
      ),
    )
    .orderBy(asc(users.id));
}

export function newUnsubscribeToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The (user, shipment) tokens, created on first use; concurrent jobs agree on one token per pair. */
export async function unsubscribeTokensFor(
  db: Db,
  shipment: { id: string; companyId: string },
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  await db
    .insert(unsubscribeTokens)
    .values(
      userIds.map((userId) => ({
        token: newUnsubscribeToken(),
        userId,
        shipmentId: shipment.id,
        companyId: shipment.companyId,
      })),
    )
    .onConflictDoNothing({ target: [unsubscribeTokens.userId, unsubscribeTokens.shipmentId] });
  const rows = await db
    .select({ userId: unsubscribeTokens.userId, token: unsubscribeTokens.token })
    .from(unsubscribeTokens)
    .where(and(eq(unsubscribeTokens.shipmentId, shipment.id), inArray(unsubscribeTokens.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.token]));
}
