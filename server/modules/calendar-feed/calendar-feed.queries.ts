import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { CalendarFeedScope } from "../../../shared/schemas/calendar-feed";
import type { Db } from "../../db/client";
import {
  calendarFeeds,
  shipmentHistories,
  shipments,
  subscriptions,
  teamMembers,
  teams,
  users,
} from "../../db/schema";

// Drizzle only. Every read of a feed is scoped by its user and company; every read of shipments by
// the company, and by the teams the reader sees.

export async function findActiveFeed(db: Db, scope: { userId: string; companyId: string }) {
  const [row] = await db
    .select({
      id: calendarFeeds.id,
      hint: calendarFeeds.hint,
      scope: calendarFeeds.scope,
      teamId: calendarFeeds.teamId,
      teamName: teams.name,
      createdAt: calendarFeeds.createdAt,
      lastFetchedAt: calendarFeeds.lastFetchedAt,
    })
    .from(calendarFeeds)
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(
      and(
        eq(calendarFeeds.userId, scope.userId),
        eq(calendarFeeds.companyId, scope.companyId),
        isNull(calendarFeeds.revokedAt),
      ),
    );
  return row ?? null;
}

export type ActiveFeedRow = NonNullable<Awaited<ReturnType<typeof findActiveFeed>>>;

/** Revokes the user's active feed (there is at most one); returns how many were revoked. */
export async function revokeActiveFeeds(
  db: Db,
  scope: { userId: string; companyId: string },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(calendarFeeds)
    .set({ revokedAt: at })
    .where(
      and(
        eq(calendarFeeds.userId, scope.userId),
        eq(calendarFeeds.companyId, scope.companyId),
        isNull(calendarFeeds.revokedAt),
      ),
    )
    .returning({ id: calendarFeeds.id });
  return rows.length;
}

export async function insertFeed(
  db: Db,
  values: {
    companyId: string;
    userId: string;
    tokenHash: string;
    hint: string;
    scope: CalendarFeedScope;
    teamId: string | null;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(calendarFeeds).values(values).returning({ id: calendarFeeds.id });
  if (!row) throw new Error("calendar feed not inserted");
  return row;
}

export async function setFeedScope(
  db: Db,
  feedId: string,
  scope: { scope: CalendarFeedScope; teamId: string | null },
) {
  await db
    .update(calendarFeeds)
    .set({ scope: scope.scope, teamId: scope.teamId })
    .where(eq(calendarFeeds.id, feedId));
}

/**
 * Serializes feed changes of one user (create, regenerate, revoke, scope): NO KEY UPDATE conflicts
 * with itself but not with the KEY SHARE locks of rows that reference the user.
 */
export async function lockFeedOwner(db: Db, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .for("no key update");
  return row ?? null;
}

/** The active teams of the company, or only those among `teamIds`. */
export async function listTeams(db: Db, companyId: string, onlyIds: string[] | null) {
  const conditions: SQL[] = [eq(teams.companyId, companyId), eq(teams.isArchived, false)];
  if (onlyIds !== null) conditions.push(onlyIds.length ? inArray(teams.id, onlyIds) : sql`false`);
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(...conditions))
    .orderBy(asc(teams.name), asc(teams.id));
}

export async function memberTeamIds(db: Db, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.userId, userId)));
  return rows.map((r) => r.teamId);
}

/** What fetching a feed needs, in one statement: the feed and its user as they are now. */
export async function findFeedForFetch(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      feedId: calendarFeeds.id,
      feedCompanyId: calendarFeeds.companyId,
      scope: calendarFeeds.scope,
      teamId: calendarFeeds.teamId,
      teamName: teams.name,
      contentHash: calendarFeeds.contentHash,
      contentChangedAt: calendarFeeds.contentChangedAt,
      lastFetchedAt: calendarFeeds.lastFetchedAt,
      userId: users.id,
      email: users.email,
      userCompanyId: users.companyId,
      roleId: users.roleId,
      isEmailVerified: users.isEmailVerified,
      language: users.language,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)));
  return row ?? null;
}

export type FeedForFetch = NonNullable<Awaited<ReturnType<typeof findFeedForFetch>>>;

/**
 * Records a fetch: the content fingerprint when it changed (and since when), and the time of the
 * fetch at most once per `staleBefore` window, so polling does not write on every request.
 */
export async function recordFetch(
  db: Db,
  feedId: string,
  values: { contentHash?: string; contentChangedAt?: Date; lastFetchedAt?: Date },
) {
  if (Object.keys(values).length === 0) return;
  await db.update(calendarFeeds).set(values).where(eq(calendarFeeds.id, feedId));
}

export interface FeedShipmentFilter {
  companyId: string;
  userId: string;
  scope: CalendarFeedScope;
  /** The team of a TEAM feed. */
  teamId: string | null;
  /** Null when the reader sees every team of the company; else the teams they see. */
  visibleTeamIds: string[] | null;
  /** Archived shipments stay in the feed until this long after their archiving. */
  archivedSince: Date;
  limit: number;
}

/** The shipments of a feed with the schedule columns the list keeps on each shipment. */
export async function listFeedShipments(db: Db, filter: FeedShipmentFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(shipments.companyId, filter.companyId),
    or(isNull(shipments.archivedAt), gte(shipments.archivedAt, filter.archivedSince)),
  ];
  if (filter.scope === "TEAM") {
    conditions.push(eq(shipments.teamId, filter.teamId ?? sql`null::uuid`));
  } else {
    conditions.push(
      sql`exists (select 1 from ${subscriptions} where ${subscriptions.shipmentId} = ${shipments.id} and ${subscriptions.userId} = ${filter.userId})`,
    );
  }
  if (filter.visibleTeamIds !== null) {
    conditions.push(
      filter.visibleTeamIds.length ? inArray(shipments.teamId, filter.visibleTeamIds) : sql`false`,
    );
  }
  // The schedule is the list's copy on the shipment (kept in step with its latest history by the
  // migration 0006 trigger); the history itself only says when that schedule was written.
  const h = shipmentHistories;
  return db
    .select({
      id: shipments.id,
      title: shipments.title,
      trackingNumber: shipments.trackingNumber,
      trackingType: shipments.trackingType,
      shippingLine: shipments.shippingLine,
      loadingPortLocode: shipments.loadingPortLocode,
      loadingPortName: shipments.loadingPortName,
      dischargingPortLocode: shipments.dischargingPortLocode,
      dischargingPortName: shipments.dischargingPortName,
      placeOfDeliveryLocode: shipments.placeOfDeliveryLocode,
      placeOfDeliveryName: shipments.placeOfDeliveryName,
      departureTime: shipments.departureTime,
      departureTimeStatus: shipments.departureTimeStatus,
      arrivalTime: shipments.arrivalTime,
      arrivalTimeStatus: shipments.arrivalTimeStatus,
      placeOfDeliveryEta: shipments.placeOfDeliveryEta,
      placeOfDeliveryEtaStatus: shipments.placeOfDeliveryEtaStatus,
      vesselVoyage: shipments.vesselVoyage,
      containerNumbers: shipments.containerNumbers,
      createdAt: shipments.createdAt,
      /** When the schedule shown was written. */
      revisedAt: h.createdAt,
    })
    .from(shipments)
    .innerJoin(h, eq(h.id, shipments.latestHistoryId))
    .where(and(...conditions))
    .orderBy(desc(shipments.createdAt), asc(shipments.id))
    .limit(filter.limit);
}

export type FeedShipmentRow = Awaited<ReturnType<typeof listFeedShipments>>[number];
