import { Redirect, Route, Switch } from "wouter";
import { ShipmentsPage } from "../features/shipments/pages/shipments-page";
import { NotFoundContent, NotFoundPage } from "./not-found";
import { paths } from "./paths";
import { ConsoleShell } from "./shell/console-shell";

/** Pages inside the console shell (spec 01 §2, console routes). */
function ConsoleRoutes() {
  return (
    <Switch>
      <Route path={paths.console} component={ShipmentsPage} />
      <Route path={paths.shipments}>
        <Redirect to={paths.console} replace />
      </Route>
      <Route component={NotFoundContent} />
    </Switch>
  );
}

/** Pages under /app without the shell (sign-in and friends arrive with the auth feature). */
function OutsideShellRoutes() {
  return (
    <Switch>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={paths.console} replace />
      </Route>
      <Route path="/app">
        <Redirect to={paths.console} replace />
      </Route>
      <Route path={`${paths.console}/*?`}>
        <ConsoleShell>
          <ConsoleRoutes />
        </ConsoleShell>
      </Route>
      <Route path="/app/*" component={OutsideShellRoutes} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
