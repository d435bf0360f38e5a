// The calendar feed (iCalendar subscription) a person sets up on Notification Settings.

import { z } from "zod";
import { idField } from "./common";

/**
 * What a feed holds: the shipments the person subscribes to (the e-mail subscriptions), or every
 * shipment of one team (Admins and Managers).
 */
export const CALENDAR_FEED_SCOPES = ["SUBSCRIPTIONS", "TEAM"] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

export const CalendarFeedScopeInput = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("SUBSCRIPTIONS") }),
  z.object({ scope: z.literal("TEAM"), teamId: idField() }),
]);
export type CalendarFeedScopeInput = z.output<typeof CalendarFeedScopeInput>;
