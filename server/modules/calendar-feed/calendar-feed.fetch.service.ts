import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { roleFromId } from "../../../shared/enums";
import { translate } from "../../../shared/i18n";
import { AppError } from "../../core/app-error";
import { authorize, type MemberActor } from "../../core/authz";
import { DAY_MS } from "../../core/clock";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit } from "../../core/rate-limit";
import { rateLimitBuckets } from "../../db/schema";
import { seesHeadquarters, seesTeam } from "../shipments/shipments.access";
import { renderCalendar } from "./calendar-feed.ics";
import {
  type FeedForFetch,
  findFeedForFetch,
  listFeedShipments,
  memberTeamIds,
  recordFetch,
} from "./calendar-feed.queries";
import { calendarTokenHash } from "./calendar-feed.token";

// GET /calendar/{token}.ics: a calendar client polling a person's feed, without a session. The
// token stands for its owner as the member they are now: their company's standing, their role and
// their teams are read again on every fetch, so a removed member's feed stops at once and a feed
// never shows a shipment the console would not. Answers carry an ETag (the body's SHA-256) and a
// Last-Modified (when that hash last changed), and a poll that already has them gets 304.

/** Requests a feed may take per window: calendar clients poll every few minutes to hours. */
export const CALENDAR_FEED_RATE = { limit: 60, windowMs: 60 * 60_000 } as const;

/** Unknown tokens an address may present per window before it is refused outright. */
export const CALENDAR_FEED_MISSES = { limit: 20, windowMs: 10 * 60_000 } as const;

/** An archived shipment stays in the feed this long after its archiving, so recent arrivals remain. */
export const ARCHIVED_KEPT_MS = 30 * DAY_MS;

/** The newest shipments a feed holds at most, so one answer stays small. */
export const FEED_MAX_SHIPMENTS = 1000;

/** lastFetchedAt is written at most this often per feed, never once per poll. */
const LAST_FETCHED_PRECISION_MS = 60_000;

export interface CalendarFeedRequest {
  /** The last path segment without `.ics`. */
  token: string;
  ip: string;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

export type CalendarFeedAnswer =
  | { status: 200; body: string; etag: string; lastModified: Date }
  | { status: 304; etag: string; lastModified: Date };

const missKey = (ip: string) => `calendar:miss:ip:${ip}`;

async function refuseWhileMissing(ctx: ServiceContext, ip: string): Promise<void> {
  const [bucket] = await ctx.db
    .select({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, missKey(ip)));
  const now = ctx.clock.now().getTime();
  if (bucket && bucket.resetAt.getTime() > now && bucket.count >= CALENDAR_FEED_MISSES.limit) {
    const seconds = Math.max(1, Math.ceil((bucket.resetAt.getTime() - now) / 1000));
    throw new AppError("CALENDAR_FEED_RATE_LIMITED", { seconds });
  }
}

async function notFound(ctx: ServiceContext, ip: string): Promise<never> {
  await consumeRateLimit(ctx, {
    key: missKey(ip),
    ...CALENDAR_FEED_MISSES,
    refusal: (seconds) => new AppError("CALENDAR_FEED_RATE_LIMITED", { seconds }),
  });
  throw new AppError("CALENDAR_FEED_NOT_FOUND");
}

/**
 * The token's owner as a member of the feed's company, or null when they no longer are one (removed,
 * moved to another company, role taken away). The address is the credential, as an API key is; the
 * second factor guarded the session that issued it.
 */
function memberOf(found: FeedForFetch): MemberActor | null {
  const role = found.roleId ? roleFromId(found.roleId) : undefined;
  if (!role || found.userCompanyId !== found.feedCompanyId) return null;
  return {
    kind: "user",
    userId: found.userId,
    sessionId: `calendarFeed:${found.feedId}`,
    email: found.email,
    companyId: found.feedCompanyId,
    role,
    emailVerified: found.isEmailVerified,
    mfaSatisfied: true,
  };
}

/** Resolves the token to its feed and owner: unknown, revoked and orphaned addresses are all "not found". */
async function authenticateFeedToken(ctx: ServiceContext, request: CalendarFeedRequest) {
  await refuseWhileMissing(ctx, request.ip);
  const hash = calendarTokenHash(request.token);
  const found = hash ? await findFeedForFetch(ctx.db, hash) : null;
  if (!found) return notFound(ctx, request.ip);
  await consumeRateLimit(ctx, {
    key: `calendar:feed:${found.feedId}`,
    ...CALENDAR_FEED_RATE,
    refusal: (seconds) => new AppError("CALENDAR_FEED_RATE_LIMITED", { seconds }),
  });
  const actor = memberOf(found);
  if (!actor) throw new AppError("CALENDAR_FEED_NOT_FOUND");
  return { found, actor };
}

/** The teams whose shipments the member sees: null for every team of the company. */
async function visibleTeams(ctx: ServiceContext, actor: MemberActor): Promise<string[] | null> {
  if (actor.role === "ADMIN" || (await seesHeadquarters(ctx, actor))) return null;
  return memberTeamIds(ctx.db, actor.companyId, actor.userId);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** If-None-Match: a list of entity tags, or `*`, compared weakly (RFC 9110 §13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  return header.split(",").some((tag) => opaque(tag) === "*" || opaque(tag) === opaque(etag));
}

function notModifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header);
  if (Number.isNaN(since)) return false;
  return Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export async function readCalendarFeed(
  ctx: ServiceContext,
  request: CalendarFeedRequest,
  settings: { appUrl: string },
): Promise<CalendarFeedAnswer> {
  const { found, actor } = await authenticateFeedToken(ctx, request);
  const member = ctx.as(actor);
  // The console's own rule for reading shipments, the company's approval and contract included: a
  // churned company still reads them, one whose trial ended does not.
  await authorize(member, "shipment.view");
  if (found.scope === "TEAM") {
    await authorize(member, "calendarFeed.team");
    if (!found.teamId || !(await seesTeam(member, actor, found.teamId)))
      throw new AppError("PERMISSION_DENIED");
  }
  const now = ctx.clock.now();
  const rows = await listFeedShipments(ctx.db, {
    companyId: actor.companyId,
    userId: actor.userId,
    scope: found.scope,
    teamId: found.teamId,
    visibleTeamIds: await visibleTeams(member, actor),
    archivedSince: new Date(now.getTime() - ARCHIVED_KEPT_MS),
    limit: FEED_MAX_SHIPMENTS,
  });
  const lang = found.language;
  const appName = translate(lang, "common.appName");
  const name =
    found.scope === "TEAM"
      ? translate(lang, "calendarFeed.feed.nameTeam", { appName, team: found.teamName ?? "" })
      : translate(lang, "calendarFeed.feed.nameSubscriptions", { appName });
  const body = renderCalendar({ lang, appUrl: settings.appUrl, name, rows });
  const hash = sha256(body);
  const changed = hash !== found.contentHash || found.contentChangedAt === null;
  const lastModified = changed ? now : (found.contentChangedAt ?? now);
  const stale =
    found.lastFetchedAt === null ||
    now.getTime() - found.lastFetchedAt.getTime() >= LAST_FETCHED_PRECISION_MS;
  await recordFetch(ctx.db, found.feedId, {
    ...(changed ? { contentHash: hash, contentChangedAt: now } : {}),
    ...(stale ? { lastFetchedAt: now } : {}),
  });
  // Weak: the same feed is sent gzipped or not (the compression plugin), byte-different but equal.
  const etag = `W/"${hash}"`;
  const notModified =
    request.ifNoneMatch !== undefined
      ? matchesEtag(request.ifNoneMatch, etag)
      : request.ifModifiedSince !== undefined &&
        !changed &&
        notModifiedSince(request.ifModifiedSince, lastModified);
  return notModified ? { status: 304, etag, lastModified } : { status: 200, body, etag, lastModified };
}
