import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { invitedSignupForm, isLegacyInvitationToken } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { forgetSession } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { AuthLayout, AuthProgress, linkClasses, SubmitButton } from "./auth-layout";
import { useFinishSignIn } from "./finish-sign-in";
import { GoogleSignInButton } from "./google-sign-in";
import { markVerificationSent } from "./resend-countdown";
import { TermsCheckbox } from "./terms-checkbox";

interface Invitation {
  email: string;
  companyName: string;
}

function InvitedForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const finish = useFinishSignIn();
  const schema = useMemo(() => invitedSignupForm(invitation.email), [invitation.email]);
  const form = useZodForm(schema, {
    displayName: "",
    email: invitation.email,
    password: "",
    acceptTos: false,
  });
  const { values, errors, set, field } = form;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await authApi.signUp({
        displayName: input.displayName,
        email: input.email,
        password: input.password,
        invitationToken: token,
      });
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    markVerificationSent();
    forgetSession(queryClient);
    navigate(paths.tryEmailVerification, { replace: true });
  });

  return (
    <>
      <GoogleSignInButton invitedEmail={invitation.email} onSignedIn={finish} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField label={t("auth.fields.fullName")} autoComplete="name" {...field("displayName")} />
        <TextField
          label={t("auth.fields.email")}
          name="email"
          type="email"
          autoComplete="username"
          readOnly
          hint={t("auth.invited.emailFixed")}
          value={values.email}
          onValueChange={() => {}}
          error={errors.email}
        />
        <PasswordField
          label={t("auth.fields.password")}
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
          {...field("password")}
        />
        <TermsCheckbox
          checked={values.acceptTos}
          onCheckedChange={(v) => set("acceptTos", v)}
          error={errors.acceptTos}
        />
        <SubmitButton
          pending={form.submitting}
          label={t("auth.invited.submit")}
          pendingLabel={t("auth.signUp.submitting")}
        />
      </form>
    </>
  );
}

/**
 * Invited-member sign-up (spec 01 §2): /app/auth/signup/:token, also reached from
 * /app/invitations/:token and /app/auth/invitations/:token. The e-mail is the invited address.
 */
export function InvitedSignUpPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const legacy = isLegacyInvitationToken(token);
  const invitation = trpc.invitations.byToken.useQuery(
    { invitationToken: token },
    { enabled: !legacy, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const data = invitation.data;

  let body: React.ReactNode;
  if (legacy) {
    body = (
      <Alert tone="error" role="alert" title={t("errors.INVITATION_LEGACY")}>
        {t("auth.invited.legacyHint")}
      </Alert>
    );
  } else if (invitation.error) {
    body = (
      <Alert tone="error" role="alert">
        {errorText(invitation.error, t("errors.INVITATION_NOT_FOUND"))}
      </Alert>
    );
  } else if (!data) {
    body = <AuthProgress label={t("auth.invited.loading")} />;
  } else {
    body = <InvitedForm token={token} invitation={data} />;
  }

  return (
    <AuthLayout
      wide
      title={t("auth.invited.title")}
      subtitle={data ? t("auth.invited.subtitle", { company: data.companyName }) : undefined}
      footer={
        <>
          {t("auth.signUp.haveAccount")}{" "}
          <Link href={paths.signIn} className={linkClasses}>
            {t("auth.signUp.signInLink")}
          </Link>
        </>
      }
    >
      {body}
    </AuthLayout>
  );
}
