import { Redirect, Route, Switch } from "wouter";
import { ConsoleGate } from "./gates/console-gate";
import { SignedInConsole } from "./gates/signed-in-console";
import { lazyPage, PageSuspense } from "./lazy-page";
import { NotFoundContent } from "./not-found";
import { paths } from "./paths";

const ConsoleHome = lazyPage(() => import("./console-home"), "ConsoleHome");
const NewShipmentPage = lazyPage(
  () => import("../features/shipments/new/new-shipment-page"),
  "NewShipmentPage",
);
const ShipmentDetailPage = lazyPage(
  () => import("../features/shipments/detail/shipment-detail-page"),
  "ShipmentDetailPage",
);
const AccountSettingsPage = lazyPage(
  () => import("../features/account/account-settings-page"),
  "AccountSettingsPage",
);
const NotificationSettingsPage = lazyPage(
  () => import("../features/notifications/notification-settings-page"),
  "NotificationSettingsPage",
);
const CompanyPage = lazyPage(() => import("../features/company/company-page"), "CompanyPage");
const RolesPage = lazyPage(() => import("../features/roles/roles-page"), "RolesPage");
const TeamPage = lazyPage(() => import("../features/teams/team-page"), "TeamPage");
const TeamsSwitchPage = lazyPage(() => import("../features/teams/teams-switch-page"), "TeamsSwitchPage");
const NewTeamPage = lazyPage(() => import("../features/teams/new-team-page"), "NewTeamPage");
const OnboardingPage = lazyPage(() => import("../features/teams/onboarding-page"), "OnboardingPage");
const PlansPage = lazyPage(() => import("../features/plans/plans-page"), "PlansPage");
const UpgradePage = lazyPage(() => import("../features/plans/upgrade-page"), "UpgradePage");
const RedirectToUpgradePage = lazyPage(
  () => import("../features/plans/redirect-to-upgrade-page"),
  "RedirectToUpgradePage",
);
const ApiSettingsPage = lazyPage(() => import("../features/plans/api-page"), "ApiSettingsPage");

/** Pages inside the console shell (spec 01 §2, console routes). */
function ConsoleRoutes() {
  return (
    <PageSuspense>
      <Switch>
        <Route path={paths.console} component={ConsoleHome} />
        <Route path={paths.shipments}>
          <Redirect to={paths.console} replace />
        </Route>
        <Route path={paths.newShipment} component={NewShipmentPage} />
        <Route path={`${paths.shipments}/:shipmentId`}>
          {(params) => <ShipmentDetailPage shipmentId={params.shipmentId} />}
        </Route>
        <Route path={paths.accountSettings} component={AccountSettingsPage} />
        <Route path={paths.notificationSettings} component={NotificationSettingsPage} />
        <Route path={paths.companySettings} component={CompanyPage} />
        <Route path={paths.roles} component={RolesPage} />
        <Route path={paths.team} component={TeamPage} />
        <Route path={paths.teamsSwitch} component={TeamsSwitchPage} />
        <Route path={paths.newTeam} component={NewTeamPage} />
        <Route path={paths.plans} component={PlansPage} />
        <Route path={paths.upgrade} component={UpgradePage} />
        <Route path={`${paths.plans}/redirect-to-upgrade`} component={RedirectToUpgradePage} />
        <Route path={paths.api} component={ApiSettingsPage} />
        <Route component={NotFoundContent} />
      </Switch>
    </PageSuspense>
  );
}

/**
 * Everything under /app/console, behind the gates of spec 01 §4. Its own chunk: the sign-in and
 * share pages never download the shell and the gates.
 */
export function GatedConsole() {
  return (
    <ConsoleGate>
      {(viewer) => (
        <Switch>
          <Route path={paths.onboarding}>
            <PageSuspense fullPage>
              <OnboardingPage />
            </PageSuspense>
          </Route>
          <Route>
            <SignedInConsole viewer={viewer}>
              <ConsoleRoutes />
            </SignedInConsole>
          </Route>
        </Switch>
      )}
    </ConsoleGate>
  );
}
