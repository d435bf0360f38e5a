import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CurrentPasswordForm, TotpInput } from "../../../../shared/schemas";
import { Button, SubmitButton } from "../../components/ui/button";
import { PasswordField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorText, needsRecentSignIn } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";

// The forms of the multi-factor section. Turning MFA on or off needs the current password unless
// the session signed in minutes ago: the console first tries without it and asks only when the
// server says so (RECENT_SIGN_IN_REQUIRED), so a fresh sign-in is never asked twice.

const CodeWithPassword = TotpInput.extend(CurrentPasswordForm.shape);

/** The password prompt before a set-up; `onConfirm` gets the password and may fail with a toast. */
export function ConfirmPasswordForm({
  email,
  onConfirm,
  onCancel,
}: {
  email: string;
  onConfirm: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(CurrentPasswordForm, { currentPassword: "" });
  const onSubmit = form.handleSubmit(async ({ currentPassword }) => {
    try {
      await onConfirm(currentPassword);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-labelledby="mfa-confirm-title">
      <div>
        <h3 id="mfa-confirm-title" className="text-sm font-medium text-slate-900">
          {t("account.mfa.confirmTitle")}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t("account.mfa.confirmHint")}</p>
      </div>
      {/* Lets password managers fill the password of this account. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
      <PasswordField
        label={t("account.mfa.currentPassword")}
        autoComplete="current-password"
        {...form.field("currentPassword")}
      />
      <div className="flex gap-2">
        <SubmitButton submitting={form.submitting}>
          {form.submitting ? t("account.mfa.checking") : t("account.mfa.continue")}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          {t("account.mfa.cancel")}
        </Button>
      </div>
    </form>
  );
}

/**
 * A 6-digit code form; `action` is the REST call that consumes the code. When the server asks for a
 * recent sign-in, a password field appears and the next submit sends both.
 */
export function CodeForm({
  email,
  submitLabel,
  pendingLabel,
  action,
  onDone,
  extra,
}: {
  email: string;
  submitLabel: string;
  pendingLabel: string;
  action: (code: string, currentPassword?: string) => Promise<unknown>;
  onDone: () => Promise<void> | void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [askPassword, setAskPassword] = useState(false);
  const schema = useMemo<z.ZodType<{ totpCode: string; currentPassword?: string }>>(
    () => (askPassword ? CodeWithPassword : TotpInput),
    [askPassword],
  );
  const form = useZodForm(schema, { totpCode: "", currentPassword: "" });
  const onSubmit = form.handleSubmit(async ({ totpCode, currentPassword }) => {
    try {
      await action(totpCode, askPassword ? currentPassword : undefined);
    } catch (error) {
      if (needsRecentSignIn(error) && !askPassword) {
        setAskPassword(true);
        toast.error(t("account.mfa.passwordAgain"));
        return;
      }
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    await onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      {askPassword && (
        <div className="max-w-md">
          <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
          <PasswordField
            label={t("account.mfa.currentPassword")}
            autoComplete="current-password"
            {...form.field("currentPassword")}
          />
        </div>
      )}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t("auth.fields.mfaCode")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          {...form.field("totpCode")}
          className="w-44 [&_input]:font-mono [&_input]:tracking-[0.3em]"
        />
        <div className="flex gap-2 pt-7">
          <SubmitButton submitting={form.submitting}>
            {form.submitting ? pendingLabel : submitLabel}
          </SubmitButton>
          {extra}
        </div>
      </div>
    </form>
  );
}
