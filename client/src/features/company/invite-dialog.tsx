import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { INVITATION_VALID_DAYS } from "../../../../shared/constants";
import { ROLE_IDS, ROLES } from "../../../../shared/enums";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { CheckboxListField } from "../../components/ui/checkbox-list";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { SelectField, TextAreaField } from "../../components/ui/field";
import { useZodForm } from "../../lib/form";
import { trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";
import { INVITE_MAX_EMAILS, inviteFormSchema, roleNeedsTeam } from "./invite-form";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyName: string;
  invitationDomains: readonly string[];
}

/** Invite dialog (spec 02 §2, §5): addresses, a role, and teams (required for Operator and Readonly). */
export function InviteDialog({ open, onOpenChange, companyName, invitationDomains }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("company.invite.title")}
      description={t("company.invite.description", { company: companyName })}
      closeLabel={t("common.close")}
      size="lg"
    >
      <InviteForm invitationDomains={invitationDomains} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function InviteForm({
  invitationDomains,
  onDone,
}: {
  invitationDomains: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const teams = trpc.teams.list.useQuery();
  const invite = trpc.invitations.invite.useMutation();
  const schema = useMemo(() => inviteFormSchema(invitationDomains), [invitationDomains]);
  const form = useZodForm(schema, { emails: "", roleId: "", teamIds: [] as string[] });
  const { values, errors, set, field } = form;
  const needsTeam = roleNeedsTeam(values.roleId);

  const onSubmit = form.handleSubmit(async (input) => {
    const sent = await run(
      () => invite.mutateAsync(input),
      (created) => t("company.invite.sent", { count: created.length }),
    );
    if (!sent) return;
    await Promise.all([utils.invitations.list.invalidate(), utils.members.list.invalidate()]);
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
      <Alert tone="info">
        <p className="font-medium">
          {t("company.invite.domains", { domains: invitationDomains.join(", ") })}
        </p>
        <p className="mt-0.5">{t("company.invite.domainsEditHint")}</p>
      </Alert>
      <TextAreaField
        label={t("company.invite.emails")}
        rows={4}
        autoComplete="off"
        spellCheck={false}
        placeholder={t("company.invite.emailsPlaceholder")}
        hint={t("company.invite.emailsHint", { max: INVITE_MAX_EMAILS })}
        {...field("emails")}
      />
      <SelectField
        label={t("company.invite.role")}
        {...field("roleId")}
        hint={
          <Link href={paths.roles} className="font-medium text-blue-700 underline-offset-2 hover:underline">
            {t("company.invite.roleHint")}
          </Link>
        }
        options={[
          { value: "", label: t("company.invite.rolePlaceholder") },
          ...ROLES.map((role) => ({ value: ROLE_IDS[role], label: t(`roles.names.${role}`) })),
        ]}
      />
      <CheckboxListField
        legend={t("company.invite.teams")}
        options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
        value={values.teamIds}
        onValueChange={(v) => set("teamIds", v)}
        error={errors.teamIds}
        emptyText={teams.isPending ? t("common.loading") : t("company.invite.noTeams")}
        hint={needsTeam ? t("company.invite.teamsRequiredHint") : t("company.invite.teamsOptionalHint")}
      />
      <p className="text-xs text-slate-500">
        {t("company.invite.validity", { days: INVITATION_VALID_DAYS })}
      </p>
      <DialogActions onCancel={onDone} submitLabel={t("company.invite.submit")} pending={form.submitting} />
    </form>
  );
}
