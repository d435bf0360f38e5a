import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { ResetPasswordForm, SendPasswordResetEmailInput } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { AuthLayout, linkClasses, SubmitButton } from "./auth-layout";

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Link href={paths.signIn} className={linkClasses}>
      {t("auth.reset.backToSignIn")}
    </Link>
  );
}

/** Step 1: ask for the e-mail and send the link. */
function RequestResetForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(SendPasswordResetEmailInput, { email: "" });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await authApi.sendPasswordResetEmail(email);
      setSentTo(email);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title={t("auth.reset.sentTitle")} footer={<BackToSignIn />}>
        <Alert tone="success" role="status">
          {t("auth.reset.sentBody", { email: sentTo })}
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")} footer={<BackToSignIn />}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="username"
          {...form.field("email")}
        />
        <SubmitButton
          pending={form.submitting}
          label={t("auth.reset.submit")}
          pendingLabel={t("auth.reset.submitting")}
        />
      </form>
    </AuthLayout>
  );
}

/** Step 2, from the e-mailed link: the new password twice ('Passwords do not match'). */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const form = useZodForm(ResetPasswordForm, { newPassword: "", confirmPassword: "" });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await authApi.resetPassword(token, newPassword);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    toast.success(t("auth.reset.done"));
    // Every session ended with the reset, this one included: a full load starts clean.
    navigate(paths.signIn, { replace: true });
  });

  return (
    <AuthLayout
      title={t("auth.reset.newTitle")}
      subtitle={t("auth.reset.newSubtitle")}
      footer={<BackToSignIn />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <PasswordField
          label={t("auth.fields.newPassword")}
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
          {...form.field("newPassword")}
        />
        <PasswordField
          label={t("auth.fields.retypePassword")}
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <SubmitButton
          pending={form.submitting}
          label={t("auth.reset.newSubmit")}
          pendingLabel={t("auth.reset.newSubmitting")}
        />
      </form>
    </AuthLayout>
  );
}

/** /app/auth/password-reset (spec 01 §2): the request form, or with ?token= the new password. */
export function PasswordResetPage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim();
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

/** /app/auth/submit-new-password: the new-password step; without a token it points back to step 1. */
export function SubmitNewPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get("token")?.trim();
  if (token) return <NewPasswordForm token={token} />;
  return (
    <AuthLayout title={t("auth.reset.newTitle")} footer={<BackToSignIn />}>
      <Alert
        tone="error"
        role="alert"
        actions={
          <Link href={paths.passwordReset} className={linkClasses}>
            {t("auth.reset.requestNew")}
          </Link>
        }
      >
        {t("auth.reset.missingToken")}
      </Alert>
    </AuthLayout>
  );
}
