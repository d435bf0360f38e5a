import { Redirect, Route, Switch } from "wouter";
import { lazyPage, PageSuspense, withConsoleMessages } from "./lazy-page";
import { paths } from "./paths";

// The sign-in screens and the not-found page need only the messages loaded at start; every other
// page waits for the console's messages with its code.
// The not-found page draws the brand from the shell's sidebar: loaded only when a page is missing.
const NotFoundPage = lazyPage(() => import("./not-found"), "NotFoundPage");
const loadConsole = () => import("./console-routes");
const loadSignInPage = () => import("../features/auth/signin-page");
const loadSignUpPage = () => import("../features/auth/signup-page");
const GatedConsole = lazyPage(withConsoleMessages(loadConsole), "GatedConsole");
const SignInPage = lazyPage(loadSignInPage, "SignInPage");
const SignUpPage = lazyPage(loadSignUpPage, "SignUpPage");
const InvitedSignUpPage = lazyPage(() => import("../features/auth/invited-signup-page"), "InvitedSignUpPage");
const PasswordResetPage = lazyPage(() => import("../features/auth/password-reset-page"), "PasswordResetPage");
const SubmitNewPasswordPage = lazyPage(
  () => import("../features/auth/password-reset-page"),
  "SubmitNewPasswordPage",
);
const MultiFactorPage = lazyPage(() => import("../features/auth/mfa-page"), "MultiFactorPage");
const TryEmailVerificationPage = lazyPage(
  () => import("../features/auth/try-email-verification-page"),
  "TryEmailVerificationPage",
);
const EmailVerificationPage = lazyPage(
  () => import("../features/auth/email-verification-page"),
  "EmailVerificationPage",
);
const CreateCompanyPage = lazyPage(() => import("../features/auth/create-company-page"), "CreateCompanyPage");
const UnsubscribePage = lazyPage(
  withConsoleMessages(() => import("../features/notifications/unsubscribe-page")),
  "UnsubscribePage",
);
const SharePage = lazyPage(
  withConsoleMessages(() => import("../features/share/share-page")),
  "SharePage",
);
// A development and support tool: a build for production leaves it out altogether (the constant
// is replaced at build time, so the page's chunk is never emitted); see scripts/build-client.mjs.
const DebugInfoPage =
  import.meta.env.VITE_DEBUG_PAGE === "false"
    ? null
    : lazyPage(
        withConsoleMessages(() => import("../features/debug/debug-page")),
        "DebugInfoPage",
      );

/**
 * Starts downloading the code of the page most visits open first (sign-in, sign-up, the console) at
 * start, beside the messages, instead of once the first render asks for it: on a slow network the
 * two downloads would otherwise follow one another. Resolves when a sign-in screen's page is in
 * (main.tsx renders then, so the page paints at once, without the loading state first); the
 * console, whose gate shows its own progress, is not waited for. A failure surfaces when the page
 * renders.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, "");
  const page = path === paths.signIn ? SignInPage : path === paths.signUp ? SignUpPage : undefined;
  if (path === paths.console || path.startsWith(`${paths.console}/`)) GatedConsole.preload().catch(() => {});
  return page ? page.preload().catch(() => {}) : Promise.resolve();
}

/** The sign-in screens of spec 01 §2 and the other pages under /app without the shell. */
function OutsideShellRoutes() {
  return (
    <PageSuspense fullPage>
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
        {DebugInfoPage ? <Route path={paths.debugInfo} component={DebugInfoPage} /> : null}
        <Route path={paths.unsubscribe} component={UnsubscribePage} />
        <Route path="/app/share/:shareToken">
          {(params) => <SharePage key={params.shareToken} shareToken={params.shareToken} />}
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </PageSuspense>
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
        <PageSuspense fullPage>
          <GatedConsole />
        </PageSuspense>
      </Route>
      <Route path="/app/*" component={OutsideShellRoutes} />
      <Route>
        <PageSuspense fullPage>
          <NotFoundPage />
        </PageSuspense>
      </Route>
    </Switch>
  );
}
