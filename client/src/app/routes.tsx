import { Redirect, Route, Switch } from "wouter";
import { AccountSettingsPage } from "../features/account/account-settings-page";
import { CreateCompanyPage } from "../features/auth/create-company-page";
import { EmailVerificationPage } from "../features/auth/email-verification-page";
import { InvitedSignUpPage } from "../features/auth/invited-signup-page";
import { MultiFactorPage } from "../features/auth/mfa-page";
import { PasswordResetPage, SubmitNewPasswordPage } from "../features/auth/password-reset-page";
import { SignInPage } from "../features/auth/signin-page";
import { SignUpPage } from "../features/auth/signup-page";
import { TryEmailVerificationPage } from "../features/auth/try-email-verification-page";
import { CompanyPage } from "../features/company/company-page";
import { DebugInfoPage } from "../features/debug/debug-page";
import { NotificationSettingsPage } from "../features/notifications/notification-settings-page";
import { UnsubscribePage } from "../features/notifications/unsubscribe-page";
import { ApiSettingsPage } from "../features/plans/api-page";
import { PlansPage } from "../features/plans/plans-page";
import { RedirectToUpgradePage } from "../features/plans/redirect-to-upgrade-page";
import { UpgradePage } from "../features/plans/upgrade-page";
import { RolesPage } from "../features/roles/roles-page";
import { SharePage } from "../features/share/share-page";
import { ShipmentDetailPage } from "../features/shipments/detail/shipment-detail-page";
import { NewShipmentPage } from "../features/shipments/new/new-shipment-page";
import { NewTeamPage } from "../features/teams/new-team-page";
import { OnboardingPage } from "../features/teams/onboarding-page";
import { TeamPage } from "../features/teams/team-page";
import { TeamsSwitchPage } from "../features/teams/teams-switch-page";
import { ConsoleHome } from "./console-home";
import { ConsoleGate } from "./gates/console-gate";
import { SignedInConsole } from "./gates/signed-in-console";
import { NotFoundContent, NotFoundPage } from "./not-found";
import { paths } from "./paths";

/** Pages inside the console shell (spec 01 §2, console routes). */
function ConsoleRoutes() {
  return (
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
  );
}

/** Everything under /app/console, behind the gates of spec 01 §4. */
function GatedConsole() {
  return (
    <ConsoleGate>
      {(viewer) => (
        <Switch>
          <Route path={paths.onboarding} component={OnboardingPage} />
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

/** The sign-in screens of spec 01 §2 and the other pages under /app without the shell. */
function OutsideShellRoutes() {
  return (
    <Switch>
      <Route path={paths.signIn} component={SignInPage} />
      <Route path={paths.signUp} component={SignUpPage} />
      <Route path={`${paths.signUp}/:invitationToken`}>
        {(params) => <InvitedSignUpPage token={params.invitationToken} />}
      </Route>
      <Route path="/app/invitations/:invitationToken">
        {(params) => <InvitedSignUpPage token={params.invitationToken} />}
      </Route>
      <Route path="/app/auth/invitations/:invitationToken">
        {(params) => <InvitedSignUpPage token={params.invitationToken} />}
      </Route>
      <Route path={paths.passwordReset} component={PasswordResetPage} />
      <Route path={paths.submitNewPassword} component={SubmitNewPasswordPage} />
      <Route path={paths.multiFactor} component={MultiFactorPage} />
      <Route path={paths.tryEmailVerification} component={TryEmailVerificationPage} />
      <Route path={`${paths.emailVerification}/:token`}>
        {(params) => <EmailVerificationPage token={params.token} />}
      </Route>
      <Route path={paths.createCompany} component={CreateCompanyPage} />
      <Route path={paths.debugInfo} component={DebugInfoPage} />
      <Route path={paths.unsubscribe} component={UnsubscribePage} />
      <Route path="/app/share/:shareToken">
        {(params) => <SharePage key={params.shareToken} shareToken={params.shareToken} />}
      </Route>
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
      <Route path={`${paths.console}/*?`} component={GatedConsole} />
      <Route path="/app/*" component={OutsideShellRoutes} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
