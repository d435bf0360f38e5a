import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LANGUAGES, type Language } from "../../../../shared/enums";
import { enumField, requiredString } from "../../../../shared/schemas";
import { SubmitButton } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { useToast } from "../../components/ui/toast";
import { errorText } from "../../lib/auth-api";
import { useZodForm } from "../../lib/form";
import { changeLanguage, i18n } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";

/** The account form: both fields required (account.update itself takes either alone). */
const ProfileForm = z.object({ nickname: requiredString({ max: 100 }), language: enumField(LANGUAGES) });

export function ProfileSection({
  email,
  nickname,
  language,
}: {
  email: string;
  nickname: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.account.update.useMutation();
  const form = useZodForm(ProfileForm, { nickname, language: language as string });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
    } catch (error) {
      toast.error(errorText(error, t("errors.SERVER_ISSUE")));
      return;
    }
    // Saved to the account (e-mails) and to this browser (the console), then confirmed in it.
    await changeLanguage(input.language);
    await utils.account.viewer.invalidate();
    // This render's `t` still speaks the old language; the instance already speaks the new one.
    toast.success(i18n.t("account.profile.saved"));
  });

  return (
    <SettingsSection id="profile" title={t("account.profile.title")}>
      <form noValidate onSubmit={onSubmit} className="grid max-w-lg gap-5">
        <TextField
          label={t("account.profile.email")}
          value={email}
          onValueChange={() => {}}
          readOnly
          type="email"
        />
        <TextField
          label={t("account.profile.nickname")}
          autoComplete="nickname"
          {...form.field("nickname")}
        />
        <SelectField
          label={t("account.profile.language")}
          hint={t("account.profile.languageHint")}
          {...form.field("language")}
          options={LANGUAGES.map((lang) => ({ value: lang, label: t(`common.language.${lang}`), lang }))}
        />
        <div>
          <SubmitButton submitting={form.submitting}>{t("common.save")}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
