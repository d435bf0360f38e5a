import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { TotpInput } from "../../../../shared/schemas";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText, fetchMe } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { useMeQuery } from "../../lib/session";
import { useSignOut } from "../../lib/use-sign-out";
import { AuthLayout, AuthProgress, SubmitButton } from "./auth-layout";
import { pendingStep, useFinishSignIn } from "./finish-sign-in";

/** /app/auth/multi-factor-authentication: the 6-digit code for this session (spec 01 §2). */
export function MultiFactorPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const finish = useFinishSignIn();
  const signOut = useSignOut();
  const me = useMeQuery();
  const form = useZodForm(TotpInput, { totpCode: "" });
  const needsCode = me.data ? pendingStep(me.data) === paths.multiFactor : false;

  useEffect(() => {
    if (me.data === null) navigate(paths.signIn, { replace: true });
    else if (me.data && !needsCode) finish(me.data);
  }, [me.data, needsCode, navigate, finish]);

  const onSubmit = form.handleSubmit(async ({ totpCode }) => {
    try {
      await authApi.verifyMultiFactor(totpCode);
      const after = await fetchMe();
      if (after) finish(after);
      else navigate(paths.signIn, { replace: true });
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });

  return (
    <AuthLayout
      title={t("auth.mfa.title")}
      subtitle={t("auth.mfa.subtitle")}
      footer={
        <Button variant="ghost" size="sm" onClick={() => void signOut()}>
          {t("auth.mfa.useAnotherAccount")}
        </Button>
      }
    >
      {me.error ? (
        <Alert
          tone="error"
          role="alert"
          actions={
            <Button variant="secondary" size="sm" onClick={() => void me.refetch()}>
              {t("gates.retry")}
            </Button>
          }
        >
          {errorText(me.error, t("errors.SERVER_ISSUE"))}
        </Alert>
      ) : needsCode ? (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label={t("auth.fields.mfaCode")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            {...form.field("totpCode")}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
          />
          <SubmitButton
            pending={form.submitting}
            label={t("auth.mfa.submit")}
            pendingLabel={t("auth.mfa.submitting")}
          />
        </form>
      ) : (
        <AuthProgress label={t("common.loading")} />
      )}
    </AuthLayout>
  );
}
