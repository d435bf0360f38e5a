import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText, type Me } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { pendingCompanyOf } from "../../lib/pending-company";
import { rememberReturnTarget, takeReturnTarget } from "../../lib/redirect-target";
import { useMeQuery, useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { useSignOut } from "../../lib/use-sign-out";
import { AuthLayout, linkClasses, SubmitButton } from "./auth-layout";
import { pendingStep, useFinishSignIn } from "./finish-sign-in";
import { FirebaseSignIn } from "./firebase-sign-in";
import { GoogleSignInButton } from "./google-sign-in";
import { PendingInvitations } from "./pending-invitations";

// The first page most people see: it paints without zod, which arrives as the form is filled in.
const signinSchema = () => import("../../../../shared/schemas/auth").then((m) => m.SigninInput);

/** Spec 01 §2: a signed-in user without a company is told to sign up or get an invitation. */
function NoCompanyWarning({ email }: { email: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Alert
      tone="warning"
      role="status"
      title={t("auth.signIn.noCompanyTitle")}
      className="mb-6"
      actions={
        <>
          <Link href={paths.createCompany} className={linkClasses}>
            {t("auth.signIn.noCompanyCreate")}
          </Link>
          <span aria-hidden="true" className="text-amber-400">
            ·
          </span>
          <Button variant="ghost" size="sm" className="-my-1 h-auto px-1 py-0" onClick={() => void signOut()}>
            {t("auth.signIn.signOut")}
          </Button>
        </>
      }
    >
      {t("auth.signIn.noCompanyBody", { email })}
    </Alert>
  );
}

function fullySignedIn(me: Me | null | undefined): me is Me {
  return !!me && pendingStep(me) === null;
}

/** What a visitor who is already signed in should see here, decided from the session and the viewer. */
function useSignedInState() {
  const me = useMeQuery();
  const viewer = useViewerQuery({ enabled: fullySignedIn(me.data) });
  const company = viewer.data?.company;
  const email = viewer.data?.account.email;
  const pending = pendingCompanyOf(viewer.data);
  const withoutCompany = fullySignedIn(me.data) && !!viewer.data && !company && !pending;
  // A guest of other companies' teams has no company of their own and belongs in the console.
  const switcher = trpc.teams.switcher.useQuery(undefined, { enabled: withoutCompany, retry: 1 });
  if (!fullySignedIn(me.data) || !viewer.data) return { kind: "form" as const };
  if (company) return { kind: "hasCompany" as const };
  if (pending) return { kind: "pendingCompany" as const };
  if (switcher.isPending) return { kind: "form" as const };
  if ((switcher.data?.guestCompanies.length ?? 0) > 0) return { kind: "hasCompany" as const };
  return { kind: "noCompany" as const, email: email ?? "" };
}

export function SignInPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const search = useSearch();
  const finish = useFinishSignIn();
  const state = useSignedInState();
  const form = useZodForm(signinSchema, { email: "", password: "" });

  useEffect(() => {
    // A link may name where to continue; it is checked for the same origin when it is used.
    const redirectTo = new URLSearchParams(search).get("redirectTo");
    if (redirectTo) rememberReturnTarget(redirectTo);
  }, [search]);

  useEffect(() => {
    if (state.kind === "hasCompany") navigate(takeReturnTarget(), { replace: true });
    if (state.kind === "pendingCompany") navigate(paths.createCompany, { replace: true });
  }, [state.kind, navigate]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      finish((await authApi.signIn(input)) as Me);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });

  return (
    <AuthLayout
      title={t("auth.signIn.title")}
      subtitle={t("auth.signIn.subtitle")}
      footer={
        <>
          {t("auth.signIn.noAccount")}{" "}
          <Link href={paths.signUp} className={linkClasses}>
            {t("auth.signIn.signUpLink")}
          </Link>
        </>
      }
    >
      {state.kind === "noCompany" ? <PendingInvitations /> : null}
      {state.kind === "noCompany" ? <NoCompanyWarning email={state.email} /> : null}
      <GoogleSignInButton onSignedIn={finish} />
      <FirebaseSignIn onSignedIn={finish} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="username"
          {...form.field("email")}
        />
        <div>
          <PasswordField
            label={t("auth.fields.password")}
            autoComplete="current-password"
            {...form.field("password")}
          />
          <p className="mt-2 text-right text-sm">
            <Link href={paths.passwordReset} className={linkClasses}>
              {t("auth.signIn.forgotPassword")}
            </Link>
          </p>
        </div>
        <SubmitButton
          pending={form.submitting}
          label={t("auth.signIn.submit")}
          pendingLabel={t("auth.signIn.submitting")}
        />
      </form>
    </AuthLayout>
  );
}
