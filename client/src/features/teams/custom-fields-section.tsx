import { useTranslation } from "react-i18next";
import { CustomFieldSettings } from "../../../../shared/schemas";
import { PremiumBadge } from "../../components/shared/premium";
import { SubmitButton } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { SwitchField } from "../../components/ui/switch";
import { useZodForm } from "../../lib/form";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Team = RouterOutputs["teams"]["get"];

const FIELDS = [1, 2, 3] as const;

interface Props {
  team: Team;
  canEdit: boolean;
  /** The plan has custom fields (PREMIUM, ENTERPRISE; spec 02 §5). */
  planAllows: boolean;
  isAdmin: boolean;
}

/** Custom Field Settings: three fields, each a name and an enabled switch. */
export function CustomFieldsSection({ team, canEdit, planAllows, isAdmin }: Props) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const update = trpc.teams.updateCustomFields.useMutation();
  const form = useZodForm(CustomFieldSettings, {
    customField1Name: team.customField1Name ?? "",
    customField2Name: team.customField2Name ?? "",
    customField3Name: team.customField3Name ?? "",
    customField1Enabled: team.customField1Enabled,
    customField2Enabled: team.customField2Enabled,
    customField3Enabled: team.customField3Enabled,
  });
  const editable = canEdit && planAllows;

  const onSubmit = form.handleSubmit(async (input) => {
    const done = await run(
      () => update.mutateAsync({ teamId: team.id, input }),
      () => t("teams.customFields.saved"),
    );
    if (done) await utils.teams.get.invalidate({ teamId: team.id });
  });

  return (
    <SettingsSection
      id="custom-fields"
      title={t("teams.customFields.title")}
      description={t("teams.customFields.description")}
      aside={
        planAllows ? null : <PremiumBadge canUpgrade={isAdmin} feature={t("teams.customFields.feature")} />
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={!editable} className="divide-y divide-slate-100 disabled:opacity-70">
          <legend className="sr-only">{t("teams.customFields.caption", { team: team.name })}</legend>
          {FIELDS.map((n) => {
            const nameKey = `customField${n}Name` as const;
            const enabledKey = `customField${n}Enabled` as const;
            return (
              <div
                key={n}
                className="grid items-start gap-x-8 py-2 sm:grid-cols-[minmax(0,28rem)_max-content]"
              >
                <TextField
                  label={t("teams.customFields.fieldN", { n })}
                  name={nameKey}
                  maxLength={50}
                  autoComplete="off"
                  placeholder={t("teams.customFields.namePlaceholder")}
                  value={form.values[nameKey]}
                  onValueChange={(v) => form.set(nameKey, v)}
                  error={form.errors[nameKey]}
                />
                <div className="sm:pt-4">
                  <SwitchField
                    label={t("teams.customFields.enabled")}
                    accessibleLabel={t("teams.customFields.enabledLabel", { n })}
                    checked={form.values[enabledKey]}
                    onCheckedChange={(on) => form.set(enabledKey, on)}
                    disabled={!editable}
                  />
                </div>
              </div>
            );
          })}
        </fieldset>
        {editable ? (
          <div className="mt-4">
            <SubmitButton submitting={form.submitting}>{t("common.save")}</SubmitButton>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
