import { accountRouter } from "../modules/account/account.router";
import { apiSettingsRouter } from "../modules/api/api.router";
import { attachmentsRouter } from "../modules/attachments/attachments.router";
import { calendarFeedRouter } from "../modules/calendar-feed/calendar-feed.router";
import { carriersRouter } from "../modules/carriers/carriers.router";
import { companiesRouter } from "../modules/companies/companies.router";
import { cyberportRouter } from "../modules/cyberport/cyberport.router";
import { invitationsRouter } from "../modules/invitations/invitations.router";
import { debugRouter } from "../modules/mail/mail.router";
import { membersRouter } from "../modules/members/members.router";
import { notificationsRouter } from "../modules/notifications/notifications.router";
import { plansRouter } from "../modules/plans/plans.router";
import { shareRouter } from "../modules/share/share.router";
import { shipmentsRouter } from "../modules/shipments/shipments.router";
import { trackingRouter } from "../modules/shipments/tracking-requests.router";
import { teamsRouter } from "../modules/teams/teams.router";
import { webhooksRouter } from "../modules/webhooks/webhooks.router";
import { router } from "./init";

export const appRouter = router({
  account: accountRouter,
  apiSettings: apiSettingsRouter,
  attachments: attachmentsRouter,
  calendarFeed: calendarFeedRouter,
  carriers: carriersRouter,
  companies: companiesRouter,
  cyberport: cyberportRouter,
  debug: debugRouter,
  invitations: invitationsRouter,
  members: membersRouter,
  notifications: notificationsRouter,
  plans: plansRouter,
  share: shareRouter,
  shipments: shipmentsRouter,
  teams: teamsRouter,
  tracking: trackingRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
