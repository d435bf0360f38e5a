import type { CalendarFeedScopeInput } from "../../../shared/schemas/calendar-feed";
import { AppError } from "../../core/app-error";
import { authorize, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { auditLogs } from "../../db/schema";
import { seesHeadquarters, seesTeam } from "../shipments/shipments.access";
import { findTeam } from "../teams/teams.queries";
import {
  type CalendarFeedStatus,
  type CalendarFeedTeamOption,
  feedView,
  type IssuedCalendarFeed,
} from "./calendar-feed.output";
import {
  findActiveFeed,
  insertFeed,
  listTeams,
  lockFeedOwner,
  memberTeamIds,
  revokeActiveFeeds,
  setFeedScope,
} from "./calendar-feed.queries";
import { calendarFeedUrls, issueCalendarToken } from "./calendar-feed.token";

// The calendar feed section of Notification Settings: every member sets up a secret address for
// their own calendar (their subscriptions); Admins and Managers may instead give it a whole team
// they see. The address is answered once, when issued; afterwards only its hint and dates.

export interface CalendarFeedSettings {
  /** APP_URL: the feed address is built on it. */
  appUrl: string;
}

/** Whether the actor may choose a whole team, without refusing the call when not. */
async function mayChooseTeam(ctx: ServiceContext): Promise<boolean> {
  try {
    await authorize(ctx, "calendarFeed.team");
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The teams a TEAM feed may name: every team for Admins and headquarters viewers, else their own. */
async function teamOptions(ctx: ServiceContext, actor: MemberActor): Promise<CalendarFeedTeamOption[]> {
  if (!(await mayChooseTeam(ctx))) return [];
  const everyTeam = actor.role === "ADMIN" || (await seesHeadquarters(ctx, actor));
  const onlyIds = everyTeam ? null : await memberTeamIds(ctx.db, actor.companyId, actor.userId);
  return listTeams(ctx.db, actor.companyId, onlyIds);
}

/** The section's state: the active address (never the address itself) and the team choices. */
export async function getCalendarFeedStatus(ctx: ServiceContext): Promise<CalendarFeedStatus> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  const [row, teams] = await Promise.all([
    findActiveFeed(ctx.db, { userId: actor.userId, companyId: actor.companyId }),
    teamOptions(ctx, actor),
  ]);
  return { feed: row ? feedView(row) : null, teamOptions: teams };
}

/** A TEAM scope names an active team of the company that the actor sees; anything else is "not found". */
async function checkedScope(
  ctx: ServiceContext,
  actor: MemberActor,
  input: CalendarFeedScopeInput,
): Promise<{ scope: CalendarFeedScopeInput["scope"]; teamId: string | null }> {
  if (input.scope === "SUBSCRIPTIONS") return { scope: "SUBSCRIPTIONS", teamId: null };
  await authorize(ctx, "calendarFeed.team");
  const team = await findTeam(ctx.db, actor.companyId, input.teamId);
  if (!team || team.isArchived || !(await seesTeam(ctx, actor, team.id)))
    throw new AppError("TEAM_NOT_FOUND");
  return { scope: "TEAM", teamId: team.id };
}

async function issue(
  ctx: ServiceContext,
  actor: MemberActor,
  scope: { scope: CalendarFeedScopeInput["scope"]; teamId: string | null },
  settings: CalendarFeedSettings,
  auditAction: (replaced: boolean) => string,
): Promise<IssuedCalendarFeed> {
  const now = ctx.clock.now();
  const replaced = await revokeActiveFeeds(ctx.db, actor, now);
  const issued = issueCalendarToken();
  const inserted = await insertFeed(ctx.db, {
    companyId: actor.companyId,
    userId: actor.userId,
    tokenHash: issued.tokenHash,
    hint: issued.hint,
    scope: scope.scope,
    teamId: scope.teamId,
    createdAt: now,
  });
  await ctx.db.insert(auditLogs).values({
    actor: `user:${actor.userId}`,
    action: auditAction(replaced > 0),
    target: `company:${actor.companyId}`,
    details: { feedId: inserted.id, hint: issued.hint, scope: scope.scope, teamId: scope.teamId },
  });
  const row = await findActiveFeed(ctx.db, { userId: actor.userId, companyId: actor.companyId });
  if (!row) throw new Error("calendar feed not found after insert");
  return { ...calendarFeedUrls(settings.appUrl, issued.token), feed: feedView(row) };
}

/**
 * Creates the viewer's address for the given contents; an existing address stops working in the
 * same transaction, under a lock on the owner, so parallel calls leave exactly one.
 */
export async function createCalendarFeed(
  ctx: ServiceContext,
  input: CalendarFeedScopeInput,
  settings: CalendarFeedSettings,
): Promise<IssuedCalendarFeed> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  return ctx.tx(async (tx) => {
    if (!(await lockFeedOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    const scope = await checkedScope(tx, actor, input);
    return issue(tx, actor, scope, settings, (replaced) =>
      replaced ? "calendarFeed.regenerated" : "calendarFeed.created",
    );
  });
}

/** A new address with the same contents; the old one stops working at once. */
export async function regenerateCalendarFeed(
  ctx: ServiceContext,
  settings: CalendarFeedSettings,
): Promise<IssuedCalendarFeed> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  return ctx.tx(async (tx) => {
    if (!(await lockFeedOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    const current = await findActiveFeed(tx.db, { userId: actor.userId, companyId: actor.companyId });
    if (!current) throw new AppError("CALENDAR_FEED_NONE");
    // The team is checked again: the viewer's role or teams may have changed since.
    const scope = await checkedScope(
      tx,
      actor,
      current.scope === "TEAM" && current.teamId
        ? { scope: "TEAM", teamId: current.teamId }
        : { scope: "SUBSCRIPTIONS" },
    );
    return issue(tx, actor, scope, settings, () => "calendarFeed.regenerated");
  });
}

/** Changes what the current address holds; the address itself stays the same. */
export async function updateCalendarFeedScope(
  ctx: ServiceContext,
  input: CalendarFeedScopeInput,
): Promise<CalendarFeedStatus> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  await ctx.tx(async (tx) => {
    if (!(await lockFeedOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    const scope = await checkedScope(tx, actor, input);
    const current = await findActiveFeed(tx.db, { userId: actor.userId, companyId: actor.companyId });
    if (!current) throw new AppError("CALENDAR_FEED_NONE");
    await setFeedScope(tx.db, current.id, scope);
  });
  return getCalendarFeedStatus(ctx);
}

/**
 * Turns the viewer's address off, a churned company's included. Where the settings are closed
 * (trial ended, not approved) the feed itself answers nothing, so nothing leaks meanwhile.
 */
export async function revokeCalendarFeed(ctx: ServiceContext): Promise<{ revoked: boolean }> {
  const actor = await authorize(ctx, "notifications.configureOwn");
  const revoked = await ctx.tx(async (tx) => {
    if (!(await lockFeedOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    const count = await revokeActiveFeeds(tx.db, actor, tx.clock.now());
    if (count > 0) {
      await tx.db.insert(auditLogs).values({
        actor: `user:${actor.userId}`,
        action: "calendarFeed.revoked",
        target: `company:${actor.companyId}`,
        details: {},
      });
    }
    return count > 0;
  });
  return { revoked };
}
