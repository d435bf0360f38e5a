import type { CalendarFeedScope } from "../../../shared/schemas/calendar-feed";
import type { ActiveFeedRow } from "./calendar-feed.queries";

// What the settings section is answered: never the token or its hash, only the hint and dates.

export interface CalendarFeedView {
  scope: CalendarFeedScope;
  teamId: string | null;
  teamName: string | null;
  /** The address's last 4 characters. */
  hint: string;
  createdAt: string;
  lastFetchedAt: string | null;
}

export interface CalendarFeedTeamOption {
  id: string;
  name: string;
}

export interface CalendarFeedStatus {
  feed: CalendarFeedView | null;
  /** The teams a whole-team feed may name; empty when the viewer may not choose one. */
  teamOptions: CalendarFeedTeamOption[];
}

export interface IssuedCalendarFeed {
  /** The whole address: answered by this call only, never stored or shown again. */
  url: string;
  /** The same address as webcal://, which opens the calendar app. */
  webcalUrl: string;
  feed: CalendarFeedView;
}

export function feedView(row: ActiveFeedRow): CalendarFeedView {
  return {
    scope: row.scope,
    teamId: row.teamId,
    teamName: row.teamName,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
  };
}
