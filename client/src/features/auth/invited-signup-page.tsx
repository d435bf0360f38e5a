import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { invitedSignupForm, isLegacyInvitationToken } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText, type Me } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { RequestError } from "../../lib/request";
import { forgetSession, useMeQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { AcceptInvitationPanel, type InvitationView, returnToInvitation } from "./accept-invitation";
import { AuthLayout, AuthProgress, linkClasses, SubmitButton } from "./auth-layout";
import { pendingStep, useFinishSignIn } from "./finish-sign-in";
import { FirebaseSignIn } from "./firebase-sign-in";
import { GoogleSignInButton } from "./google-sign-in";
import { markVerificationSent } from "./resend-countdown";
import { TermsCheckbox } from "./terms-checkbox";

/** The address already has an account: sign in to it (and come back here) to accept. */
function SignInToAccept({ token, message }: { token: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      tone="info"
      role="status"
      className="mb-6"
      actions={
        <Link href={paths.signIn} className={linkClasses} onClick={() => returnToInvitation(token)}>
          {t("auth.invited.signInToAccept")}
        </Link>
      }
    >
      {message}
    </Alert>
  );
}

function InvitedForm({ token, invitation }: { token: string; invitation: InvitationView }) {
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
  const [existing, setExisting] = useState<string | null>(null);
  // Signed in with another method from here: back to this page, which then offers to accept.
  const signedIn = (me: Me) => {
    returnToInvitation(token);
    finish(me);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await authApi.signUp({
        displayName: input.displayName,
        email: input.email,
        password: input.password,
        invitationToken: token,
      });
    } catch (error) {
      if (error instanceof RequestError && error.code === "INVITATION_SIGN_IN_TO_ACCEPT") {
        setExisting(error.message);
        return;
      }
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    markVerificationSent();
    forgetSession(queryClient);
    navigate(paths.tryEmailVerification, { replace: true });
  });

  return (
    <>
      {existing ? <SignInToAccept token={token} message={existing} /> : null}
      <GoogleSignInButton invitedEmail={invitation.email} onSignedIn={signedIn} />
      <FirebaseSignIn onSignedIn={signedIn} />
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
  const me = useMeQuery();
  const signedInEmail = me.data && pendingStep(me.data) === null ? me.data.account.email : null;

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
  } else if (!data || me.isPending) {
    body = <AuthProgress label={t("auth.invited.loading")} />;
  } else if (signedInEmail) {
    body = <AcceptInvitationPanel token={token} invitation={data} email={signedInEmail} />;
  } else {
    body = <InvitedForm token={token} invitation={data} />;
  }

  return (
    <AuthLayout
      wide
      title={t("auth.invited.title")}
      subtitle={
        data && !signedInEmail ? t("auth.invited.subtitle", { company: data.companyName }) : undefined
      }
      footer={
        signedInEmail ? undefined : (
          <>
            {t("auth.signUp.haveAccount")}{" "}
            <Link href={paths.signIn} className={linkClasses} onClick={() => returnToInvitation(token)}>
              {t("auth.signUp.signInLink")}
            </Link>
          </>
        )
      }
    >
      {body}
    </AuthLayout>
  );
}
