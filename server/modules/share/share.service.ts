import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { companies, type Shipment, shipments, teams } from "../../db/schema";
import { historiesByIds } from "../shipments/histories.output";
import { guestFullTextSql } from "../shipments/list/search.sql";
import { authorizeGuest, guestTeam } from "./guest-access";
import { countGuestSearch, countMiss, refuseWhileLimited } from "./share.limits";
import {
  type GuestShipmentList,
  type SharedShipment,
  type SharedShipmentViewer,
  toGuestShipmentItem,
  toSharedShipment,
} from "./share.output";

// The public share page (anyone holding the link) and the guest home (guests of a team).

/** How many rows the guest home shows at once; a search narrows the rest down. */
export const GUEST_LIST_LIMIT = 500;

type Shared = Shipment & { shareToken: string };
const listed = alias(shipments, "s");
const hasToken = (s: Shipment): s is Shared => s.shareToken !== null;

function viewerOf(ctx: ServiceContext, isConnectEnabled: boolean): SharedShipmentViewer {
  const actor = ctx.actor;
  const signedIn = actor.kind === "user" && actor.emailVerified && actor.mfaSatisfied;
  return {
    signedIn,
    email: signedIn ? actor.email : null,
    canUpload: signedIn && isConnectEnabled,
  };
}

/**
 * The shipment behind a share link, for anyone (spec 02 §2). An unknown or revoked token is "not
 * found", and each miss counts against the caller's address (share.limits).
 */
export async function getSharedShipment(
  ctx: ServiceContext,
  input: { shareToken: string },
  client: { ip: string },
): Promise<SharedShipment> {
  // "guest.viewSharedShipment" is open to anyone: the token is the permission.
  await refuseWhileLimited(ctx, client.ip);
  const [row] = await ctx.db
    .select({
      shipment: shipments,
      isConnectEnabled: companies.isConnectEnabled,
      enableRequestedEtd: teams.enableRequestedEtd,
      enableRequestedEta: teams.enableRequestedEta,
      enableInitialEtd: teams.enableInitialEtd,
      enableInitialEta: teams.enableInitialEta,
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.companyId))
    .innerJoin(teams, and(eq(teams.id, shipments.teamId), eq(teams.companyId, shipments.companyId)))
    .where(and(isNotNull(shipments.shareToken), eq(shipments.shareToken, input.shareToken)));
  if (!row || !hasToken(row.shipment)) {
    await countMiss(ctx, client.ip);
    throw new AppError("SHIPMENT_NOT_FOUND");
  }
  const { shipment } = row;
  const histories = await historiesByIds(ctx.db, shipment.latestHistoryId ? [shipment.latestHistoryId] : []);
  const latest = shipment.latestHistoryId ? (histories.get(shipment.latestHistoryId) ?? null) : null;
  return toSharedShipment(shipment, row, latest, row.isConnectEnabled, viewerOf(ctx, row.isConnectEnabled));
}

/**
 * The guest home (spec 01 §2, spec 02 §2): the shared shipments of a team the caller is a guest of,
 * searched like the console's list. Shipments whose link was revoked are not shared, so not listed.
 */
export async function listGuestShipments(
  ctx: ServiceContext,
  input: { teamId: string; fullTextQuery?: string | undefined },
  client: { ip: string },
): Promise<GuestShipmentList> {
  const actor = authorizeGuest(ctx, "guest.listSharedShipments");
  const team = await guestTeam(ctx, actor, input.teamId);
  const search = guestFullTextSql(input.fullTextQuery);
  if (search.length > 0) await countGuestSearch(ctx, actor.userId, client.ip);
  // The list's search speaks of the alias `s` (shipments/list/search.sql). A guest's search matches
  // only what the share page shows, never the remark or custom fields search_text also holds.
  const where = and(
    eq(listed.companyId, team.companyId),
    eq(listed.teamId, team.teamId),
    isNotNull(listed.shareToken),
    ...search,
  );
  const [rows, counted] = await Promise.all([
    ctx.db
      .select()
      .from(listed)
      .where(where)
      .orderBy(asc(listed.isArchived), sql`${listed.arrivalTime} asc nulls last`, asc(listed.id))
      .limit(GUEST_LIST_LIMIT),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(listed).where(where),
  ]);
  return { items: rows.filter(hasToken).map(toGuestShipmentItem), total: counted[0]?.n ?? rows.length };
}
