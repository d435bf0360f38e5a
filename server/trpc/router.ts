import { accountRouter } from "../modules/auth/account.router";
import { carriersRouter } from "../modules/carriers/carriers.router";
import { companiesRouter } from "../modules/companies/companies.router";
import { invitationsRouter } from "../modules/invitations/invitations.router";
import { debugRouter } from "../modules/mail/mail.router";
import { membersRouter } from "../modules/members/members.router";
import { notificationsRouter } from "../modules/notifications/notifications.router";
import { plansRouter } from "../modules/plans/plans.router";
import { shipmentsRouter } from "../modules/shipments/shipments.router";
import { teamsRouter } from "../modules/teams/teams.router";
import { trackingRouter } from "../modules/tracking/tracking.router";
import { router } from "./init";

export const appRouter = router({
  account: accountRouter,
  carriers: carriersRouter,
  companies: companiesRouter,
  debug: debugRouter,
  invitations: invitationsRouter,
  members: membersRouter,
  notifications: notificationsRouter,
  plans: plansRouter,
  shipments: shipmentsRouter,
  teams: teamsRouter,
  tracking: trackingRouter,
});

export type AppRouter = typeof appRouter;
