import { action, type ProcedureCase } from "./procedures.types";

/** The calendar feed procedures' rules for the authorization matrix (see procedures.ts). */
export const CALENDAR_FEED_PROCEDURES: Record<string, ProcedureCase> = {
  "calendarFeed.status": { rule: action("notifications.configureOwn") },
  "calendarFeed.create": {
    rule: action("notifications.configureOwn"),
    input: () => ({ scope: "SUBSCRIPTIONS" }),
  },
  // The world's people have no feed yet: there is nothing to replace.
  "calendarFeed.regenerate": {
    rule: action("notifications.configureOwn"),
    domainRefusal: "CALENDAR_FEED_NONE",
  },
  // A whole team's feed is for the roles that oversee teams; the world's people have no feed yet.
  "calendarFeed.updateScope": {
    rule: action("calendarFeed.team"),
    input: (w) => ({ scope: "TEAM", teamId: w.teams.A.id }),
    domainRefusal: "CALENDAR_FEED_NONE",
  },
  "calendarFeed.revoke": { rule: action("notifications.configureOwn") },
};
