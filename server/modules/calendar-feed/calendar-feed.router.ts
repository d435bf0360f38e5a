import { CalendarFeedScopeInput } from "../../../shared/schemas/calendar-feed";
import { router, serviceProcedure } from "../../trpc/init";
import {
  createCalendarFeed,
  getCalendarFeedStatus,
  regenerateCalendarFeed,
  revokeCalendarFeed,
  updateCalendarFeedScope,
} from "./calendar-feed.service";

/** The calendar subscription section of Notification Settings. */
export const calendarFeedRouter = router({
  status: serviceProcedure.query(({ ctx }) => getCalendarFeedStatus(ctx.service)),
  /** Creates the address (replacing any); the answer holds it, once. */
  create: serviceProcedure
    .input(CalendarFeedScopeInput)
    .mutation(({ ctx, input }) => createCalendarFeed(ctx.service, input, { appUrl: ctx.config.APP_URL })),
  regenerate: serviceProcedure.mutation(({ ctx }) =>
    regenerateCalendarFeed(ctx.service, { appUrl: ctx.config.APP_URL }),
  ),
  updateScope: serviceProcedure
    .input(CalendarFeedScopeInput)
    .mutation(({ ctx, input }) => updateCalendarFeedScope(ctx.service, input)),
  revoke: serviceProcedure.mutation(({ ctx }) => revokeCalendarFeed(ctx.service)),
});
