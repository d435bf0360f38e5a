import { useTranslation } from "react-i18next";
import { ChangePasswordForm } from "../../../../shared/schemas";
import { SubmitButton } from "../../components/ui/button";
import { PasswordField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { useToast } from "../../components/ui/toast";
import { authApi, errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Spec 02: current, new and confirmation; the server message is toasted on failure. */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(ChangePasswordForm, EMPTY);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await authApi.changePassword(currentPassword, newPassword);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    form.reset(EMPTY);
    toast.success(t("account.password.changed"));
  });

  return (
    <SettingsSection id="password" title={t("account.password.title")}>
      <form noValidate onSubmit={onSubmit} className="grid max-w-lg gap-5">
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
        <PasswordField
          label={t("account.password.current")}
          autoComplete="current-password"
          {...form.field("currentPassword")}
        />
        <PasswordField
          label={t("account.password.new")}
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
          {...form.field("newPassword")}
        />
        <PasswordField
          label={t("account.password.confirm")}
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <div>
          <SubmitButton submitting={form.submitting}>
            {form.submitting ? t("account.password.submitting") : t("account.password.submit")}
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
