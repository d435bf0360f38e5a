import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CALENDAR_FEED_SCOPES } from "../../../shared/schemas/calendar-feed";
import { companyId, createdAt, id, timestamptz } from "./columns";
import { teams } from "./teams";
import { users } from "./users";

export const calendarFeedScopeEnum = pgEnum("calendar_feed_scope", CALENDAR_FEED_SCOPES);

/**
 * A person's secret iCalendar feed address (GET /calendar/{token}.ics). Like an API key, only the
 * token's SHA-256 is kept, so the table cannot be replayed; the hint tells which address is in use.
 * The content fingerprint lets calendar clients' polls be answered 304 without sending the feed.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** The token's last characters. */
    hint: text().notNull(),
    scope: calendarFeedScopeEnum().notNull().default("SUBSCRIPTIONS"),
    /** The team of a TEAM feed; a deleted team takes its feeds with it. */
    teamId: uuid().references(() => teams.id, { onDelete: "cascade" }),
    /** SHA-256 of the last feed body served (the ETag) and when it last differed (Last-Modified). */
    contentHash: text(),
    contentChangedAt: timestamptz(),
    lastFetchedAt: timestamptz(),
    createdAt: createdAt(),
    revokedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash),
    // One address per person: issuing another revokes the current one.
    uniqueIndex("calendar_feeds_one_active_per_user").on(t.userId).where(sql`${t.revokedAt} is null`),
    index().on(t.companyId),
    index().on(t.teamId),
    check("calendar_feeds_team_scope", sql`(${t.scope} = 'TEAM') = (${t.teamId} is not null)`),
  ],
);

export type CalendarFeed = typeof calendarFeeds.$inferSelect;
