import { accountRouter } from "../modules/auth/account.router";
import { carriersRouter } from "../modules/carriers/carriers.router";
import { companiesRouter } from "../modules/companies/companies.router";
import { debugRouter } from "../modules/mail/mail.router";
import { teamsRouter } from "../modules/teams/teams.router";
import { router } from "./init";

export const appRouter = router({
  account: accountRouter,
  carriers: carriersRouter,
  companies: companiesRouter,
  debug: debugRouter,
  teams: teamsRouter,
});

export type AppRouter = typeof appRouter;
