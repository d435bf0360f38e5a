import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { guestCan } from "../../../shared/permissions";
import { isAppError } from "../../core/app-error";
import { authorize, requireSession, requireSystem, requireVerifiedUser } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { liveEvents, shipments, teamGuestUsers, teamMembers, teams } from "../../db/schema";
import { seesHeadquarters } from "../shipments/shipments.access";
import { LIVE_CHANNEL, LIVE_REPLAY_WINDOW_MS } from "./live.constants";
import { encodeLiveEvent, type LiveEventIds, type LiveScope } from "./live.scope";

/**
 * The scope of the console session acting in `ctx`. Console sessions only (not API tokens); a
 * member whose company may not read shipments (unapproved, churned beyond reading) hears nothing of
 * it, and a guest hears only the shared shipments of the teams the guest pages list.
 */
export async function resolveLiveScope(ctx: ServiceContext): Promise<LiveScope> {
  requireSession(ctx);
  const actor = requireVerifiedUser(ctx);
  let companyId: string | null = null;
  let allTeams = false;
  let teamIds = new Set<string>();
  if (actor.companyId && actor.role) {
    try {
      const member = await authorize(ctx, "shipment.view");
      companyId = member.companyId;
      allTeams = member.role === "ADMIN" || (await seesHeadquarters(ctx, member));
      if (!allTeams) {
        const rows = await ctx.db
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(and(eq(teamMembers.userId, member.userId), eq(teamMembers.companyId, member.companyId)));
        teamIds = new Set(rows.map((r) => r.teamId));
      }
    } catch (err) {
      // A company whose standing allows no reading: the member part of the scope stays empty.
      if (!isAppError(err)) throw err;
    }
  }
  let guestTeamIds = new Set<string>();
  if (guestCan("guest.listSharedShipments")) {
    const rows = await ctx.db
      .select({ teamId: teamGuestUsers.teamId })
      .from(teamGuestUsers)
      .innerJoin(
        teams,
        and(eq(teams.id, teamGuestUsers.teamId), eq(teams.companyId, teamGuestUsers.companyId)),
      )
      .where(
        and(
          or(
            eq(teamGuestUsers.userId, actor.userId),
            eq(sql`lower(${teamGuestUsers.email})`, actor.email.toLowerCase()),
          ),
          eq(teams.isArchived, false),
          actor.companyId ? ne(teamGuestUsers.companyId, actor.companyId) : undefined,
        ),
      );
    guestTeamIds = new Set(rows.map((r) => r.teamId));
  }
  return { userId: actor.userId, sessionId: actor.sessionId, companyId, allTeams, teamIds, guestTeamIds };
}

/**
 * Publishes one shipment's change to every web process: a numbered row (for replay) and a NOTIFY,
 * both delivered only when this transaction commits. Publishing is serialized by a transaction
 * lock, so ids commit in order and "everything after id N" is exact for a reconnecting browser.
 * Rows older than the replay window go in the same transaction. Idempotent enough: a second run
 * after a crash publishes the change again, which a browser absorbs as one more refetch.
 */
export async function publishShipmentChange(
  ctx: ServiceContext,
  input: { shipmentId: string },
): Promise<LiveEventIds | null> {
  requireSystem(ctx);
  return ctx.tx(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${LIVE_CHANNEL}))`);
    const [shipment] = await tx.db
      .select({ companyId: shipments.companyId, teamId: shipments.teamId, shareToken: shipments.shareToken })
      .from(shipments)
      .where(eq(shipments.id, input.shipmentId));
    // Deleted since the refresh: nobody can see it any more.
    if (!shipment) return null;
    const [row] = await tx.db
      .insert(liveEvents)
      .values({
        shipmentId: input.shipmentId,
        companyId: shipment.companyId,
        teamId: shipment.teamId,
        isShared: shipment.shareToken !== null,
      })
      .returning();
    if (!row) throw new Error("live event not inserted");
    const event: LiveEventIds = {
      id: row.id,
      shipmentId: row.shipmentId,
      companyId: row.companyId,
      teamId: row.teamId,
      isShared: row.isShared,
    };
    await tx.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encodeLiveEvent(event)})`);
    // The database's clock, as for created_at: the window is measured where the rows are written.
    await tx.db
      .delete(liveEvents)
      .where(lt(liveEvents.createdAt, sql`now() - make_interval(secs => ${LIVE_REPLAY_WINDOW_MS / 1000})`));
    return event;
  });
}
