import { useTranslation } from "react-i18next";
import { CreateTeamInput, DEFAULT_TEAM_NAME } from "../../../../shared/schemas";
import { failureText } from "../../lib/error-text";
import { useZodForm } from "../../lib/form";
import { trpc } from "../../lib/trpc";
import { Button, SubmitButton } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/field";
import { useToast } from "../ui/toast";

export interface CreatedTeam {
  id: string;
  name: string;
}

/** Refreshes everything that lists teams after one is created, joined, left or archived. */
export function useRefreshTeams() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.teams.list.invalidate(),
      utils.teams.switcher.invalidate(),
      utils.teams.archived.invalidate(),
      utils.account.viewer.invalidate(),
      utils.members.list.invalidate(),
    ]);
}

/** The team name form (default 'My Team', spec 02 §5); the Admin who creates a team joins it. */
export function CreateTeamForm({
  onCreated,
  onCancel,
}: {
  onCreated: (team: CreatedTeam) => void | Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshTeams();
  const create = trpc.teams.create.useMutation();
  const form = useZodForm(CreateTeamInput, { name: DEFAULT_TEAM_NAME });

  const onSubmit = form.handleSubmit(async (input) => {
    let team: CreatedTeam;
    try {
      team = await create.mutateAsync(input);
    } catch (error) {
      toast.error(failureText(error, t));
      return;
    }
    toast.success(t("teams.createDialog.created", { name: team.name }));
    await refresh();
    form.reset();
    await onCreated(team);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
      <TextField
        label={t("teams.createDialog.nameLabel")}
        maxLength={100}
        autoComplete="off"
        {...form.field("name")}
      />
      <div className="flex justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t("teams.createDialog.cancel")}
          </Button>
        ) : null}
        <SubmitButton submitting={form.submitting}>{t("teams.createDialog.submit")}</SubmitButton>
      </div>
    </form>
  );
}

/** Create a New Team, as a dialog (onboarding, Company and members). */
export function CreateTeamDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (team: CreatedTeam) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("teams.createDialog.title")}
      closeLabel={t("common.close")}
    >
      <CreateTeamForm
        onCancel={() => onOpenChange(false)}
        onCreated={async (team) => {
          onOpenChange(false);
          await onCreated?.(team);
        }}
      />
    </Dialog>
  );
}
