import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { msg } from "../../../../shared/schemas";
import { useRefreshTeams } from "../../components/shared/create-team-dialog";
import { Button, SubmitButton } from "../../components/ui/button";
import { CheckboxListField } from "../../components/ui/checkbox-list";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { failureText } from "../../lib/error-text";
import { useZodForm } from "../../lib/form";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type Team = RouterOutputs["teams"]["get"];

const AddMembersForm = z.object({
  userIds: z.array(z.string()).min(1, { error: msg("validation.selectionRequired") }),
});

/** Lists above this size get a filter box, as long member lists are hard to scan. */
const FILTER_OVER = 8;

/** Add Members (spec 02 §2): a multi-select of company members who are not in the team yet. */
export function AddMembersDialog({
  open,
  onOpenChange,
  team,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  team: Team;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("teams.addMembers.title")}
      description={t("teams.addMembers.description", { team: team.name })}
      closeLabel={t("common.close")}
      size="lg"
    >
      <AddMembersPicker team={team} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddMembersPicker({ team, onDone }: { team: Team; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const refreshTeams = useRefreshTeams();
  const candidates = trpc.teams.addableMembers.useQuery({ teamId: team.id });
  const addUser = trpc.teams.addUser.useMutation();
  const form = useZodForm(AddMembersForm, { userIds: [] as string[] });
  const [query, setQuery] = useState("");
  const all = candidates.data ?? [];
  const needle = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      needle === ""
        ? all
        : all.filter(
            (m) => m.nickname.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle),
          ),
    [all, needle],
  );
  const count = form.values.userIds.length;

  const onSubmit = form.handleSubmit(async ({ userIds }) => {
    // One call per person: a refusal for one (someone just left the company) keeps the others.
    const results = await Promise.allSettled(
      userIds.map((userId) => addUser.mutateAsync({ userId, teamId: team.id })),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    const added = results.length - results.filter((r) => r.status === "rejected").length;
    await Promise.all([
      utils.teams.get.invalidate({ teamId: team.id }),
      utils.teams.addableMembers.invalidate({ teamId: team.id }),
      refreshTeams(),
    ]);
    if (added > 0) toast.success(t("teams.addMembers.added", { count: added }));
    if (failed) {
      toast.error(t("teams.addMembers.partlyFailed", { message: failureText(failed.reason, t) }));
      return;
    }
    onDone();
  });

  if (candidates.isError) {
    return <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void candidates.refetch()} />;
  }
  if (!candidates.data) return <LoadingState />;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
      {all.length > FILTER_OVER ? (
        <TextField
          label={t("teams.addMembers.filter")}
          type="search"
          value={query}
          onValueChange={setQuery}
          autoComplete="off"
        />
      ) : null}
      <CheckboxListField
        legend={t("teams.addMembers.legend")}
        options={shown.map((m) => ({ value: m.id, label: m.nickname, detail: m.email }))}
        value={form.values.userIds}
        onValueChange={(v) => form.set("userIds", v)}
        error={form.errors.userIds}
        emptyText={all.length === 0 ? t("teams.addMembers.empty") : t("teams.addMembers.noMatch", { query })}
      />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <SubmitButton submitting={form.submitting} disabled={all.length === 0}>
          {count === 0 ? t("teams.addMembers.submitNone") : t("teams.addMembers.submit", { count })}
        </SubmitButton>
      </div>
    </form>
  );
}
