import { useTranslation } from "react-i18next";
import { MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY } from "../../../../shared/constants";
import { TeamBasicSettings } from "../../../../shared/schemas";
import { useRefreshTeams } from "../../components/shared/create-team-dialog";
import { SubmitButton } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { SwitchField } from "../../components/ui/switch";
import { useZodForm } from "../../lib/form";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Team = RouterOutputs["teams"]["get"];

const DATE_SWITCHES = [
  "enableInitialEtd",
  "enableRequestedEtd",
  "enableInitialEta",
  "enableRequestedEta",
] as const;

/** Name, days to archive after delivery (at least 1) and the four date switches (spec 02 §2). */
export function TeamSettingsForm({ team, canEdit }: { team: Team; canEdit: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const refreshTeams = useRefreshTeams();
  const update = trpc.teams.updateSettings.useMutation();
  const form = useZodForm(TeamBasicSettings, {
    name: team.name,
    daysToArchiveAfterDelivery: String(team.daysToArchiveAfterDelivery),
    enableInitialEtd: team.enableInitialEtd,
    enableRequestedEtd: team.enableRequestedEtd,
    enableInitialEta: team.enableInitialEta,
    enableRequestedEta: team.enableRequestedEta,
  });
  const { values, set, field } = form;

  const onSubmit = form.handleSubmit(async (input) => {
    const done = await run(
      () => update.mutateAsync({ teamId: team.id, input }),
      () => t("teams.settings.saved"),
    );
    if (done) await Promise.all([utils.teams.get.invalidate({ teamId: team.id }), refreshTeams()]);
  });

  return (
    <SettingsSection id="team-settings" title={t("teams.settings.title")}>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("teams.settings.name")}
            maxLength={100}
            autoComplete="off"
            readOnly={!canEdit}
            {...field("name")}
          />
          <TextField
            label={t("teams.settings.daysToArchive")}
            type="number"
            inputMode="numeric"
            min={MIN_DAYS_TO_ARCHIVE_AFTER_DELIVERY}
            step={1}
            readOnly={!canEdit}
            trailing={<span className="pr-3 text-sm text-slate-500">{t("teams.settings.daysUnit")}</span>}
            hint={t("teams.settings.daysToArchiveHint")}
            {...field("daysToArchiveAfterDelivery")}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("teams.settings.datesTitle")}</legend>
          <p className="mt-0.5 text-sm text-slate-600">{t("teams.settings.datesDescription")}</p>
          <div className="mt-2 grid divide-y divide-slate-100 sm:grid-cols-2 sm:gap-x-8 sm:divide-y-0">
            {DATE_SWITCHES.map((key) => (
              <SwitchField
                key={key}
                label={t(`teams.settings.${key}`)}
                description={t(`teams.settings.${key}Hint`)}
                checked={values[key]}
                onCheckedChange={(on) => set(key, on)}
                disabled={!canEdit}
              />
            ))}
          </div>
        </fieldset>
        {canEdit ? (
          <div>
            <SubmitButton submitting={form.submitting}>{t("common.save")}</SubmitButton>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
